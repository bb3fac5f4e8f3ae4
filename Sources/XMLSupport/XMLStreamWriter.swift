import CLibXML2
import FileAccess
import Foundation

/// Writes XML as it goes, with constant memory, and publishes the file only once it is complete.
///
/// Reports can hold thousands of test cases with full HTTP transcripts, so nothing is built in memory: libxml2's
/// `xmlTextWriter` streams through a 4 KB buffer into the temporary file of an ``AtomicFile`` (FileAccess, the one
/// writer of files). `finish()` commits it: synced and renamed over the destination in one step (keeping an
/// existing file's mode, following a symlink, writing a device or FIFO through), so a reader never sees half a
/// report; if writing fails, or the writer is dropped without `finish()`, the temporary file is removed and the
/// destination is left as it was.
///
/// Text is made safe rather than rejected, so a report is always well-formed whatever a server sent: characters
/// XML 1.0 cannot carry are replaced visibly (see `visiblyEscaped(_:)`), `--` in comments and `]]>` in CDATA are
/// neutralised. Names are checked and refused, since those come from the program, not from the data.
///
/// Output starts with `<?xml version="1.0" encoding="UTF-8"?>` and is indented by default; elements still open
/// at `finish()` are closed. libxml2 indents around every element and comment, so in mixed content (text next to
/// child elements or comments in one element) the indentation becomes part of the text: write such documents
/// with `indentation: nil`. A writer is used from one thread at a time (it is not `Sendable`).
public final class XMLStreamWriter {
    private enum Destination {
        /// The file committed on `finish()`, libxml2 writing into its descriptor.
        case file(AtomicFile)
        case memory(xmlBufferPtr)
    }

    private enum State {
        case open, finished, failed
    }

    private let destination: Destination
    private var writer: xmlTextWriterPtr?
    /// The file output buffer, whose `error` field reveals write failures libxml2 does not always return.
    private var output: xmlOutputBufferPtr?
    private var state = State.open
    private var openElements: [String] = []
    /// True between `startElement` and the element's first content: the only time attributes may be written.
    private var acceptsAttributes = false

    /// Starts a document that will replace `path` when `finish()` succeeds.
    ///
    /// - Parameters:
    ///   - path: The destination (see `FileDestination`); its directory must exist and be writable, as the
    ///     temporary file goes there so that the final rename stays on one file system.
    ///   - indentation: The string repeated once per nesting level, or nil for no line breaks at all.
    /// - Throws: `XMLSupportError` `.writeFailed` with the system's or libxml2's reason, `.invalidUse` for a path
    ///   nothing may be written to (a directory).
    public convenience init(writingTo path: String, indentation: String? = "  ") throws {
        let file: AtomicFile
        do {
            file = try AtomicFile(path)
        } catch {
            throw XMLSupportError(error)
        }
        try self.init(writingTo: file, indentation: indentation)
    }

    /// Starts a document written into `file`, which `finish()` commits and `cancel()` (or a failure) discards.
    ///
    /// - Parameters:
    ///   - file: A file nothing was written to yet; from now on the writer owns it.
    ///   - indentation: The string repeated once per nesting level, or nil for no line breaks at all.
    /// - Throws: `XMLSupportError` `.writeFailed` with libxml2's reason; `file` is then discarded.
    public init(writingTo file: AtomicFile, indentation: String? = "  ") throws {
        destination = .file(file)
        let collector = LibXML2.DiagnosticCollector(file: file.destination.requested)
        LibXML2.capturingErrors(in: collector) {
            // The fd buffer has no close callback: the descriptor stays the file's to sync, close and rename.
            output = xmlOutputBufferCreateFd(file.descriptor, nil)
            if let output {
                writer = xmlNewTextWriter(output)
                if writer == nil { xmlOutputBufferClose(output) }
            }
        }
        guard writer != nil else {
            discard()
            throw failure(collector, "libxml2 could not create a writer")
        }
        try start(indentation: indentation)
    }

