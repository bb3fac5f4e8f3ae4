#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Where a file the tool writes really goes, decided from what the path names before anything is written.
///
/// A file is published atomically (a temporary file renamed over the destination), but `rename` replaces whatever
/// the path names: as root, `--json /dev/null` would turn the device into a regular file, and a symlink would be
/// replaced rather than followed (DESIGN §8). So only a regular file or a missing path is replaced by rename; a
/// symlink is followed (40 levels at most, so a loop ends) and its target written the same way; a character or
/// block device or a FIFO is written through (`/dev/stdout`, `/dev/null`, a pipe to another tool); a directory, a
/// socket or an empty path is refused.
public struct FileDestination: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Written next to `path` and renamed over it.
        case atomic
        /// Written through: the content is copied into the device or FIFO in one pass at the end.
        case writeThrough
    }

    /// The path as the user gave it, for messages.
    public let requested: String
    /// What is written: the path itself, or a symlink's final target.
    public let path: String
    public let kind: Kind

    /// The most symlinks followed in a row, as the kernel's own limit (`ELOOP` after 40).
    public static let maximumLinks = 40

    /// Follows symlinks and checks the file type of `requested`.
    ///
    /// - Parameter what: What the file is, for messages ("report": `the report path is empty`).
    /// - Throws: ``FileAccessError`` `.invalidPath` naming the path: empty, a directory, a socket, a symlink loop;
    ///   `.writeFailed` for a link that cannot be read.
    public init(_ requested: String, what: String = "file") throws(FileAccessError) {
        self.requested = requested
        guard !requested.isEmpty else {
            throw FileAccessError(code: .invalidPath, message: "the \(what) path is empty", file: "''")
        }
        var path = requested
        for _ in 0..<Self.maximumLinks {
            var status = stat()
            guard lstat(path, &status) == 0 else {
                // Missing: created by rename, once its folder exists.
                self.path = path
                kind = .atomic
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                path = try Self.target(of: path, requested: requested)
            case S_IFREG:
                self.path = path
                kind = .atomic
                return
            case S_IFCHR, S_IFBLK, S_IFIFO:
                self.path = path
                kind = .writeThrough
                return
            case S_IFDIR:
                throw FileAccessError(code: .invalidPath, message: "is a directory; a \(what) path names a file", file: requested)
            default:
                throw FileAccessError(
                    code: .invalidPath,
                    message: "is not a regular file, a device or a FIFO (a socket?); nothing can be written there",
                    file: requested)
            }
        }
        throw FileAccessError(code: .invalidPath, message: "too many levels of symbolic links", file: requested)
    }

    /// Checks paths written by one command: each must be usable, and no two may name one file.
    ///
    /// - Parameter what: What the files are, for the message on two paths naming one file ("report").
    /// - Returns: The destinations, in order.
    /// - Throws: ``FileAccessError`` `.invalidPath` for a bad path or for two paths naming one file.
    public static func check(_ paths: [String], what: String = "file") throws(FileAccessError) -> [FileDestination] {
        var destinations: [FileDestination] = []
        var seen: [String: String] = [:]
        for requested in paths {
            let destination = try FileDestination(requested, what: what)
            destinations.append(destination)
            guard destination.kind == .atomic else { continue }
            let key = destination.canonicalPath
            if let other = seen[key] {
                throw FileAccessError(
                    code: .invalidPath,
                    message: "is also the path of another \(what) (\(other)); each \(what) needs a file of its own",
                    file: destination.requested)
            }
            seen[key] = destination.requested
        }
        return destinations
    }

    /// The folder of ``path`` ("." for a bare name), where the temporary file of an atomic write goes.
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of ``path``.
    var name: String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The absolute path with `.`, `..` and links resolved as far as the folders exist, to compare two destinations.
    public var canonicalPath: String {
        guard let resolved = realpath(folder, nil) else { return (path as NSString).standardizingPath }
        defer { free(resolved) }
        let base = String(cString: resolved)
        return (base == "/" ? "" : base) + "/" + name
    }

    private static func target(of link: String, requested: String) throws(FileAccessError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw FileAccessError.system(.writeFailed, "cannot read the symbolic link \(link)", file: requested)
        }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = link.lastIndex(of: "/").map { String(link[...$0]) } ?? ""
        return folder + target
    }
}
