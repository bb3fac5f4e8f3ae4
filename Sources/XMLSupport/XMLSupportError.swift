/// Why an XML operation failed, carrying libxml2's own words.
///
/// Callers match on `code` (`catch let error as XMLSupportError where error.code == .notValid`); people read
/// `description`, which lists every diagnostic in `file:line:column: error: message` form so that one failed load
/// shows every problem at once.
public struct XMLSupportError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, open to new kinds without breaking anyone's `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unreadableInput, inputTooLarge, notWellFormed, notValid, invalidSchema, writeFailed, invalidUse
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file could not be opened or read (missing, a directory, permissions).
        public static let unreadableInput = Code(.unreadableInput)
        /// The input is bigger than the limit the caller set; nothing was parsed.
        public static let inputTooLarge = Code(.inputTooLarge)
        /// The input is not well-formed XML, or uses a feature this module refuses (custom entities).
        public static let notWellFormed = Code(.notWellFormed)
        /// The document is well-formed but breaks the XML Schema it was checked against.
        public static let notValid = Code(.notValid)
        /// The XML Schema itself could not be loaded.
        public static let invalidSchema = Code(.invalidSchema)
        /// Writing, flushing or renaming the output failed.
        public static let writeFailed = Code(.writeFailed)
        /// The API was used out of order or with an argument XML cannot carry (e.g. an invalid element name).
        public static let invalidUse = Code(.invalidUse)

        public var description: String { base.rawValue }
    }

    public var code: Code
    /// The first problem in a sentence: libxml2's message when libxml2 reported one.
    public var message: String
    /// The file concerned, when there is one.
    public var file: String?
    /// Every problem found, in the order libxml2 reported them; may be empty for I/O failures.
    public var diagnostics: [XMLDiagnostic]

    public init(code: Code, message: String, file: String? = nil, diagnostics: [XMLDiagnostic] = []) {
        self.code = code
        self.message = message
        self.file = file
        self.diagnostics = diagnostics
    }

    public var description: String {
        if !diagnostics.isEmpty {
            return diagnostics.map(\.description).joined(separator: "\n")
        }
        if let file {
            return "\(file): error: \(message)"
        }
        return "error: \(message)"
    }
}