    /// Builds a document in memory, for tests and small outputs; files should use `init(writingTo:)`.
    ///
    /// - Parameters:
    ///   - indentation: The string repeated once per nesting level, or nil for no line breaks at all.
    ///   - body: Writes the document's content.
    /// - Returns: The complete document, XML declaration included.
    /// - Throws: What `body` throws, or `XMLSupportError`.
    public static func string(
        indentation: String? = "  ",
        _ body: (XMLStreamWriter) throws -> Void
    ) throws -> String {
        let writer = try XMLStreamWriter(inMemoryWithIndentation: indentation)
        try body(writer)
        try writer.finish()
        guard case .memory(let buffer) = writer.destination, let content = xmlBufferContent(buffer) else {
            return ""
        }
        return String(cString: content)
    }

    private init(inMemoryWithIndentation indentation: String?) throws {
        LibXML2.initialize()
        guard let buffer = xmlBufferCreate() else {
            throw XMLSupportError(code: .writeFailed, message: "libxml2 could not allocate a buffer")
        }
        destination = .memory(buffer)
        writer = xmlNewTextWriterMemory(buffer, 0)
        guard writer != nil else {
            discard()
            throw XMLSupportError(code: .writeFailed, message: "libxml2 could not create a writer")
        }
        try start(indentation: indentation)
    }

    deinit {
        if state == .open { discard() }
        if case .memory(let buffer) = destination { xmlBufferFree(buffer) }
    }

    private func start(indentation: String?) throws {
        if let indentation {
            try perform("xmlTextWriterSetIndent") { xmlTextWriterSetIndent($0, 1) }
            try perform("xmlTextWriterSetIndentString") { writer in
                indentation.withXMLChars { xmlTextWriterSetIndentString(writer, $0) }
            }
        }
        try perform("xmlTextWriterStartDocument") { xmlTextWriterStartDocument($0, "1.0", "UTF-8", nil) }
    }

    // MARK: Content

    /// Opens an element; attributes may follow until its first content.
    ///
    /// - Throws: `XMLSupportError` `.invalidUse` if `name` is not an XML name, `.writeFailed` on I/O failure.
    public func startElement(_ name: String) throws {
        try checkName(name, "element")
        try perform("xmlTextWriterStartElement") { writer in
            name.withXMLChars { xmlTextWriterStartElement(writer, $0) }
        }
        openElements.append(name)
        acceptsAttributes = true
    }

    /// Adds an attribute to the element just opened; forbidden characters in `value` are escaped visibly.
    ///
    /// - Throws: `XMLSupportError` `.invalidUse` if no start tag is open or `name` is not an XML name.
    public func attribute(_ name: String, _ value: String) throws {
        try checkName(name, "attribute")
        guard acceptsAttributes else {
            throw invalidUse("attribute '\(name)' must follow startElement, before any content")
        }
        let value = Self.visiblyEscaped(value)
        try perform("xmlTextWriterWriteAttribute") { writer in
            name.withXMLChars { name in
                value.withXMLChars { xmlTextWriterWriteAttribute(writer, name, $0) }
            }
        }
    }

    /// Writes character data; markup characters are escaped and forbidden characters replaced visibly.
    public func text(_ text: String) throws {
        let text = Self.visiblyEscaped(text)
        try writeContent("xmlTextWriterWriteString") { writer in
            text.withXMLChars { xmlTextWriterWriteString(writer, $0) }
        }
    }

    /// Writes a CDATA section, split where the text contains `]]>` (which would otherwise end it early).
    public func cdata(_ text: String) throws {
        for section in Self.cdataSections(text) {
            try writeContent("xmlTextWriterWriteCDATA") { writer in
                section.withXMLChars { xmlTextWriterWriteCDATA(writer, $0) }
            }
        }
    }

    /// Writes a comment; `--` becomes `- -` and a final `-` gets a space, as XML forbids both in comments.
    public func comment(_ text: String) throws {
        let text = Self.commentSafe(text)
        try writeContent("xmlTextWriterWriteComment") { writer in
            text.withXMLChars { xmlTextWriterWriteComment(writer, $0) }
        }
    }

