#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import ProcessCleanup

/// Delivery to a device or a FIFO (``FileDestination/Kind/writeThrough``): the content is built in a scratch
/// folder under the system's temporary folder, then copied through in one pass, so the reader gets it whole.
enum WriteThrough {
    /// A fresh scratch folder (registered with ``ProcessCleanup``, so no signal leaves it behind) holding an
    /// empty file named like the destination.
    ///
    /// - Returns: The folder, its registration token, the file's path and its descriptor (open for writing).
    /// - Throws: ``FileAccessError`` `.writeFailed` with the system's reason.
    static func stage(
        _ destination: FileDestination
    ) throws(FileAccessError) -> (folder: String, token: Int, path: String, descriptor: Int32) {
        let base = FileManager.default.temporaryDirectory.path
        let template = (base.hasSuffix("/") ? base : base + "/") + "cookie-harness-report-XXXXXX"
        guard let made = ProcessCleanup.makeScratchFolder(template: template) else {
            throw FileAccessError.system(.writeFailed, "cannot create a scratch folder in \(base)", file: destination.requested)
        }
        let path = made.path + "/" + destination.name
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let error = FileAccessError.system(.writeFailed, "cannot create \(path)", file: destination.requested)
            remove(made.path, token: made.token)
            throw error
        }
        return (made.path, made.token, path, descriptor)
    }

    /// Removes a scratch folder made by ``stage(_:)``.
    static func remove(_ folder: String, token: Int) {
        try? FileManager.default.removeItem(atPath: folder)
        ProcessCleanup.forgetScratch(token)
    }

    /// Copies `source` into the device or FIFO at `destination.path` in one pass.
    ///
    /// A FIFO without a reader is waited for up to `readerTimeout` (opened non-blocking, retried), not forever.
    /// - Throws: ``FileAccessError`` `.writeFailed` with the system's reason (`/dev/full`: no space left on device).
    static func copy(
        _ source: String, through destination: FileDestination, readerTimeout: TimeInterval = 10
    ) throws(FileAccessError) {
        let requested = destination.requested
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .system(.writeFailed, "cannot read back \(source)", file: requested) }
        defer { close(input) }
        let deadline = Date(timeIntervalSinceNow: readerTimeout)
        var output: Int32 = -1
        while true {
            output = open(destination.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if output >= 0 { break }
            guard errno == ENXIO, Date() < deadline else {
                if errno == ENXIO {
                    throw FileAccessError(
                        code: .writeFailed, message: "no process read the FIFO within \(Int(readerTimeout)) s",
                        file: requested)
                }
                throw .system(.writeFailed, "cannot open", file: requested)
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
            guard count >= 0 else { throw .system(.writeFailed, "cannot read back \(source)", file: requested) }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = write(output, buffer.baseAddress! + offset, count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw .system(.writeFailed, "write failed", file: requested) }
                offset += written
            }
        }
    }
}
