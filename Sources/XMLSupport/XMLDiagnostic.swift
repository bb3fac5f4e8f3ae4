/// One problem found in an XML file, printed the way compilers print theirs.
///
/// Editors and CI log viewers turn `file:line:column: error: message` into a link, so every libxml2 error — and
/// every error a caller finds in a parsed tree — is reported in that one shape.
///
/// `column` counts Unicode scalars from 1. Parser errors take libxml2's column (`xmlError.int2`, where the parser
/// noticed the problem). Schema errors name a node, not a column, so they point at the `<` of the element's start
/// tag, or at the attribute's name when the message is about an attribute, as found in the source. The column is
/// 0 — "unknown", never a guessed 1 — when neither is available (e.g. for a document that is not UTF-8).
public struct XMLDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is; warnings never make parsing or validation fail.
    public enum Severity: String, Sendable, Hashable {
        case warning
        case error
    }

    /// The file as the caller named it, so messages point at the path the user typed.
    public var file: String
    /// 1-based line; 0 when the problem is not tied to a line (e.g. an empty document).
    public var line: Int
    /// 1-based column in Unicode scalars, or 0 when unknown (see the type's discussion).
    public var column: Int
    public var severity: Severity
    /// libxml2's own text (without its trailing newline), or the caller's.
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }
}
