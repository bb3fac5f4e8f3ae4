import CLibXML2
import FileAccess
import Foundation
import Locking

/// Every libxml2 call made to read and validate XML; the writer's calls live in `XMLStreamWriter.swift`.
///
/// Keeping the C boundary in one place means pointers, ownership and libxml2's global state are reasoned about
/// once. Nothing here hands a libxml2 pointer to the rest of the module: documents are converted to `XMLTree`
/// values and freed before returning.
enum LibXML2 {
    // MARK: Initialisation

    /// libxml2 2.9's `xmlInitParser` is not safe to race, so it runs once, before any other call (Swift runs a
    /// static initialiser exactly once, whichever thread gets there first).
    private static let initialization: Void = { xmlInitParser() }()

    static func initialize() { _ = initialization }

    /// `xmlSchemaParse` lazily builds libxml2's table of built-in types without a lock (fixed only in later
    /// releases), so schema loading is serialised. Validation only reads that table.
    private static let schemaParsing = Locked(())

    /// Parser options for every document: no network, and none of `XML_PARSE_NOENT` (entity substitution),
    /// `XML_PARSE_DTDLOAD`/`DTDATTR`/`DTDVALID` (external DTDs) or `XML_PARSE_HUGE` (which lifts the
    /// entity-amplification, depth and text-size limits). `XML_PARSE_BIG_LINES` keeps line numbers past 65535.
    private static let parseOptions = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    // MARK: Errors

    /// Gathers libxml2's structured errors for one operation on one thread.
    final class DiagnosticCollector {
        let file: String
        private(set) var diagnostics: [XMLDiagnostic] = []
        /// Start-tag and attribute positions keyed by libxml2 node, so validity errors point at the source.
        var nodePositions: [UnsafeMutableRawPointer: SourcePositions.Position] = [:]

        init(file: String) { self.file = file }

        /// Diagnostics kept per file: past this, they are only counted, so that a file with a million entity
        /// references cannot print a million lines or hold them in memory; the last kept line says how many more.
        static let maximumDiagnostics = 50
        /// Diagnostics past ``maximumDiagnostics``, counted but not kept.
        private(set) var dropped = 0
        private var hasErrors = false

        var errors: [XMLDiagnostic] {
            let kept = diagnostics.filter { $0.severity == .error }
            return kept.isEmpty && hasErrors ? [XMLDiagnostic(file: file, line: 0, column: 0, message: "errors past the first \(Self.maximumDiagnostics) diagnostics")] : kept
        }

        /// The kept diagnostics, and one more saying how many were dropped.
        var reported: [XMLDiagnostic] {
            guard dropped > 0 else { return diagnostics }
            return diagnostics + [XMLDiagnostic(
                file: file, line: diagnostics.last?.line ?? 0, column: diagnostics.last?.column ?? 0,
                message: "and \(dropped) more diagnostics in this file (only the first \(Self.maximumDiagnostics) are shown)")]
        }

        func add(line: Int, column: Int, _ message: String) {
            append(XMLDiagnostic(file: file, line: line, column: column, message: message))
        }

        private func append(_ diagnostic: XMLDiagnostic) {
            if diagnostic.severity == .error { hasErrors = true }
            guard diagnostics.count < Self.maximumDiagnostics else {
                dropped += 1
                return
            }
            diagnostics.append(diagnostic)
        }

        /// Converts libxml2's error right where it is raised, keeping its own message.
        fileprivate func record(_ error: xmlError) {
            var message = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
            while let last = message.last, last.isWhitespace { message.removeLast() }
            var line = Int(error.line)
            var column = Int(error.int2)
            if let node = error.node,
                let position = nodePositions[attribute(named: message, in: node) ?? node]
            {
                line = position.line
                column = position.column
            }
            let file = error.file.map { String(cString: $0) } ?? file
            let severity: XMLDiagnostic.Severity = error.level == XML_ERR_WARNING ? .warning : .error
            append(XMLDiagnostic(file: file, line: line, column: column, severity: severity, message: message))
        }

        var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

