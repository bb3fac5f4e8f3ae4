import Foundation
import TestSupport
import Testing
import XMLSupport

@Suite("Streaming one child of the root at a time")
struct XMLStreamReaderTests {
    /// Streams `document`, returning how it ended, the root's start tag and the children handed over.
    static func stream(
        _ document: String,
        schema: XMLSchema? = nil
    ) -> (outcome: XMLStreamReader.Outcome, root: XMLTree.Element?, children: [XMLTree.Element]) {
        var root: XMLTree.Element?
        var children: [XMLTree.Element] = []
        let outcome = XMLStreamReader.read(
            Data(document.utf8), file: "s.xml", validatingAgainst: schema,
            root: {
                root = $0
                return true
            },
            child: { children.append($0) }
        )
        return (outcome, root, children)
    }

    @Test("each child arrives as the element the whole tree holds: names, namespaces, attributes, text, positions")
    func childrenEqualTheTree() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- before the root -->
            <s:suite xmlns:s="urn:s" xmlns:x="urn:x" name="basic"
                     x:kind='k'>
              text at the top, ignored
              <s:step id="1"><x:a b="c"/><x:a b="d">é &amp; <![CDATA[<raw>]]></x:a><!-- c --></s:step><s:step id="2"/>
              <?pi data?>
              <s:étape   attr='v&#x41;'
                  other="2">
                <inner>naïve — “text”<deeper x:y="z"/></inner>
              </s:étape>
            </s:suite>
            <!-- after -->

