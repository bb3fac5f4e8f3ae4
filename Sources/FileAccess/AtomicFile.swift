#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProcessCleanup

/// A file written whole and then made to appear in one step: the one way the tool writes a file.
///
/// Reports, expectation files, the README's truth table, imported suites and built adapters all go through here, so
/// every written file keeps the same promises (the README's Reliability table):
/// - **Atomic**: the bytes go to a temporary file in the destination's folder (one file system, so the final
///   `rename` is atomic), registered with ``ProcessCleanup`` so that no signal leaves it behind; ``commit()``
///   `fsync`s it and renames it over the destination. A reader sees the old file or the new one, never half.
/// - **Modes**: a file that existed keeps its mode (and its owner and group where the system allows: as root), so
///   a 0600 report holding cookie values stays 0600 and a 0640 expectation file 0640; a new file gets 0666 less
///   the umask, as any file a program creates (`umask 077` gives 0600).
/// - **Links, devices, FIFOs** (``FileDestination``): a symlink is followed and its target replaced, the link
///   stays; a device or FIFO is written through, never replaced (the content is built in a scratch folder and
///   copied in one pass at ``commit()``); a directory, a socket or an empty path is refused at once.
///
/// Write with ``write(_:)-(UnsafeRawBufferPointer)`` (buffered here), or hand ``descriptor`` to a library that writes
/// to a file descriptor itself (libxml2's writer) — not both. A file dropped without ``commit()`` is discarded and
/// the destination left as it was. Not thread-safe: one owner, one thread at a time.
public final class AtomicFile {
    /// Where the content goes on ``commit()``.
    public let destination: FileDestination
    /// Where the content is until ``commit()``: a hidden file next to the destination, or a file in a scratch folder
    /// when the destination is written through.
    public let temporaryPath: String
    /// The temporary file, open for reading and writing (close-on-exec); -1 once committed or discarded.
    public private(set) var descriptor: Int32

    private var buffer: [UInt8] = []
    private static let bufferSize = 64 << 10
    /// The temporary file's registration, or (written through) the scratch folder and its registration.
    private var scratch: (path: String, token: Int)?

    /// Creates the temporary file for `requested`.
    ///
    /// - Parameters:
    ///   - requested: The destination as the user gave it (see ``FileDestination``).
    ///   - purpose: A word in the temporary file's name (`.r.json.tmp.Ab12Cd`), so a leftover says what made it.
    ///   - what: What the file is, for messages (`the report path is empty`).
    /// - Throws: ``FileAccessError`` `.invalidPath` for a path nothing may be written to, `.writeFailed` when the
    ///   temporary file cannot be created (a missing or read-only folder), with the system's reason.
    public init(_ requested: String, purpose: String = "tmp", what: String = "file") throws(FileAccessError) {
        destination = try FileDestination(requested, what: what)
        switch destination.kind {
        case .atomic:
            let folder = destination.folder
            let template = "\(folder == "/" ? "" : folder)/.\(destination.name).\(purpose).XXXXXX"
            // 0666 less the umask, by the kernel: `mkstemp`'s 0600 would ignore the user's wishes both ways.
            guard let made = ProcessCleanup.makeScratchFile(template: template, mode: 0o666) else {
                throw .system(.writeFailed, "cannot create a temporary file in \(folder)", file: requested)
            }
            temporaryPath = made.path
            descriptor = made.descriptor
            scratch = (made.path, made.token)
        case .writeThrough:
            let staged = try WriteThrough.stage(destination)
            temporaryPath = staged.path
            descriptor = staged.descriptor
            scratch = (staged.folder, staged.token)
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { discard() }

    // MARK: Writing

    /// Appends bytes.
    ///
    /// - Throws: ``FileAccessError`` `.writeFailed` (disk full, I/O error); the file is then discarded.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileAccessError) {
        guard descriptor >= 0 else { throw closed() }
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Appends a string's UTF-8 bytes.
    public func write(_ text: String) throws(FileAccessError) {
        var text = text
        let result: Result<Void, FileAccessError> = text.withUTF8 { bytes in
            Result { () throws(FileAccessError) in try write(UnsafeRawBufferPointer(bytes)) }
        }
        try result.get()
    }

    /// Writes out what ``write(_:)-(UnsafeRawBufferPointer)`` buffered.
    ///
    /// - Throws: ``FileAccessError`` `.writeFailed`; the file is then discarded.
    public func flush() throws(FileAccessError) {
        guard !buffer.isEmpty else { return }
        let result: Result<Void, FileAccessError> = buffer.withUnsafeBytes { bytes in
            Result { () throws(FileAccessError) in try writeAll(bytes) }
        }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(FileAccessError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw failed("write failed") }
            offset += written
        }
    }

    // MARK: Completion

    /// Makes the content the destination's, in one step: flushed, synced, given the old file's mode and owner and
    /// renamed over it; or, for a device or FIFO, copied through.
    ///
    /// - Throws: ``FileAccessError`` `.writeFailed` with the system's reason; the temporary file is then removed
    ///   and the destination left as it was (a device or FIFO may have received part of the content).
    public func commit() throws(FileAccessError) {
        guard descriptor >= 0 else { throw closed() }
        try flush()
        let descriptor = self.descriptor
        self.descriptor = -1
        switch destination.kind {
        case .atomic:
            do throws(FileAccessError) {
                try Self.prepare(destination, descriptor: descriptor)
                guard rename(temporaryPath, destination.path) == 0 else {
                    throw FileAccessError.system(.writeFailed, "rename failed", file: destination.requested)
                }
            } catch {
                discard()
                throw error
            }
            forgetTemporary()
        case .writeThrough:
            defer { discard() }
            guard close(descriptor) == 0 else { throw .system(.writeFailed, "close failed", file: destination.requested) }
            try WriteThrough.copy(temporaryPath, through: destination)
        }
    }

    /// Closes the file and removes it; the destination is left as it was. Safe to call more than once.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        guard let scratch else { return }
        switch destination.kind {
        case .atomic:
            unlink(scratch.path)
            ProcessCleanup.forgetScratch(scratch.token)
        case .writeThrough:
            WriteThrough.remove(scratch.path, token: scratch.token)
        }
        self.scratch = nil
    }

