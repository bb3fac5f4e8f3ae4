import FileAccess
import Foundation

/// An XML Schema (XSD) loaded once and used to validate any number of documents, from any thread.
///
/// Suites and reports are checked against fixed schemas many times per run; parsing the XSD once and sharing it
/// keeps that cheap. Each validation gets its own libxml2 validation context, so concurrent use is safe.
public final class XMLSchema: Sendable {
    /// The XSD's file name as given, for messages.
    public let file: String
    let handle: LibXML2.Schema

    /// Loads an XSD file.
    ///
    /// - Parameters:
    ///   - path: The `.xsd` file; `xs:include`/`xs:import` locations are resolved relative to it.
    ///   - maximumInputSize: Bytes above which the file is refused.
    /// - Throws: `XMLSupportError` `.unreadableInput`, `.inputTooLarge` or `.invalidSchema` with libxml2's
    ///   diagnostics.
    public convenience init(contentsOf path: String, maximumInputSize: Int = XMLTree.defaultMaximumInputSize) throws {
        let data = try XMLSupportError.converting { try InputFile.read(path, maximumSize: maximumInputSize) }
        try self.init(data, file: path)
    }

    /// Loads an XSD already in memory.
    ///
    /// - Parameters:
    ///   - data: The schema document.
    ///   - file: The name used in diagnostics and as the base for relative `xs:include`/`xs:import` locations.
    /// - Throws: `XMLSupportError` `.invalidSchema` with libxml2's diagnostics.
    public init(_ data: Data, file: String) throws {
        try XMLSupportError.converting {
            try InputFile.checkSize(data.count, maximumSize: XMLTree.defaultMaximumInputSize, file: file)
        }
        self.file = file
        self.handle = try LibXML2.loadSchema(data, file: file).get()
    }

    /// Validates a file, returning every validity problem found (empty when the document is valid).
    ///
    /// Problems with the schema's rules are returned rather than thrown so a caller can list them all; a document
    /// that cannot be read or is not even well-formed XML is an error, because there is nothing to validate.
    ///
    /// - Parameters:
    ///   - path: The document; also the name used in diagnostics.
    ///   - maximumInputSize: Bytes above which the file is refused.
    /// - Returns: Errors and warnings in `file:line:column` form; the document is valid when none is an error.
    /// - Throws: `XMLSupportError` `.unreadableInput`, `.inputTooLarge` or `.notWellFormed`.
    public func validate(
        contentsOf path: String,
        maximumInputSize: Int = XMLTree.defaultMaximumInputSize
    ) throws -> [XMLDiagnostic] {
        let data = try XMLSupportError.converting { try InputFile.read(path, maximumSize: maximumInputSize) }
        return try validate(data, file: path, maximumInputSize: maximumInputSize)
    }

    /// Validates a document already in memory; see `validate(contentsOf:maximumInputSize:)`.
    ///
    /// - Throws: `XMLSupportError` `.inputTooLarge` or `.notWellFormed`.
    public func validate(
        _ data: Data,
        file: String,
        maximumInputSize: Int = XMLTree.defaultMaximumInputSize
    ) throws -> [XMLDiagnostic] {
        try XMLSupportError.converting { try InputFile.checkSize(data.count, maximumSize: maximumInputSize, file: file) }
        let outcome = LibXML2.parse(data, file: file, schema: handle)
        if let failure = outcome.failure, failure != .notValid {
            throw XMLSupportError(outcome, file: file)
        }
        return outcome.diagnostics
    }
}

extension XMLSupportError {
    /// The error for a failed parse, led by libxml2's first message.
    init(_ outcome: LibXML2.Outcome, file: String) {
        let failure = outcome.failure ?? .notWellFormed
        let first = outcome.diagnostics.first { $0.severity == .error }
        self.init(
            code: failure,
            message: first?.message ?? "the document was rejected",
            file: file,
            diagnostics: outcome.diagnostics
        )
    }
}
