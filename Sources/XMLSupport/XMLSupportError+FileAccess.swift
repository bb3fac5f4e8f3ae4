import FileAccess

extension XMLSupportError {
    /// A file that could not be read or written (``FileAccessError``, from the module that reads and writes every
    /// file), in this module's words: the message and the path are kept.
    public init(_ error: FileAccessError) {
        let code: Code = switch error.code {
        case .tooLarge: .inputTooLarge
        case .writeFailed: .writeFailed
        case .invalidPath: .invalidUse
        default: .unreadableInput
        }
        self.init(code: code, message: error.message, file: error.file)
    }

    /// Runs `body`, turning a ``FileAccessError`` it throws into an `XMLSupportError`; other errors pass unchanged.
    static func converting<T>(_ body: () throws -> T) rethrows -> T {
        do {
            return try body()
        } catch let error as FileAccessError {
            throw XMLSupportError(error)
        }
    }
}