        /// The attribute a schema error is about, so the diagnostic can point at it rather than at its element.
        ///
        /// libxml2 walks an error's node up to the enclosing element before reporting it; the attribute survives
        /// only in the message, as `Element 'e', attribute 'a': …` (or `'{namespace}a'`) when validating, and
        /// `element decl. 'e', attribute 'a': …` when loading a schema.
        private func attribute(named message: String, in node: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
            guard let marker = message.range(of: "', attribute '"),
                let end = message[marker.upperBound...].range(of: "': ")
            else { return nil }
            var name = message[marker.upperBound..<end.lowerBound]
            var namespace: Substring?
            if name.hasPrefix("{"), let close = name.firstIndex(of: "}") {
                namespace = name[name.index(after: name.startIndex)..<close]
                name = name[name.index(after: close)...]
            }
            let element = node.assumingMemoryBound(to: xmlNode.self)
            guard element.pointee.type == XML_ELEMENT_NODE else { return nil }
            var attribute = element.pointee.properties
            while let current = attribute {
                if LibXML2.string(current.pointee.name).map({ $0[...] }) == name,
                    LibXML2.string(current.pointee.ns?.pointee.href).map({ $0[...] }) == namespace
                {
                    return UnsafeMutableRawPointer(current)
                }
                attribute = current.pointee.next
            }
            return nil
        }
    }

    /// Runs `body` with libxml2's structured error handler pointing at `collector`, then restores the old one.
    ///
    /// libxml2 2.9 keeps the handler in per-thread state when built with threads (Debian's is:
    /// `LIBXML_THREAD_ENABLED`), and `body` is synchronous, so concurrent operations on other threads never see
    /// this collector and nothing is printed to stderr.
    static func capturingErrors<R>(in collector: DiagnosticCollector, _ body: () throws -> R) rethrows -> R {
        initialize()
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(collector.context, collectStructuredError)
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        return try withExtendedLifetime(collector) { try body() }
    }

    // MARK: Parsing

    /// What parsing (and optional validation) produced: a tree, or the code to fail with; always the diagnostics.
    struct Outcome {
        var root: XMLTree.Element?
        var failure: XMLSupportError.Code?
        var diagnostics: [XMLDiagnostic]
    }

    /// Parses `data`, converts it to a Swift tree, and validates it against `schema` if one is given.
    static func parse(_ data: Data, file: String, schema: Schema?) -> Outcome {
        let collector = DiagnosticCollector(file: file)
        return capturingErrors(in: collector) {
            guard let document = readDocument(data, collector: collector) else {
                return Outcome(failure: .notWellFormed, diagnostics: collector.reported)
            }
            defer { xmlFreeDoc(document) }
            recordPositions(of: document, source: data, in: collector)
            guard let rootNode = xmlDocGetRootElement(document) else {
                collector.add(line: 1, column: 1, "Document has no root element")
                return Outcome(failure: .notWellFormed, diagnostics: collector.reported)
            }
            let root = element(rootNode, collector: collector)
            guard collector.errors.isEmpty else {
                return Outcome(failure: .notWellFormed, diagnostics: collector.reported)
            }
            if let schema {
                validate(document, against: schema, collector: collector)
                guard collector.errors.isEmpty else {
                    return Outcome(failure: .notValid, diagnostics: collector.reported)
                }
            }
            return Outcome(root: root, diagnostics: collector.reported)
        }
    }

    /// Reads a document with the hardened options; nil (with diagnostics) unless it is well-formed.
    private static func readDocument(_ data: Data, collector: DiagnosticCollector) -> xmlDocPtr? {
        guard let parser = xmlNewParserCtxt() else {
            collector.add(line: 0, column: 0, "libxml2 could not allocate a parser context")
            return nil
        }
        defer { xmlFreeParserCtxt(parser) }
        // libxml2 needs a valid pointer even for zero bytes; a one-byte buffer with length 0 is one.
        let bytes = data.isEmpty ? Data([0]) : data
        let document = bytes.withUnsafeBytes { raw in
            xmlCtxtReadMemory(
                parser,
                raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                Int32(data.count),
                collector.file,
                nil,
                parseOptions
            )
        }
        // Namespace errors leave `wellFormed` set and still return a document; any error is fatal here.
        if document == nil || parser.pointee.wellFormed == 0 || !collector.errors.isEmpty {
            if let document { xmlFreeDoc(document) }
            if collector.errors.isEmpty {
                collector.add(line: 0, column: 0, "libxml2 could not parse the document")
            }
            return nil
        }
        return document
    }

