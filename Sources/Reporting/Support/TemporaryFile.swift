import Foundation
import ProcessCleanup

/// A scratch file created next to a report's destination and written through stdio's buffer.
///
/// Atomic publishing (write everything, then rename over the destination) and spooling (a scratch file nobody
/// else should see) need the same few POSIX calls; keeping every one of them here keeps the rest of the module
/// free of C, and turns `errno` into a `ReportError` right where it is set. The file is created in the
/// destination's directory so that the final `rename` stays on one file system (and is therefore atomic), and so
/// that an unwritable directory is found when a run begins rather than when it ends.
///
/// Not thread-safe: a reporter owns its files and is called from one thread at a time.
final class TemporaryFile {
    /// The path the file was created at; for an anonymous file it no longer names anything.
    let temporaryPath: String
    /// The report this file is for, used in messages.
    let destination: String
    private var stream: UnsafeMutablePointer<FILE>?
    private var isLinked: Bool {
        didSet {
            // A visible temporary file is registered so that a signal cannot leave it behind.
            if isLinked, scratchToken == nil {
                scratchToken = ProcessCleanup.registerScratch(temporaryPath)
            } else if !isLinked, let token = scratchToken {
                ProcessCleanup.forgetScratch(token)
                scratchToken = nil
            }
        }
    }
    private var scratchToken: Int?

    /// Creates `.<name>.<purpose>.XXXXXX` in the directory of `destination`.
    ///
    /// - Parameters:
    ///   - destination: The report the file serves; only its directory and name are used.
    ///   - purpose: A word in the temporary name, so a leftover file says what made it.
    ///   - anonymous: Unlink the name at once, so the file is invisible and disappears with the process even if
    ///     it crashes; the open descriptor keeps it usable until `discard()`.
    /// - Throws: `ReportError` `.writeFailed` with the system's reason.
    init(nextTo destination: String, purpose: String, anonymous: Bool) throws {
        self.destination = destination
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard let made = ProcessCleanup.makeScratchFile(template: "\(directory)/.\(name).\(purpose).XXXXXX") else {
            throw ReportError.system("cannot create a temporary file in \(directory.isEmpty ? "/" : directory)",
                                     file: destination)
        }
        let descriptor = made.descriptor
        temporaryPath = made.path
        scratchToken = made.token
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if anonymous {
            unlink(temporaryPath)
            isLinked = false
        } else {
            // mkstemp creates the file private (0600); a report is meant to be read like any other output.
            fchmod(descriptor, 0o644)
            isLinked = true
        }
        guard let stream = fdopen(descriptor, "w+") else {
            let error = ReportError.system("cannot open \(temporaryPath)", file: destination)
            close(descriptor)
            if isLinked { unlink(temporaryPath) }
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

    /// Flushes, syncs, closes and renames the file over `destination`, which thus appears complete in one step.
    ///
    /// - Throws: `ReportError` `.writeFailed`; the temporary file is then removed and `destination` untouched.
    func publish() throws {
        guard let stream = try openStream() else { return }
        self.stream = nil
        // The first failing call's errno is the one that explains the failure; later calls may overwrite it.
        var failure: ReportError?
        func check(_ call: String, _ succeeded: Bool) {
            if !succeeded, failure == nil { failure = .system("\(call) failed", file: destination) }
        }
        check("flush", fflush(stream) == 0)
        if failure == nil { check("fsync", fsync(fileno(stream)) == 0) }
        check("close", fclose(stream) == 0)
        if failure == nil, isLinked { check("rename", rename(temporaryPath, destination) == 0) }
        if let failure {
            discard()
            throw failure
        }
        isLinked = false
    }

    /// Closes the file and removes its name; the destination is left as it was. Safe to call more than once.
    func discard() {
        if let stream {
            fclose(stream)
            self.stream = nil
        }
        if isLinked {
            unlink(temporaryPath)
            isLinked = false
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
        let error = ReportError.system("\(what) (\(temporaryPath))", file: destination)
        discard()
        return error
    }
}

