import FileAccess

extension ReportError {
    /// The same failure in a reporter's words: a path nothing may be written to is `.invalidUse`, anything else
    /// `.writeFailed`; the message and the path are kept.
    package init(_ error: FileAccessError) {
        self.init(code: error.code == .invalidPath ? .invalidUse : .writeFailed, message: error.message, file: error.file)
    }

    /// Runs `body`, turning a ``FileAccessError`` it throws into a `ReportError`; other errors pass unchanged.
    static func converting<T>(_ body: () throws -> T) rethrows -> T {
        do {
            return try body()
        } catch let error as FileAccessError {
            throw ReportError(error)
        }
    }
}
