import FileAccess
import Foundation

/// A parsed XML document as plain Swift values, so no caller ever holds a libxml2 pointer.
///
/// Parsing is hardened for files that come from anywhere: no network access, no external entities or external
/// DTDs are loaded, libxml2's default entity-amplification and depth limits stay on (no `XML_PARSE_HUGE`), the
/// input size is checked before libxml2 sees a byte, and references to entities declared in a DTD are refused
/// rather than expanded. Every problem libxml2 reports is collected, not just the first.
public struct XMLTree: Sendable, Hashable {
    /// The file as the caller named it; every diagnostic about this tree uses it.
    public var file: String
    /// The document element.
    public var root: Element
    /// Warnings libxml2 reported while parsing a document that was nevertheless accepted.
    public var warnings: [XMLDiagnostic]

    public init(file: String, root: Element, warnings: [XMLDiagnostic] = []) {
        self.file = file
        self.root = root
        self.warnings = warnings
    }

    /// Inputs larger than this are refused unless the caller raises the limit: suites and reports are small, and
    /// a limit keeps a stray multi-gigabyte file from exhausting memory.
    public static let defaultMaximumInputSize = 32 * 1024 * 1024

    /// Reads and parses a file, optionally checking it against an XML Schema in the same pass.
    ///
    /// - Parameters:
    ///   - path: The file to read; also the name used in diagnostics, so pass it as the user should see it.
    ///   - schema: When given, the document must also be valid against it.
    ///   - maximumInputSize: Bytes above which the file is refused without being parsed.
    /// - Throws: `XMLSupportError` with `.unreadableInput`, `.inputTooLarge`, `.notWellFormed` or `.notValid`,
    ///   carrying every diagnostic.
    public static func parse(
        contentsOf path: String,
        validatingAgainst schema: XMLSchema? = nil,
        maximumInputSize: Int = defaultMaximumInputSize
    ) throws -> XMLTree {
        let data = try XMLSupportError.converting { try InputFile.read(path, maximumSize: maximumInputSize) }
        return try parse(data, file: path, validatingAgainst: schema, maximumInputSize: maximumInputSize)
    }

    /// Parses bytes already in memory, optionally checking them against an XML Schema in the same pass.
    ///
    /// - Parameters:
    ///   - data: The document; its encoding is detected by libxml2 (UTF-8 unless declared otherwise).
    ///   - file: The name diagnostics use; nothing is read from it.
    ///   - schema: When given, the document must also be valid against it.
    ///   - maximumInputSize: Bytes above which the data is refused without being parsed.
    /// - Throws: `XMLSupportError` with `.inputTooLarge`, `.notWellFormed` or `.notValid`.
    public static func parse(
        _ data: Data,
        file: String,
        validatingAgainst schema: XMLSchema? = nil,
        maximumInputSize: Int = defaultMaximumInputSize
    ) throws -> XMLTree {
        try XMLSupportError.converting { try InputFile.checkSize(data.count, maximumSize: maximumInputSize, file: file) }
        let outcome = LibXML2.parse(data, file: file, schema: schema?.handle)
        guard let root = outcome.root, outcome.failure == nil else {
            throw XMLSupportError(outcome, file: file)
        }
        return XMLTree(file: file, root: root, warnings: outcome.diagnostics)
    }
}