    // MARK: One call

    /// Writes `text` to `requested` the way every file is written (see ``AtomicFile``).
    ///
    /// - Throws: ``FileAccessError``; a destination not written is left as it was.
    public static func write(_ text: String, to requested: String, what: String = "file") throws(FileAccessError) {
        let file = try AtomicFile(requested, what: what)
        defer { file.discard() }
        try file.write(text)
        try file.commit()
    }

    /// Moves a file another program made (a compiler's output) over `requested` as ``commit()`` would: synced,
    /// given the old file's mode and owner, renamed. `produced` must be in the destination's folder.
    ///
    /// - Throws: ``FileAccessError``: `.invalidPath` for a destination that is not a regular file or missing,
    ///   `.writeFailed` with the system's reason; `produced` is then left where it is.
    public static func install(_ produced: String, at requested: String) throws(FileAccessError) {
        let destination = try FileDestination(requested)
        guard destination.kind == .atomic else {
            throw FileAccessError(
                code: .invalidPath, message: "is a device or a FIFO; only a regular file can be installed there",
                file: requested)
        }
        let descriptor = open(produced, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .system(.writeFailed, "cannot open \(produced)", file: requested) }
        try prepare(destination, descriptor: descriptor)
        guard rename(produced, destination.path) == 0 else { throw .system(.writeFailed, "rename failed", file: requested) }
    }

    // MARK: All or none