    /// Closes the innermost open element (as `<name/>` if it has no content).
    ///
    /// - Throws: `XMLSupportError` `.invalidUse` if no element is open.
    public func endElement() throws {
        guard !openElements.isEmpty else { throw invalidUse("endElement without an open element") }
        try perform("xmlTextWriterEndElement") { xmlTextWriterEndElement($0) }
        openElements.removeLast()
        acceptsAttributes = false
    }

    /// Writes a whole element: start tag with `attributes` in order, `content`, end tag.
    ///
    /// - Throws: What `content` throws, or `XMLSupportError`.
    public func element(
        _ name: String,
        attributes: KeyValuePairs<String, String> = [:],
        _ content: () throws -> Void = {}
    ) throws {
        try startElement(name)
        for (attributeName, value) in attributes {
            try attribute(attributeName, value)
        }
        try content()
        try endElement()
    }

    // MARK: Completion

    /// Closes open elements, flushes, and (for a file) makes the destination appear complete in one rename.
    ///
    /// - Throws: `XMLSupportError` `.writeFailed` if any byte could not be written, synced or renamed; the
    ///   destination is then untouched and the temporary file removed.
    public func finish() throws {
        try perform("xmlTextWriterEndDocument") { xmlTextWriterEndDocument($0) }
        try perform("xmlTextWriterFlush") { xmlTextWriterFlush($0) }
        let collector = LibXML2.DiagnosticCollector(file: fileName ?? "")
        LibXML2.capturingErrors(in: collector) {
            if let writer { xmlFreeTextWriter(writer) }
        }
        writer = nil
        output = nil
        guard case .file(let file) = destination else {
            state = .finished
            return
        }
        // Everything is flushed; from here on only the system can fail.
        do {
            try file.commit()
        } catch {
            file.discard()
            state = .failed
            throw XMLSupportError(error)
        }
        state = .finished
    }

    /// Abandons the document: the temporary file is removed and the destination left as it was.
    public func cancel() {
        if state == .open { discard() }
    }

    // MARK: Plumbing

    private var fileName: String? {
        if case .file(let file) = destination { file.destination.requested } else { nil }
    }

    private func writeContent(_ operation: String, _ call: (xmlTextWriterPtr) -> Int32) throws {
        try perform(operation, call)
        acceptsAttributes = false
    }

    /// Calls libxml2, turning a negative result or a write error into `XMLSupportError` with libxml2's message.
    private func perform(_ operation: String, _ call: (xmlTextWriterPtr) -> Int32) throws {
        guard state == .open, let writer else {
            throw invalidUse("\(operation) after the writer was finished, cancelled or failed")
        }
        let collector = LibXML2.DiagnosticCollector(file: fileName ?? "")
        let result = LibXML2.capturingErrors(in: collector) { call(writer) }
        if result < 0 || (output?.pointee.error ?? 0) != 0 {
            discard()
            throw failure(collector, "\(operation) failed")
        }
    }

    private func failure(_ collector: LibXML2.DiagnosticCollector, _ fallback: String) -> XMLSupportError {
        XMLSupportError(code: .writeFailed, message: collector.errors.first?.message ?? fallback, file: fileName)
    }

    private func invalidUse(_ message: String) -> XMLSupportError {
        XMLSupportError(code: .invalidUse, message: message, file: fileName)
    }

    private func checkName(_ name: String, _ kind: String) throws {
        guard Self.isValidName(name) else {
            throw invalidUse("'\(Self.visiblyEscaped(name))' is not a valid XML \(kind) name")
        }
    }

    /// Frees libxml2's writer and removes the temporary file; the writer cannot be used afterwards.
    private func discard() {
        state = .failed
        let collector = LibXML2.DiagnosticCollector(file: fileName ?? "")
        LibXML2.capturingErrors(in: collector) {
            if let writer { xmlFreeTextWriter(writer) }
        }
        writer = nil
        output = nil
        if case .file(let file) = destination { file.discard() }
    }
}
