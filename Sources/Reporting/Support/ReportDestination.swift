import FileAccess

/// Where a report really goes: a ``FileDestination`` (FileAccess, the one writer of files), whose errors a command
/// reports as ``ReportError``s.
///
/// Only a regular file or a missing path is replaced by the atomic rename (keeping an existing file's mode); a
/// symlink is followed and its target written; a character or block device or a FIFO is written through; a
/// directory, a socket or an empty path is refused before the run starts (DESIGN §8).
package struct ReportDestination: Sendable, Hashable {
    package typealias Kind = FileDestination.Kind

    /// What the path names, symlinks followed.
    package let file: FileDestination
    /// The path as the user gave it, for messages.
    package var requested: String { file.requested }
    /// What is written: the path itself, or a symlink's final target.
    package var path: String { file.path }
    package var kind: Kind { file.kind }

    /// Follows symlinks and checks the file type of `requested`.
    ///
    /// - Throws: `ReportError` `.invalidUse` naming the path: empty, a directory, a socket, a symlink loop.
    package init(_ requested: String) throws {
        file = try ReportError.converting { try FileDestination(requested, what: "report") }
    }

    /// Writes a whole report to `path` the way every file is written (``AtomicFile``): atomically over a regular file
    /// or a missing path, keeping its mode; through a symlink to its target; through to a device or a FIFO.
    ///
    /// - Throws: `ReportError` `.invalidUse` or `.writeFailed` with the system's reason.
    package static func publish(_ text: String, to path: String) throws {
        try ReportError.converting { try AtomicFile.write(text, to: path, what: "report") }
    }

    /// Checks every report path of a command before the run: each must be usable, and no two may name one file.
    ///
    /// - Returns: The destinations, in order.
    /// - Throws: `ReportError` `.invalidUse` for a bad path or for two reports on one file.
    package static func check(_ paths: [String]) throws -> [ReportDestination] {
        let files = try ReportError.converting { try FileDestination.check(paths, what: "report") }
        return files.map(ReportDestination.init(file:))
    }

    private init(file: FileDestination) { self.file = file }
}

extension AtomicFile {
    /// The file of a report at `path`, created at once (so an unwritable folder fails a run at its start), with
    /// errors as ``ReportError``s.
    static func report(_ path: String, purpose: String = "tmp") throws -> AtomicFile {
        try ReportError.converting { try AtomicFile(path, purpose: purpose, what: "report") }
    }
}