    /// Commits `files` all or none, for files that describe each other (expectation files `extends=` one another,
    /// so half of them updated is worse than none).
    ///
    /// Every file is first made ready (flushed, given its old mode, synced) and a copy of each old file is written
    /// beside it (registered as scratch); only then are the new ones renamed into place. If a rename fails, the
    /// files already replaced get their old bytes back and the new ones that had no old file are removed.
    /// - Parameters:
    ///   - files: Regular files (or missing paths): a device or FIFO cannot take part, as nothing written to it can
    ///     be taken back.
    ///   - rename: `rename(2)`; tests make it fail.
    /// - Throws: ``FileAccessError``: `.invalidPath` for a device or FIFO, `.writeFailed` with the system's reason
    ///   (`cannot replace it: …`, naming the files that could not be put back, if any). Every file is discarded.
    public static func commitAll(
        _ files: [AtomicFile], renaming rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    ) throws(FileAccessError) {
        var backups: [(path: String, token: Int)?] = []
        func cleanUp() {
            for file in files { file.discard() }
            for case let backup? in backups {
                unlink(backup.path)
                ProcessCleanup.forgetScratch(backup.token)
            }
        }
        do throws(FileAccessError) {
            for file in files {
                guard file.destination.kind == .atomic else {
                    throw FileAccessError(
                        code: .invalidPath, message: "is a device or a FIFO; it cannot be written all or none with others",
                        file: file.destination.requested)
                }
                guard file.descriptor >= 0 else { throw file.closed() }
                try file.flush()
                let descriptor = file.descriptor
                file.descriptor = -1
                try prepare(file.destination, descriptor: descriptor)
                backups.append(try backup(of: file.destination))
            }
        } catch {
            cleanUp()
            throw error
        }
        // From the first rename to the last (or to the last file put back), a signal waits: its clean-up would
        // remove the copies of the old files in the middle of the series.
        try Interruption.deferringSignals { () throws(FileAccessError) in
            for (index, file) in files.enumerated() where rename(file.temporaryPath, file.destination.path) != 0 {
                let reason = String(cString: strerror(errno))
                var notRestored: [String] = []
                for (done, backup) in zip(files[..<index], backups[..<index]) {
                    let restored = backup.map { rename($0.path, done.destination.path) == 0 } ?? (unlink(done.destination.path) == 0)
                    if !restored { notRestored.append(done.destination.requested) }
                }
                cleanUp()
                throw FileAccessError(
                    code: .writeFailed,
                    message: "cannot replace it: \(reason)"
                        + (notRestored.isEmpty ? "" : "; and these could not be put back: \(notRestored.joined(separator: ", "))"),
                    file: file.destination.requested)
            }
            for file in files { file.forgetTemporary() }
            cleanUp()
        }
    }

    /// A copy of the regular file at `destination` beside it, with its mode, or nil when there is none.
    private static func backup(of destination: FileDestination) throws(FileAccessError) -> (path: String, token: Int)? {
        var status = stat()
        guard stat(destination.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let old = try InputFile.read(destination.path, maximumSize: Int.max)
        let folder = destination.folder
        guard let made = ProcessCleanup.makeScratchFile(
            template: "\(folder == "/" ? "" : folder)/.\(destination.name).backup.XXXXXX", mode: 0o600)
        else {
            throw .system(.writeFailed, "cannot create a temporary file in \(folder)", file: destination.requested)
        }
        var written = 0
        let complete = old.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = Glibc.write(made.descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return fchmod(made.descriptor, status.st_mode & 0o7777) == 0 && fsync(made.descriptor) == 0
        }
        let error = FileAccessError.system(.writeFailed, "cannot copy it beside itself", file: destination.requested)
        guard close(made.descriptor) == 0, complete else {
            unlink(made.path)
            ProcessCleanup.forgetScratch(made.token)
            throw error
        }
        return (made.path, made.token)
    }

    // MARK: Plumbing

    /// The steps of an atomic write before the rename, in the order that keeps the destination whole: the old file's
    /// owner and mode onto the new one, `fsync` (so a crash cannot leave an empty file behind a completed rename),
    /// `close`. Closes `descriptor` whatever happens.
    private static func prepare(_ destination: FileDestination, descriptor: Int32) throws(FileAccessError) {
        // The first failing call's errno is the one that explains the failure; later calls may overwrite it.
        var failure: FileAccessError?
        func check(_ call: String, _ succeeded: Bool) {
            if !succeeded, failure == nil { failure = .system(.writeFailed, "\(call) failed", file: destination.requested) }
        }
        var old = stat()
        if stat(destination.path, &old) == 0, (old.st_mode & S_IFMT) == S_IFREG {
            // Only root may give a file away; anyone else's new file stays theirs, which is what it was or better.
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(descriptor, old.st_uid, old.st_gid) }
            // After fchown, which clears set-user-ID and set-group-ID bits.
            check("chmod", fchmod(descriptor, old.st_mode & 0o7777) == 0)
        }
        if failure == nil { check("fsync", fsync(descriptor) == 0) }
        check("close", close(descriptor) == 0)
        if let failure { throw failure }
    }

    /// The temporary file became the destination: nothing left to remove.
    private func forgetTemporary() {
        if let scratch { ProcessCleanup.forgetScratch(scratch.token) }
        scratch = nil
    }

    private func closed() -> FileAccessError {
        FileAccessError(code: .writeFailed, message: "the file was already committed or discarded", file: destination.requested)
    }

    /// Discards the file and returns the error to throw, with the system's reason.
    private func failed(_ what: String) -> FileAccessError {
        let error = FileAccessError.system(.writeFailed, what, file: destination.requested)
        discard()
        return error
    }
}