            """
        let tree = try XMLTree.parse(Data(document.utf8), file: "s.xml")

        let streamed = Self.stream(document)

        #expect(streamed.outcome == .finished)
        var rootStartTag = tree.root
        rootStartTag.children = []
        #expect(streamed.root == rootStartTag)
        #expect(streamed.children == tree.root.elements)
        #expect(streamed.children.map { "\($0.name) \($0.line):\($0.column)" } == [
            "s:step 6:3", "s:step 6:91", "s:étape 8:3",
        ])
        #expect(streamed.children.last?.attributes.map { "\($0.name) \($0.line):\($0.column)" } == [
            "attr 8:14", "other 9:7",
        ])
    }

    @Test("a valid document streams to the end with its schema checked in the same pass")
    func validatesWhileStreaming() throws {
        let schema = try XMLSchema(Data(XMLSchemaTests.suiteSchema.utf8), file: "suite.xsd")

        let streamed = Self.stream("<suite>\n  <step name=\"a\" count=\"3\"/>\n  <step name=\"b\"/>\n</suite>", schema: schema)

        #expect(streamed.outcome == .finished)
        #expect(streamed.children.map { $0[attribute: "name"] } == ["a", "b"])
    }

    @Test(
        "any problem ends the stream early, for the whole-tree API to describe",
        arguments: [
            ("not valid in the third child", "<suite><step name='a'/><step name='b'/><step count='x'/><step name='d'/></suite>"),
            ("not valid at the root's end", "<suite></suite>"),
            ("not well-formed after two children", "<suite><step name='a'/><step name='b'/><step name='c'>"),
            ("content after the root", "<suite><step name='a'/></suite><suite/>"),
            ("an undefined namespace prefix", "<suite><step name='a'/><p:step name='b'/></suite>"),
            ("an entity declared in the DTD", "<!DOCTYPE suite [<!ENTITY e 'x'>]><suite><step name='&e;'/></suite>"),
            ("empty", ""),
        ])
    func stopsAtAnyProblem(_ name: String, _ document: String) throws {
        let schema = try XMLSchema(Data(XMLSchemaTests.suiteSchema.utf8), file: "suite.xsd")

        let streamed = Self.stream(document, schema: schema)

        guard case .needsFullParse = streamed.outcome else {
            Issue.record("\(name): \(streamed.outcome)")
            return
        }
        #expect(streamed.children.count <= 2, "\(name)")
    }

    @Test("a document the position scanner cannot read (not UTF-8) is left to the whole-tree API")
    func leavesOtherEncodingsToTheTree() {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><suite><step name=\"".utf8)
        data.append(0xE9)  // é in Latin-1
        data.append(contentsOf: Array("\"/></suite>".utf8))

        let outcome = XMLStreamReader.read(data, file: "latin1.xml", root: { _ in true }, child: { _ in })

        #expect(outcome == .needsFullParse("not UTF-8"))
    }

    @Test("a file is read in pieces: characters cut between two pieces, positions far into the file")
    func readsAFileInPieces() throws {
        let directory = try TestDirectory()
        // Two-, three- and four-byte characters in every line, so that the pieces libxml2 reads cut some of them.
        let children = (0..<2_000).map { "  <step name=\"é€😀\($0)\">ü\($0)😀€</step>" }
        let path = try directory.write("big.xml", "<suite>\n\(children.joined(separator: "\n"))\n</suite>\n")
        let tree = try XMLTree.parse(contentsOf: path)

        var streamed: [XMLTree.Element] = []
        let outcome = XMLStreamReader.read(contentsOf: path, root: { _ in true }, child: { streamed.append($0) })

        #expect(outcome == .finished)
        let sameAsTree = streamed == tree.root.elements  // 2,000 elements: too long to print when they differ
        #expect(sameAsTree)
        #expect(streamed.last.map { "\($0.line):\($0.column)" } == "2001:3")
    }

    @Test("a file past the size limit, or missing, is left to the whole-tree API, which says why")
    func leavesUnreadableFilesToTheTree() throws {
        let directory = try TestDirectory()
        let path = try directory.write("s.xml", "<suite><step name=\"a\"/></suite>")

        let tooLarge = XMLStreamReader.read(contentsOf: path, maximumInputSize: 10, root: { _ in true }, child: { _ in })
        let missing = XMLStreamReader.read(contentsOf: path + ".none", root: { _ in true }, child: { _ in })

        guard case .needsFullParse = tooLarge, case .needsFullParse = missing else {
            Issue.record("\(tooLarge), \(missing)")
            return
        }
        #expect(XMLStreamReader.read(contentsOf: path, root: { _ in true }, child: { _ in }) == .finished)
    }

    @Test("the root callback can stop the stream before any child is read")
    func rootCanStop() {
        var children = 0
        let outcome = XMLStreamReader.read(
            Data("<expectations><entry/></expectations>".utf8), file: "e.xml",
            root: { $0.name != "expectations" }, child: { _ in children += 1 })

        #expect(outcome == .stopped)
        #expect(children == 0)
    }

    @Test("documents stream on many threads at once against one parsed schema, as they do one at a time")
    func streamsConcurrentlyWithOneSchema() throws {
        let schema = try XMLSchema(Data(XMLSchemaTests.suiteSchema.utf8), file: "suite.xsd")
        let documents = (0..<16).map { index in
            let steps = (0..<200).map { "  <step name=\"s\($0)\" count=\"\($0)\"/>" }.joined(separator: "\n")
            // Every fourth document breaks the schema near its end.
            let last = index % 4 == 3 ? "  <step count=\"many\"/>\n" : ""
            return "<suite>\n\(steps)\n\(last)</suite>\n"
        }
        let serial = documents.map { Self.stream($0, schema: schema) }

        let results = Results(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count * 4) { iteration in
            let index = iteration % documents.count
            let streamed = Self.stream(documents[index], schema: schema)
            results.set(index, "\(streamed.outcome) \(streamed.children.count) \(streamed.children.last?.line ?? 0)")
        }

        for (index, streamed) in serial.enumerated() {
            let expected = "\(streamed.outcome) \(streamed.children.count) \(streamed.children.last?.line ?? 0)"
            #expect(results.values(at: index) == [expected], "document \(index)")
        }
        #expect(serial.filter { $0.outcome == .finished }.count == 12)
    }

    /// What each concurrent stream saw, by document.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var byIndex: [Set<String>]

        init(count: Int) { byIndex = Array(repeating: [], count: count) }

        func set(_ index: Int, _ value: String) {
            lock.lock()
            byIndex[index].insert(value)
            lock.unlock()
        }

        func values(at index: Int) -> Set<String> {
            lock.lock()
            defer { lock.unlock() }
            return byIndex[index]
        }
    }
}
