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
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var visited: Set<FileIdentity> = []
        var pending: [String] = [base.isEmpty ? "/" : base]
        while let current = pending.popLast() {
            guard let id = FileIdentity(current), id.isFolder, visited.insert(id).inserted else { continue }
            var subfolders: [String] = []
            for name in entries(of: current) where !name.hasPrefix(".") {
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
        return (found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, visited)
    }

    /// The names in `folder` (without `.` and `..`), or none when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
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
