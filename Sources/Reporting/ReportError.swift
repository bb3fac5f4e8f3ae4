import Foundation

/// Why a reporter could not write its report.
///
/// Callers match on `code` (`catch let error as ReportError where error.code == .writeFailed`) to tell a full
/// disk from a programming mistake; people read `description`, which names the report and the system's reason.
/// Errors from the XML writer arrive as `XMLSupportError` unchanged, since they already say the same things.
package struct ReportError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, open to new kinds without breaking anyone's `switch`.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case writeFailed, invalidUse
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A file could not be created, written, synced or renamed; the destination is left as it was.
        package static let writeFailed = Code(.writeFailed)
        /// The reporter was called out of order (a result before `begin`, anything after `finish`).
        package static let invalidUse = Code(.invalidUse)

        package var description: String { base.rawValue }
    }

    package var code: Code
    package var message: String
    /// The report concerned.
    package var file: String?

    package init(code: Code, message: String, file: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
    }

    package var description: String {
        if let file { "\(file): error: \(message)" } else { "error: \(message)" }
    }

    /// A `.writeFailed` error ending with the system's reason for the current `errno`.
    static func system(_ what: String, file: String) -> ReportError {
        let reason = String(cString: strerror(errno))
        return ReportError(code: .writeFailed, message: "\(what): \(reason)", file: file)
    }

    /// The error for a reporter called out of order.
    static func outOfOrder(_ call: String, _ state: String, file: String?) -> ReportError {
        ReportError(code: .invalidUse, message: "\(call) called \(state)", file: file)
    }
}
