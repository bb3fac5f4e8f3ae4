#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Why a file could not be read or written, with the system's own reason.
///
/// Callers match on `code` (`catch let error as FileAccessError where error.code == .writeFailed`) to tell a full
/// disk from a path that can never be written; people read `description`, `file: error: message`, which names the
/// path as the user gave it.
public struct FileAccessError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, open to new kinds without breaking anyone's `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidPath, unreadable, tooLarge, writeFailed
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The path can never be written or read as asked (empty, a directory, a socket, a symlink loop): a mistake
        /// in the input, found before anything is written.
        public static let invalidPath = Code(.invalidPath)
        /// The file could not be opened or read (missing, permissions, a FIFO or device where a file is read).
        public static let unreadable = Code(.unreadable)
        /// The file is bigger than the limit the caller set; nothing past the limit was read.
        public static let tooLarge = Code(.tooLarge)
        /// A file could not be created, written, synced or renamed; the destination is left as it was.
        public static let writeFailed = Code(.writeFailed)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String
    /// The path concerned, as the user gave it.
    public var file: String

    public init(code: Code, message: String, file: String) {
        self.code = code
        self.message = message
        self.file = file
    }

    public var description: String { "\(file): error: \(message)" }

    /// An error ending with the system's reason for the current `errno`: `write failed: No space left on device`.
    static func system(_ code: Code, _ what: String, file: String) -> FileAccessError {
        FileAccessError(code: code, message: "\(what): \(String(cString: strerror(errno)))", file: file)
    }
}

extension FileAccessError: LocalizedError {
    /// The same `file: error: message`, for callers that print `localizedDescription`.
    public var errorDescription: String? { description }
}