    /// Pairs libxml2's elements with the start tags found in the source, by document order.
    private static func recordPositions(of document: xmlDocPtr, source: Data, in collector: DiagnosticCollector) {
        guard let positions = SourcePositions(utf8: [UInt8](source)) else { return }
        guard let root = xmlDocGetRootElement(document) else { return }
        let elements = elementsInOrder(root)
        guard elements.count == positions.tags.count,
            let map = positionMap(elements, positions.tags)
        else { return }
        collector.nodePositions = map
    }

    /// An element and its descendant elements in document order: the order their start tags are scanned in.
    private static func elementsInOrder(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var elements: [xmlNodePtr] = []
        func visit(_ node: xmlNodePtr) {
            elements.append(node)
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { visit(current) }
                child = current.pointee.next
            }
        }
        visit(node)
        return elements
    }

    /// Each element's and attribute's position, pairing `elements` with `tags` one to one; nil if a name
    /// disagrees.
    private static func positionMap(
        _ elements: [xmlNodePtr],
        _ tags: [SourcePositions.Tag]
    ) -> [UnsafeMutableRawPointer: SourcePositions.Position]? {
        var map: [UnsafeMutableRawPointer: SourcePositions.Position] = [:]
        for (node, tag) in zip(elements, tags) {
            // A mismatch means the scanner misread something (e.g. an encoding it does not know): trust libxml2.
            guard qualifiedName(node.pointee.name, node.pointee.ns) == tag.name else { return nil }
            map[UnsafeMutableRawPointer(node)] = tag.position
            var attribute = node.pointee.properties
            while let current = attribute {
                let name = qualifiedName(current.pointee.name, current.pointee.ns)
                if let match = tag.attributes.first(where: { $0.name == name }) {
                    map[UnsafeMutableRawPointer(current)] = match.position
                }
                attribute = current.pointee.next
            }
        }
        return map
    }

    // MARK: Streaming

    /// Reads a document with an `xmlTextReader`, the schema (if any) validating in the same pass, handing over
    /// the root's start tag and then each child of the root as a converted subtree, freed before the next is read.
    ///
    /// A whole-document tree of a 30 MB file takes about 1 GB between libxml2's document and its Swift copy; one
    /// child at a time keeps it to the largest child, and the bytes come through `window` as libxml2 asks for
    /// them, so the file is not whole in memory either. The subtrees are the same values
    /// ``parse(_:file:schema:)`` gives (the same conversion, with positions from the same scanner, run a subtree
    /// at a time). Diagnostics are not reproduced: the streaming validator reports errors at the parser's
    /// position rather than at a node, so anything but a clean document ends the stream with
    /// ``XMLStreamReader/Outcome/needsFullParse`` and the caller parses the document whole, which describes every
    /// problem as it always has.
    static func stream(
        _ window: InputFile.Window,
        schema: Schema?,
        root: (XMLTree.Element) -> Bool,
        child: (XMLTree.Element) -> Void
    ) -> XMLStreamReader.Outcome {
        let collector = DiagnosticCollector(file: window.file)
        return capturingErrors(in: collector) {
            // The validation context is freed after the reader, which unplugs it from its parser when freed.
            var validator: xmlSchemaValidCtxtPtr?
            defer { if let validator { xmlSchemaFreeValidCtxt(validator) } }
            let context = Unmanaged.passUnretained(window).toOpaque()
            guard let reader = xmlReaderForIO(readFromWindow, nil, context, window.file, nil, parseOptions) else {
                return .needsFullParse("libxml2 could not allocate a reader")
            }
            defer {
                if let validator { clearValidationState(validator, reader: reader) }
                xmlFreeTextReader(reader)
            }
            if let schema {
                validator = xmlSchemaNewValidCtxt(schema.schema)
                guard let validator else { return .needsFullParse("libxml2 could not allocate a validation context") }
                xmlSchemaSetValidStructuredErrors(validator, collectStructuredError, collector.context)
                guard xmlTextReaderSchemaValidateCtxt(reader, validator, 0) == 0 else {
                    return .needsFullParse("libxml2 could not attach the schema to the reader")
                }
            }
            return withExtendedLifetime((schema, window)) {
                streamNodes(reader, validator, window, collector: collector, root: root, child: child)
            }
        }
    }

    /// Detaches `validator` from `reader` and clears what it still holds of the stream, before both are freed.
    ///
    /// libxml2 2.9 leaks a validation context's per-element state (an element record and its content-model
    /// automaton, 152 bytes) when the reader it validates for stops inside an element — a document that is not
    /// well-formed, or a stream we end at its first error; neither freeing the reader nor reading on to the end
    /// releases it (found by the `suite-loader` fuzzing target; reproduced with a 30-line C program). Starting
    /// another validation with the same context clears that state, so after detaching it, it validates a
    /// one-element document, errors ignored.
    private static func clearValidationState(_ validator: xmlSchemaValidCtxtPtr, reader: xmlTextReaderPtr) {
        xmlTextReaderSchemaValidateCtxt(reader, nil, 0)
        xmlSchemaSetValidStructuredErrors(validator, { _, _ in }, nil)
        let empty = "<x/>"
        guard let document = xmlReadMemory(empty, Int32(empty.utf8.count), "empty.xml", nil, parseOptions) else { return }
        defer { xmlFreeDoc(document) }
        _ = xmlSchemaValidateDoc(validator, document)
    }

    /// The reading loop of ``stream(_:schema:root:child:)``.
    private static func streamNodes(
        _ reader: xmlTextReaderPtr,
        _ validator: xmlSchemaValidCtxtPtr?,
        _ window: InputFile.Window,
        collector: DiagnosticCollector,
        root: (XMLTree.Element) -> Bool,
        child: (XMLTree.Element) -> Void
    ) -> XMLStreamReader.Outcome {
        let elementType = Int32(XML_READER_TYPE_ELEMENT.rawValue)
        let entityReferenceType = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)
        var tags = SourcePositions.TagStream()
        func nextTag() -> SourcePositions.Tag? {
            window.bytes.withUnsafeBufferPointer { tags.next(in: $0, from: window.start) }
        }
        /// Converts `node` (and its subtree unless `shallow`), pairing it with the next start tags; nil when the
        /// scanner and libxml2 disagree or the conversion found an error (an entity reference).
        func convert(_ node: xmlNodePtr, shallow: Bool) -> XMLTree.Element? {
            let elements = shallow ? [node] : elementsInOrder(node)
            var subtreeTags: [SourcePositions.Tag] = []
            subtreeTags.reserveCapacity(elements.count)
            for _ in elements {
                guard let tag = nextTag() else { return nil }
                subtreeTags.append(tag)
            }
            guard let map = positionMap(elements, subtreeTags) else { return nil }
            collector.nodePositions = map
            defer { collector.nodePositions = [:] }
            let converted = element(node, collector: collector, withChildren: !shallow)
            return collector.errors.isEmpty ? converted : nil
        }

        var status = xmlTextReaderRead(reader)
        var sawRoot = false
        while status == 1 {
            guard collector.errors.isEmpty else { return .needsFullParse("the document has errors") }
            let type = xmlTextReaderNodeType(reader)
            let depth = xmlTextReaderDepth(reader)
            if type == entityReferenceType { return .needsFullParse("an entity reference") }
            guard type == elementType, depth <= 1, let node = xmlTextReaderCurrentNode(reader) else {
                status = xmlTextReaderRead(reader)
                continue
            }
            if depth == 0 {
                guard !sawRoot, let element = convert(node, shallow: true) else {
                    return .needsFullParse("the root's positions")
                }
                sawRoot = true
                guard root(element) else { return .stopped }
                status = xmlTextReaderRead(reader)
                continue
            }
            // A child of the root: the whole subtree is parsed (and validated), converted, then skipped, which
            // lets the reader free it.
            guard let expanded = xmlTextReaderExpand(reader), collector.errors.isEmpty,
                let element = convert(expanded, shallow: false)
            else { return .needsFullParse("a child of the root") }
            child(element)
            window.drop(before: tags.offset)
            status = xmlTextReaderNext(reader)
        }
        if let failure = window.failure { return .needsFullParse(failure) }
        guard status == 0, sawRoot, collector.errors.isEmpty else { return .needsFullParse("the document has errors") }
        if let validator, xmlSchemaIsValid(validator) != 1 {
            return .needsFullParse("the document is not valid")
        }
        // Every start tag was paired: the scanner saw as many as libxml2 built elements.
        guard window.endsAsUTF8() else { return .needsFullParse("not UTF-8") }
        guard nextTag() == nil, !tags.failed else { return .needsFullParse("the positions of the tags") }
        return .finished
    }

    /// Converts an element and its subtree; entity references are refused, never expanded.
    ///
    /// libxml2 keeps references to DTD-declared entities as nodes (we do not pass `XML_PARSE_NOENT`); expanding
    /// them here would bring back the amplification the parser's limits guard against, so each one becomes an
    /// error instead. Recursion is bounded by libxml2's default depth limit of 256. With `withChildren` false
    /// only the start tag is converted (a streamed root, whose children arrive one by one).
    private static func element(
        _ node: xmlNodePtr,
        collector: DiagnosticCollector,
        withChildren: Bool = true
    ) -> XMLTree.Element {
        let position = collector.nodePositions[UnsafeMutableRawPointer(node)]
        let line = position?.line ?? xmlGetLineNo(node)
        var result = XMLTree.Element(
            name: qualifiedName(node.pointee.name, node.pointee.ns),
            namespaceURI: string(node.pointee.ns?.pointee.href),
            line: line,
            column: position?.column ?? 0
        )

        var attribute = node.pointee.properties
        while let current = attribute {
            let attributePosition = collector.nodePositions[UnsafeMutableRawPointer(current)]
            result.attributes.append(
                XMLTree.Attribute(
                    name: qualifiedName(current.pointee.name, current.pointee.ns),
                    namespaceURI: string(current.pointee.ns?.pointee.href),
                    value: text(
                        of: current.pointee.children,
                        collector: collector,
                        at: attributePosition ?? .init(line: line, column: 0)
                    ),
                    line: attributePosition?.line ?? line,
                    column: attributePosition?.column ?? 0
                )
            )
            attribute = current.pointee.next
        }

        var child = withChildren ? node.pointee.children : nil
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.children.append(.element(element(current, collector: collector)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = string(current.pointee.content) ?? ""
                if case .text(let previous) = result.children.last {
                    result.children[result.children.count - 1] = .text(previous + text)
                } else {
                    result.children.append(.text(text))
                }
            case XML_COMMENT_NODE:
                result.children.append(.comment(string(current.pointee.content) ?? ""))
            case XML_ENTITY_REF_NODE:
                refuseEntity(current, at: .init(line: line, column: result.column), collector: collector)
            default:
                break  // processing instructions carry nothing the harness reads
            }
            child = current.pointee.next
        }
        return result
    }

    /// The value of an attribute, from its text children.
    private static func text(
        of children: xmlNodePtr?,
        collector: DiagnosticCollector,
        at position: SourcePositions.Position
    ) -> String {
        var result = ""
        var child = children
        while let current = child {
            if current.pointee.type == XML_ENTITY_REF_NODE {
                refuseEntity(current, at: position, collector: collector)
            } else if let content = string(current.pointee.content) {
                result += content
            }
            child = current.pointee.next
        }
        return result
    }

    /// Reports an entity reference at the element or attribute that contains it (libxml2 keeps no position).
    private static func refuseEntity(
        _ node: xmlNodePtr,
        at position: SourcePositions.Position,
        collector: DiagnosticCollector
    ) {
        let name = string(node.pointee.name) ?? "?"
        collector.add(
            line: position.line,
            column: position.column,
            "reference to entity '\(name)' refused: only the predefined entities and character references are allowed"
        )
    }

    // MARK: XML Schema

    /// A parsed XML Schema and the document it was parsed from, freed together.
    ///
    /// `@unchecked Sendable`: the schema is never modified after `xmlSchemaParse`, and each validation creates
    /// its own `xmlSchemaValidCtxt`, so several threads may validate against it at once.
    final class Schema: @unchecked Sendable {
        fileprivate let schema: xmlSchemaPtr
        private let document: xmlDocPtr

        fileprivate init(schema: xmlSchemaPtr, document: xmlDocPtr) {
            self.schema = schema
            self.document = document
        }

        deinit {
            xmlSchemaFree(schema)
            // The schema may point into the document it came from, so the document outlives it.
            xmlFreeDoc(document)
        }
    }

    /// Parses an XSD from `data` with the same hardened reader as documents.
    ///
    /// `xs:include` and `xs:import` are resolved relative to `file` by libxml2 itself; schemas ship with the
    /// harness and are trusted, unlike the documents checked against them.
    static func loadSchema(_ data: Data, file: String) -> Result<Schema, XMLSupportError> {
        let collector = DiagnosticCollector(file: file)
        return capturingErrors(in: collector) {
            func failure() -> Result<Schema, XMLSupportError> {
                let diagnostics = collector.reported
                let message = collector.errors.first?.message ?? "libxml2 could not load the schema"
                return .failure(
                    XMLSupportError(code: .invalidSchema, message: message, file: file, diagnostics: diagnostics)
                )
            }
            guard let document = readDocument(data, collector: collector) else { return failure() }
            recordPositions(of: document, source: data, in: collector)
            guard let parser = xmlSchemaNewDocParserCtxt(document) else {
                xmlFreeDoc(document)
                return failure()
            }
            xmlSchemaSetParserStructuredErrors(parser, collectStructuredError, collector.context)
            // Only an address crosses the lock (`withLock` requires a sendable result).
            let address = schemaParsing.withLock { _ in UInt(bitPattern: xmlSchemaParse(parser)) }
            let parsed = xmlSchemaPtr(bitPattern: address)
            xmlSchemaFreeParserCtxt(parser)
            guard let parsed, collector.errors.isEmpty else {
                if let parsed { xmlSchemaFree(parsed) }
                xmlFreeDoc(document)
                return failure()
            }
            return .success(Schema(schema: parsed, document: document))
        }
    }

    /// Validates with a fresh validation context, because a `xmlSchemaValidCtxt` holds per-run state.
    private static func validate(_ document: xmlDocPtr, against schema: Schema, collector: DiagnosticCollector) {
        guard let validator = xmlSchemaNewValidCtxt(schema.schema) else {
            collector.add(line: 0, column: 0, "libxml2 could not allocate a validation context")
            return
        }
        defer { xmlSchemaFreeValidCtxt(validator) }
        xmlSchemaSetValidStructuredErrors(validator, collectStructuredError, collector.context)
        let result = withExtendedLifetime(schema) { xmlSchemaValidateDoc(validator, document) }
        if result != 0, collector.errors.isEmpty {
            collector.add(line: 0, column: 0, "libxml2 could not validate the document (internal error \(result))")
        }
    }

    // MARK: Strings

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func qualifiedName(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?) -> String {
        let local = string(name) ?? ""
        guard let prefix = string(namespace?.pointee.prefix) else { return local }
        return "\(prefix):\(local)"
    }
}

/// The C callback through which libxml2's reader takes the bytes of a streamed document.
private func readFromWindow(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ count: Int32) -> Int32 {
    guard let context, let buffer, count > 0 else { return -1 }
    let window = Unmanaged<InputFile.Window>.fromOpaque(context).takeUnretainedValue()
    return Int32(window.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(count))))
}

/// The C callback libxml2 calls with each error; its context is the `DiagnosticCollector` of the operation.
private func collectStructuredError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<LibXML2.DiagnosticCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
}

extension String {
    /// Lends the string to libxml2 as NUL-terminated `xmlChar`s (libxml2's unsigned UTF-8).
    func withXMLChars<R>(_ body: (UnsafePointer<xmlChar>) throws -> R) rethrows -> R {
        try withCString { pointer in
            try pointer.withMemoryRebound(to: xmlChar.self, capacity: utf8.count + 1, body)
        }
    }
}
