import Foundation
import ProcessCleanup

/// Where a report really goes, decided from what the path names before anything is written.
///
/// A report is published atomically (a temporary file renamed over the destination), but `rename` replaces
/// whatever the path names: as root, `--json /dev/null` would turn the device into a regular file, and a symlink
/// would be replaced rather than followed (DESIGN §8). So only a regular file or a missing path is replaced by
/// rename; a symlink is followed and its target written atomically (or through, if the target is a device); a
/// character or block device or a FIFO is written through (`/dev/stdout`, `/dev/null`, a pipe to another tool),
/// its report built in a scratch file under the system's temporary folder first; a directory, a socket or an
/// empty path is refused before the run starts.
public struct ReportDestination: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Written next to `path` and renamed over it.
        case atomic
        /// Written through: the report is copied into the device or FIFO in one pass at the end.
        case writeThrough
    }

    /// The path as the user gave it, for messages.
    public let requested: String
    /// What is written: the path itself, or a symlink's final target.
    public let path: String
    public let kind: Kind

    /// Follows symlinks and checks the file type of `requested`.
    ///
    /// - Throws: `ReportError` `.invalidUse` naming the path: empty, a directory, a socket, a symlink loop.
    public init(_ requested: String) throws {
        self.requested = requested
        guard !requested.isEmpty else {
            throw ReportError(code: .invalidUse, message: "the report path is empty", file: "''")
        }
        var path = requested
        for _ in 0..<40 {
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
                throw ReportError(
                    code: .invalidUse, message: "is a directory; a report path names a file", file: requested)
            default:
                throw ReportError(
                    code: .invalidUse,
                    message: "is not a regular file, a device or a FIFO (a socket?); a report cannot be written there",
                    file: requested)
            }
        }
        throw ReportError(code: .invalidUse, message: "too many levels of symbolic links", file: requested)
    }

    /// Writes a whole report to `path` (``ReportOutput/publish(_:to:)``): atomically over a regular file or a missing
    /// path, through a symlink to its target, through to a device or a FIFO.
    ///
    /// - Throws: `ReportError` `.invalidUse` or `.writeFailed` with the system's reason.
    public static func publish(_ text: String, to path: String) throws {
        try ReportOutput.publish(text, to: path)
    }

    /// Checks every report path of a command before the run: each must be usable, and no two may name one file.
    ///
    /// - Returns: The destinations, in order.
    /// - Throws: `ReportError` `.invalidUse` for a bad path or for two reports on one file.
    public static func check(_ paths: [String]) throws -> [ReportDestination] {
        let destinations = try paths.map(ReportDestination.init)
        var seen: [String: String] = [:]
        for destination in destinations where destination.kind == .atomic {
            let key = destination.canonicalPath
            if let other = seen[key] {
                throw ReportError(
                    code: .invalidUse,
                    message: "is also the path of another report (\(other)); each report needs a file of its own",
                    file: destination.requested)
            }
            seen[key] = destination.requested
        }
        return destinations
    }

    /// The absolute path with `.` and `..` resolved as far as the folders exist, to compare two destinations.
    private var canonicalPath: String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder.isEmpty ? "/" : folder, nil) else {
            return (path as NSString).standardizingPath
        }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    private static func target(of link: String, requested: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw ReportError.system("cannot read the symbolic link \(link)", file: requested)
        }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let folder = link.lastIndex(of: "/").map { String(link[...$0]) } ?? ""
        return folder + target
    }
}

extension ReportDestination {
    /// Where a write-through report is built: a file in a fresh folder under the system's temporary folder,
    /// registered with ``ProcessCleanup`` so that no signal leaves it behind.
    final class Staging {
        let folder: String
        let file: String
        private let token: Int

        init(for destination: ReportDestination) throws {
            let base = FileManager.default.temporaryDirectory.path
            let template = (base.hasSuffix("/") ? base : base + "/") + "cookie-harness-report-XXXXXX"
            guard let made = ProcessCleanup.makeScratchFolder(template: template) else {
                throw ReportError.system("cannot create a scratch folder in \(base)", file: destination.requested)
            }
            folder = made.path
            token = made.token
            let name = destination.path.split(separator: "/").last.map(String.init) ?? "report"
            file = folder + "/" + name
        }

        deinit { remove() }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
            ProcessCleanup.forgetScratch(token)
        }
    }

    /// Copies `source` into the device or FIFO at `path` in one pass.
    ///
    /// A FIFO without a reader is waited for up to `readerTimeout` (opened non-blocking, retried), not forever.
    /// - Throws: `ReportError` `.writeFailed` with the system's reason (`/dev/full`: no space left on device).
    static func copy(_ source: String, through path: String, requested: String, readerTimeout: TimeInterval = 10) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ReportError.system("cannot read back \(source)", file: requested) }
        defer { close(input) }
        let deadline = Date(timeIntervalSinceNow: readerTimeout)
        var output: Int32 = -1
        while true {
            output = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if output >= 0 { break }
            guard errno == ENXIO, Date() < deadline else {
                if errno == ENXIO {
                    throw ReportError(
                        code: .writeFailed,
                        message: "no process read the FIFO within \(Int(readerTimeout)) s", file: requested)
                }
                throw ReportError.system("cannot open", file: requested)
            }
            usleep(50_000)
        }
        defer { close(output) }
        let flags = fcntl(output, F_GETFL)
        if flags >= 0 { _ = fcntl(output, F_SETFL, flags & ~O_NONBLOCK) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ReportError.system("cannot read back \(source)", file: requested) }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = write(output, buffer.baseAddress! + offset, count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw ReportError.system("write failed", file: requested) }
                offset += written
            }
        }
    }
}

/// One report being written to its ``ReportDestination``: the path to write atomically (the destination, or a
/// scratch file when it is written through), and the last step that delivers it.
final class ReportOutput {
    let destination: ReportDestination
    private let staging: ReportDestination.Staging?

    /// - Throws: `ReportError` for a path no report may be written to, or a scratch folder that cannot be made.
    init(_ requested: String) throws {
        destination = try ReportDestination(requested)
        staging = destination.kind == .writeThrough ? try ReportDestination.Staging(for: destination) : nil
    }

    /// The path to write (and rename over) atomically.
    var writePath: String { staging?.file ?? destination.path }

    /// After the atomic write to ``writePath``: copies the report through to a device or FIFO.
    func deliver() throws {
        guard let staging else { return }
        defer { staging.remove() }
        try ReportDestination.copy(staging.file, through: destination.path, requested: destination.requested)
    }

    /// Removes the scratch folder, if any.
    func discard() { staging?.remove() }

    /// Writes a whole report to `requested` the way every report is written: atomically over a regular file or a
    /// missing path, through a symlink to its target, through to a device or a FIFO.
    ///
    /// - Throws: `ReportError` `.invalidUse` for a path no report may be written to, `.writeFailed` with the
    ///   system's reason; a destination not written is left as it was.
    static func publish(_ text: String, to requested: String) throws {
        let output = try ReportOutput(requested)
        defer { output.discard() }
        let file = try TemporaryFile(nextTo: output.writePath, purpose: "tmp", anonymous: false)
        defer { file.discard() }
        try file.write(text)
        try file.publish()
        try output.deliver()
    }
}
