import Foundation
import ProcessCleanup

/// An invisible scratch file next to a report's destination, written through stdio's buffer and read back
/// (``SpoolFile``).
///
/// The name is unlinked at once, so the file disappears with the process even if it crashes; the open descriptor
/// keeps it usable until `discard()`. It is made in the destination's folder (or, for a report written through to a
/// device, next to its temporary file) so that an unwritable folder is found when a run begins rather than when it
/// ends. Reports themselves are written by `AtomicFile` (FileAccess); this is their scratch space only. `errno`
/// becomes a `ReportError` right where it is set.
///
/// Not thread-safe: a reporter owns its files and is called from one thread at a time.
final class TemporaryFile {
    /// The report this file is for, used in messages.
    let destination: String
    private var stream: UnsafeMutablePointer<FILE>?

    /// Creates and unlinks `.<name>.<purpose>.XXXXXX` in the directory of `destination`.
    ///
    /// - Parameters:
    ///   - destination: The file whose folder holds the scratch file; only its directory and name are used.
    ///   - purpose: A word in the temporary name.
    /// - Throws: `ReportError` `.writeFailed` with the system's reason.
    init(nextTo destination: String, purpose: String) throws {
        self.destination = destination
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard let made = ProcessCleanup.makeScratchFile(template: "\(directory)/.\(name).\(purpose).XXXXXX") else {
            throw ReportError.system("cannot create a temporary file in \(directory.isEmpty ? "/" : directory)",
                                     file: destination)
        }
        _ = fcntl(made.descriptor, F_SETFD, FD_CLOEXEC)
        unlink(made.path)
        ProcessCleanup.forgetScratch(made.token)
        guard let stream = fdopen(made.descriptor, "w+") else {
            let error = ReportError.system("cannot open \(made.path)", file: destination)
            close(made.descriptor)
            throw error
        }
        self.stream = stream
    }

    deinit { discard() }

    // MARK: Writing

    /// Appends bytes.
    ///
    /// - Throws: `ReportError` `.writeFailed` (disk full, I/O error); the file is then discarded.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let stream = try openStream(), bytes.count > 0 else { return }
        if fwrite(bytes.baseAddress, 1, bytes.count, stream) != bytes.count {
            throw failed("write failed")
        }
    }

    /// Appends a string's UTF-8 bytes.
    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends an integer in the machine's own byte order (spools are read back by the process that wrote them).
    func write(_ value: Int) throws {
        try withUnsafeBytes(of: value) { try write($0) }
    }

    // MARK: Reading back

    /// Flushes and moves to the start, so what was written can be read back.
    func rewind() throws {
        guard let stream = try openStream() else { return }
        if fflush(stream) != 0 || fseeko(stream, 0, SEEK_SET) != 0 {
            throw failed("cannot read back")
        }
    }

    /// Fills `buffer` completely; returns false at the end of the file if nothing at all was read.
    ///
    /// - Throws: `ReportError` `.writeFailed` on an I/O error or a file that ends part-way through `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
        guard let stream = try openStream(), buffer.count > 0 else { return true }
        let count = fread(buffer.baseAddress, 1, buffer.count, stream)
        if count == buffer.count { return true }
        if count == 0, feof(stream) != 0 { return false }
        throw failed(ferror(stream) != 0 ? "read failed" : "spool ended in the middle of a record")
    }

    /// Reads an integer written by `write(_: Int)`, or nil at the end of the file.
    func readInt() throws -> Int? {
        var value = 0
        let complete = try withUnsafeMutableBytes(of: &value) { try read(into: $0) }
        return complete ? value : nil
    }

    // MARK: Completion

    /// Closes the file, which then disappears. Safe to call more than once.
    func discard() {
        if let stream {
            fclose(stream)
            self.stream = nil
        }
    }

    // MARK: Plumbing

    private func openStream() throws -> UnsafeMutablePointer<FILE>? {
        guard let stream else {
            throw ReportError(code: .invalidUse, message: "temporary file already closed", file: destination)
        }
        return stream
    }

    /// Discards the file and returns the error to throw, with the system's reason.
    private func failed(_ what: String) -> ReportError {
        let error = ReportError.system(what, file: destination)
        discard()
        return error
    }
}
