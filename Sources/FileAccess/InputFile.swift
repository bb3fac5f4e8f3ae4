#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Reads a whole file under a size limit, so an oversized input is refused before it is parsed or even loaded: how
/// every input a user names is read (suites, expectation files, results, corpora, lists), whatever its format.
public enum InputFile {
    /// Reads the regular file at `path`, refusing at once a FIFO, socket, device or directory, and refusing a file
    /// past `maximumSize` bytes without reading the rest.
    ///
    /// Also what to use instead of `Data(contentsOf:)` for any input a user names: besides blocking on a FIFO,
    /// swift-corelibs-foundation's `Data(contentsOf:)` leaks a 4 KB buffer for some files (found by the
    /// http-state-corpus fuzz target under LeakSanitizer, Fuzz/README.md).
    /// - Throws: ``FileAccessError`` `.unreadable` with the system's reason, or `.tooLarge`.
    public static func read(_ path: String, maximumSize: Int) throws(FileAccessError) -> Data {
        var data = Data()
        do {
            try forEachChunk(path, maximumSize: maximumSize) { data.append(contentsOf: $0) }
        } catch let error as FileAccessError {
            throw error
        } catch {
            // The body above throws nothing: every error is the reader's own.
            throw FileAccessError(code: .unreadable, message: "\(error)", file: path)
        }
        return data
    }

    /// Reads the regular file at `path` as ``read(_:maximumSize:)`` does (the same refusals and limit), handing
    /// `body` 64 KB at a time instead of keeping the whole: for an input parsed as it streams in.
    /// - Throws: ``FileAccessError`` `.unreadable` with the system's reason, or `.tooLarge`; or what `body` throws.
    public static func forEachChunk(
        _ path: String, maximumSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let fd = try open(path, maximumSize: maximumSize)
        defer { close(fd) }
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { break }
            total += count
            try checkSize(total, maximumSize: maximumSize, file: path)
            try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// Opens the regular file at `path` for reading, refusing at once a FIFO, socket, device or directory, and a
    /// file whose size is past `maximumSize` bytes; the caller enforces the limit again as it reads, and closes.
    /// - Throws: ``FileAccessError`` `.unreadable` with the system's reason, or `.tooLarge`.
    public static func open(_ path: String, maximumSize: Int) throws(FileAccessError) -> Int32 {
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever (DESIGN §8).
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw unreadable(path) }
        do throws(FileAccessError) {
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw unreadable(path) }
            guard (status.st_mode & S_IFMT) != S_IFDIR else {
                throw FileAccessError(code: .unreadable, message: "is a directory, not a file", file: path)
            }
            guard (status.st_mode & S_IFMT) == S_IFREG else { throw notRegular(path, mode: status.st_mode) }
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            // The size from fstat is only a hint (the file may grow); the reads enforce the limit themselves.
            try checkSize(Int(status.st_size), maximumSize: maximumSize, file: path)
            return fd
        } catch {
            close(fd)
            throw error
        }
    }

    /// - Throws: ``FileAccessError`` `.tooLarge` when `size` exceeds the limit.
    public static func checkSize(_ size: Int, maximumSize: Int, file: String) throws(FileAccessError) {
        // libxml2 takes an `int` length, which bounds every limit whatever the caller asked for.
        let limit = min(maximumSize, Int(Int32.max))
        guard size <= limit else {
            throw FileAccessError(
                code: .tooLarge,
                message: "input is larger than the limit of \(limit) bytes",
                file: file
            )
        }
    }

    /// - Throws: ``FileAccessError`` `.unreadable` ("not a regular file") when `path` names a FIFO, socket,
    ///   device or directory (after symlinks), checked without opening it, so that it is refused at once rather
    ///   than blocking; a missing or unreadable path is left to the caller's own read and message.
    public static func requireRegularFile(_ path: String) throws(FileAccessError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw notRegular(path, mode: status.st_mode) }
    }

    /// Says what `path` is instead: a folder given where a file was meant is the usual mistake, and the FIFO
    /// explanation would mislead there.
    private static func notRegular(_ path: String, mode: mode_t) -> FileAccessError {
        let message = (mode & S_IFMT) == S_IFDIR
            ? "a folder, not a file (name a file inside it)"
            : "not a regular file (a FIFO, socket or device cannot be an input; it could block forever)"
        return FileAccessError(code: .unreadable, message: message, file: path)
    }

    private static func unreadable(_ path: String) -> FileAccessError {
        FileAccessError(code: .unreadable, message: String(cString: strerror(errno)), file: path)
    }
}
