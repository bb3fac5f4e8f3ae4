#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The processes of the machine as `/proc` shows them at one moment: who is whose parent, in which process group,
/// and whether it is still running or a zombie waiting to be reaped.
///
/// What the harness needs to find what its children started after they left their process group (a group signal
/// no longer reaches those): the tree below a process, by parent ids. A process that exits between the listing and
/// the reading of its `stat` is simply not in the table.
struct ProcessTable {
    struct Entry: Sendable, Hashable {
        var pid: Int32
        var parent: Int32
        var group: Int32
        /// `R`, `S`, `D`, `Z` (zombie), …
        var state: UInt8

        /// Exited, waiting for its parent to reap it: nothing left to kill.
        var isZombie: Bool { state == UInt8(ascii: "Z") || state == UInt8(ascii: "X") }
    }

    private(set) var entries: [Int32: Entry] = [:]

    /// Reads every `/proc/PID/stat`; an empty table where `/proc` cannot be read.
    static func read() -> ProcessTable {
        var table = ProcessTable()
        guard let directory = opendir("/proc") else { return table }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), let entry = entry(of: pid) else { continue }
            table.entries[pid] = entry
        }
        return table
    }

    /// One process's `stat`: `pid (comm) state ppid pgrp …`, where comm may hold spaces and parentheses (so the
    /// fields are read after its last `)`).
    static func entry(of pid: Int32) -> Entry? {
        guard let bytes = contents(of: "/proc/\(pid)/stat", limit: 4096),
              let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 4)
        guard fields.count >= 3, let state = fields[0].first,
              let parent = Int32(String(decoding: fields[1], as: UTF8.self)),
              let group = Int32(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        return Entry(pid: pid, parent: parent, group: group, state: state)
    }

    /// Whether the environment `pid` was started with holds `variable` (`NAME=value`, exactly). False for a zombie
    /// (its memory is gone) and for a process whose environment cannot be read.
    static func environment(of pid: Int32, contains variable: String) -> Bool {
        guard let bytes = contents(of: "/proc/\(pid)/environ", limit: 1 << 20) else { return false }
        let wanted = Array(variable.utf8)
        return bytes.split(separator: 0, omittingEmptySubsequences: true).contains { $0.elementsEqual(wanted) }
    }

    /// The children of `pid`.
    func children(of pid: Int32) -> [Entry] {
        entries.values.filter { $0.parent == pid }
    }

    /// Every process below `roots` (children, their children, …), the roots not included.
    func descendants(of roots: [Int32]) -> [Entry] {
        var byParent: [Int32: [Entry]] = [:]
        for entry in entries.values { byParent[entry.parent, default: []].append(entry) }
        var found: [Entry] = []
        var seen = Set(roots)
        var pending = roots
        while let next = pending.popLast() {
            for child in byParent[next] ?? [] where seen.insert(child.pid).inserted {
                found.append(child)
                pending.append(child.pid)
            }
        }
        return found
    }

    /// A small `/proc` file, read whole (at most `limit` bytes).
    private static func contents(of path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
