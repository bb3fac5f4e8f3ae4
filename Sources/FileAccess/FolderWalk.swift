#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files under a folder, symlinks followed: a suite path may be a link to a folder, or hold linked subfolders.
///
/// Foundation's enumerator does not follow links, so a linked folder looked empty. Here every link is followed, to a
/// folder or to a file, with a loop guard: each real folder (device and inode) is read once, so a link to an ancestor
/// or to itself ends the descent instead of looping, and two links to one folder give its files once (through the
/// first link in name order). Names starting with `.` are skipped (`.git`, editor backups); a folder that cannot be
/// read is skipped too, as is a broken link.
public enum FolderWalk {
    /// The regular files under `folder` whose name satisfies `include`, as paths that start with `folder`, sorted by
    /// their bytes.
    public static func files(under folder: String, where include: (String) -> Bool) -> [String] {
        walk(folder, where: include).files
    }

    /// One walk of `folder`: the files ``files(under:where:)`` gives, and every real folder it enters (itself, its
    /// subfolders, the folders its links lead to), in which a file written is under `folder` for the loader, whatever
    /// path the writer used.
    public static func walk(_ folder: String, where include: (String) -> Bool) -> (files: [String], folders: Set<FileIdentity>) {
        let result = walkReportingNames(folder, where: include)
        return (result.files, result.folders)
    }

    /// ``walk(_:where:)``, and the entries it cannot name: a file or folder whose name is not UTF-8 (a Latin-1
    /// `café.xml`), shown with its bytes escaped (`caf\xE9.xml`). A Swift path cannot hold such a name (it would be
    /// read with U+FFFD in place of the byte, a path that names nothing or another file), so the caller says so
    /// instead of skipping it unseen. A name that `include` might accept is listed: its raw bytes are checked.
    public static func walkReportingNames(
        _ folder: String, where include: (String) -> Bool
    ) -> (files: [String], folders: Set<FileIdentity>, unnamable: [String]) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var unnamable: [String] = []
        var found: [String] = []
        var visited: Set<FileIdentity> = []
        var pending: [String] = [base.isEmpty ? "/" : base]
        while let current = pending.popLast() {
            guard let id = FileIdentity(current), id.isFolder, visited.insert(id).inserted else { continue }
            var subfolders: [String] = []
            let (names, unreadable) = entries(of: current)
            for shown in unreadable where !shown.hasPrefix(".") && include(shown) {
                unnamable.append((current == "/" ? "" : current) + "/" + shown)
            }
            for name in names where !name.hasPrefix(".") {
                let path = (current == "/" ? "" : current) + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }  // a broken link
                switch status.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(path)
                case S_IFREG where include(name): found.append(path)
                default: break
                }
            }
            // Depth first, in name order: which link to a folder reached twice counts does not depend on the disk.
            pending += subfolders.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.reversed()
        }
        return (found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, visited, unnamable.sorted())
    }

    /// The names in `folder` (without `.` and `..`), or none when it cannot be read; and, apart, those that are not
    /// UTF-8, shown with ``escaped(_:)``.
    private static func entries(of folder: String) -> (names: [String], notUTF8: [String]) {
        guard let stream = opendir(folder) else { return ([], []) }
        defer { closedir(stream) }
        var names: [String] = []
        var notUTF8: [String] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                notUTF8.append(escaped(bytes))
                continue
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return (names, notUTF8)
    }

    /// A file name's bytes as text: ASCII as it is, every other byte as `\xNN`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }
}

/// A real file or folder, whatever path reached it (device and inode, links followed): two spellings, a symlink and
/// its target, or two hard links of one file are the same identity.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let isFolder: Bool

    /// The identity of what `path` names, links followed; nil when nothing is there.
    public init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        isFolder = (status.st_mode & S_IFMT) == S_IFDIR
    }
}
