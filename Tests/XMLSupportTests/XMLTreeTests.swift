import Foundation
import Locking
import TestSupport
import Testing
import XMLSupport

@Suite("Parsing")
struct XMLTreeTests {
    @Test("a valid file becomes a tree with positions, attributes in order and text")
    func parsesValidFile() throws {
        let directory = try TestDirectory()
        let path = try directory.write(
            "suite.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a suite -->
            <suite name="basic" xmlns:x="urn:x">
              <step id="1"
                    x:kind="fetch">hello &amp; <![CDATA[<raw>]]> bye</step>
              <empty/>
              <é attr='v&#x41;'  other="2"/>
            </suite>

            """
        )

        let tree = try XMLTree.parse(contentsOf: path)

        #expect(tree.file == path)
        #expect(tree.warnings.isEmpty)
        let root = tree.root
        #expect(root.name == "suite")
        #expect((root.line, root.column) == (3, 1))
        #expect(root.attributes.map(\.name) == ["name"], "xmlns declarations are not attributes")
        #expect(root[attribute: "name"] == "basic")
        #expect(root.elements.map(\.name) == ["step", "empty", "é"])

        let step = try #require(root.elements(named: "step").first)
        #expect((step.line, step.column) == (4, 3))
        #expect(step.attributes.map(\.name) == ["id", "x:kind"])
        let kind = try #require(step.attribute(named: "x:kind"))
        #expect((kind.line, kind.column) == (5, 9))
        #expect(kind.namespaceURI == "urn:x")
        #expect(kind.value == "fetch")
        #expect(step.text == "hello & <raw> bye")
        #expect(step.children == [.text("hello & <raw> bye")], "adjacent text and CDATA are merged")

        // Columns count Unicode scalars, not bytes: "é" is two bytes in UTF-8.
        let accented = try #require(root.elements.last)
        #expect((accented.line, accented.column) == (7, 3))
        #expect(accented.attributes.map { [$0.name, $0.value, "\($0.line):\($0.column)"] } == [
            ["attr", "vA", "7:6"], ["other", "2", "7:22"],
        ])
    }

    @Test("an unclosed start tag on line 3 is reported like a compiler error")
    func reportsBrokenFile() throws {
        let directory = try TestDirectory()
        let path = try directory.write("broken.xml", "<suite>\n  <step/>\n  <step name=\"a\"</suite>\n")

        let error = try #require(throws: XMLSupportError.self) { try XMLTree.parse(contentsOf: path) }

        #expect(error.code == .notWellFormed)
        #expect(error.file == path)
        #expect(error.message == "attributes construct error")
        #expect(error.description == """
            \(path):3:17: error: attributes construct error
            \(path):3:17: error: Couldn't find end of Start Tag step line 3
            """)
    }

    @Test("every error libxml2 finds is reported, not just the first")
    func reportsSeveralErrors() throws {
        let error = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(Data("<a>\n  <b>\n    <c>\n  </b>\n</a>\n".utf8), file: "Suites/nested.xml")
        }

        #expect(error.diagnostics.map(\.description) == [
            "Suites/nested.xml:4:7: error: Opening and ending tag mismatch: c line 3 and b",
            "Suites/nested.xml:5:5: error: Opening and ending tag mismatch: b line 2 and a",
            "Suites/nested.xml:6:1: error: Premature end of data in tag a line 1",
        ])
    }

    @Test(
        "inputs that are not a usable document are refused with a diagnostic",
        arguments: [
            ("", "empty.xml:1:1: error: Document is empty"),
            ("<x xmlns:a=\"urn:a\"><b:c/></x>", "empty.xml:1:24: error: Namespace prefix b on c is not defined"),
            ("<x/><y/>", "empty.xml:1:5: error: Extra content at the end of the document"),
        ]
    )
    func refusesUnusableInput(source: String, expected: String) throws {
        let error = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(Data(source.utf8), file: "empty.xml")
        }
        #expect(error.code == .notWellFormed)
        #expect(error.diagnostics.first?.description == expected)
    }

    @Test("warnings do not fail the parse but are kept with the tree")
    func keepsWarnings() throws {
        let tree = try XMLTree.parse(Data("<x xmlns=\"relative\">\n  <y/>\n</x>".utf8), file: "w.xml")
        #expect(tree.root.elements.map(\.name) == ["y"])
        #expect(tree.warnings.map(\.description) == ["w.xml:1:20: warning: xmlns: URI relative is not absolute"])
    }

    @Test("inputs over the size limit are refused before parsing")
    func refusesOversizedInput() throws {
        let document = Data("<x>\(String(repeating: "a", count: 100))</x>".utf8)
        let error = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(document, file: "big.xml", maximumInputSize: 50)
        }
        #expect(error.code == .inputTooLarge)
        #expect(error.description == "big.xml: error: input is larger than the limit of 50 bytes")

        let directory = try TestDirectory()
        let path = try directory.write("big.xml", String(decoding: document, as: UTF8.self))
        #expect(throws: XMLSupportError.self) { try XMLTree.parse(contentsOf: path, maximumInputSize: 50) }
        #expect(try XMLTree.parse(contentsOf: path, maximumInputSize: document.count).root.text.count == 100)
    }

    @Test("a file that cannot be read names the file and the system's reason")
    func reportsUnreadableFile() throws {
        let directory = try TestDirectory()
        let missing = "\(directory.path)/missing.xml"
        let error = try #require(throws: XMLSupportError.self) { try XMLTree.parse(contentsOf: missing) }
        #expect(error.code == .unreadableInput)
        #expect(error.description == "\(missing): error: No such file or directory")

        let asDirectory = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(contentsOf: directory.path)
        }
        #expect(asDirectory.code == .unreadableInput)
    }

    @Test("diagnostics stay with their own parse when many threads parse at once")
    func parsesConcurrently() throws {
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let file = "file-\(index).xml"
            let source = index.isMultiple(of: 2) ? "<a>\n<b></a>" : "<a x=\"\(index)\"/>"
            do {
                let tree = try XMLTree.parse(Data(source.utf8), file: file)
                results.append(index, tree.root[attribute: "x"] == "\(index)" ? [] : ["wrong tree"])
            } catch let error as XMLSupportError {
                results.append(index, error.diagnostics.map(\.description))
            } catch {
                results.append(index, ["unexpected \(error)"])
            }
        }
        for (index, lines) in results.all {
            if index.isMultiple(of: 2) {
                #expect(lines == [
                    "file-\(index).xml:2:8: error: Opening and ending tag mismatch: b line 2 and a",
                    "file-\(index).xml:2:8: error: Premature end of data in tag a line 1",
                ])
            } else {
                #expect(lines.isEmpty)
            }
        }
        #expect(results.all.count == 64)
    }
}

/// Collects per-index results from concurrent work.
final class Results: Sendable {
    private let storage = Locked<[Int: [String]]>([:])
    func append(_ index: Int, _ lines: [String]) { storage.withLock { $0[index] = lines } }
    var all: [(Int, [String])] { storage.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } } }
}
