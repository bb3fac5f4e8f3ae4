import Foundation
import TestSupport
import Testing
import XMLSupport

@Suite("Streaming writer")
struct XMLStreamWriterTests {
    @Test("output is indented, declared UTF-8, and empty elements are self-closed")
    func writesIndentedDocument() throws {
        let xml = try XMLStreamWriter.string { writer in
            try writer.element("testsuites") {
                try writer.element("testsuite", attributes: ["name": "a", "tests": "1"]) {
                    try writer.element("testcase", attributes: ["name": "x"])
                    try writer.element("system-out") { try writer.text("done") }
                }
            }
        }
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="a" tests="1">
                <testcase name="x"/>
                <system-out>done</system-out>
              </testsuite>
            </testsuites>

            """)
    }

    @Test("without indentation, mixed content is written exactly")
    func writesMixedContentWithoutIndentation() throws {
        let xml = try XMLStreamWriter.string(indentation: nil) { writer in
            try writer.element("p") {
                try writer.text("a ")
                try writer.element("b") { try writer.text("bold") }
                try writer.comment("note")
                try writer.text(" z")
            }
        }
        #expect(xml == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<p>a <b>bold</b><!--note--> z</p>\n")
    }

    @Test("a written file parses back to the same names, attributes and text")
    func roundTrips() throws {
        let directory = try TestDirectory()
        let path = "\(directory.path)/report.xml"
        let tricky = "a < b && c > \"d\" 'e' ]]> é 🍪\ttab\nnewline\r\ncrlf"

        let writer = try XMLStreamWriter(writingTo: path)
        try writer.startElement("root")
        try writer.attribute("value", tricky)
        try writer.comment("a -- comment ending in -")
        try writer.startElement("text")
        try writer.text(tricky)
        try writer.endElement()
        try writer.startElement("cdata")
        try writer.cdata("x]]>y]]>")
        try writer.endElement()
        try writer.endElement()
        try writer.finish()

        let tree = try XMLTree.parse(contentsOf: path)
        #expect(tree.root[attribute: "value"] == tricky)
        #expect(tree.root.elements(named: "text").first?.text == tricky)
        #expect(tree.root.elements(named: "cdata").first?.text == "x]]>y]]>")
        #expect(tree.root.children.contains(.comment("a - - comment ending in - ")))
        #expect(try directory.entries() == ["report.xml"], "no temporary file is left behind")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o644)
    }

    /// Characters XML 1.0 forbids, and how each must appear in the file.
    static let forbidden: [(Character, String)] = [
        ("\u{0000}", #"\u{0000}"#), ("\u{0001}", #"\u{0001}"#), ("\u{0008}", #"\u{0008}"#),
        ("\u{000B}", #"\u{000B}"#), ("\u{000C}", #"\u{000C}"#), ("\u{001B}", #"\u{001B}"#),
        ("\u{001F}", #"\u{001F}"#), ("\u{FFFE}", #"\u{FFFE}"#), ("\u{FFFF}", #"\u{FFFF}"#),
    ]

    @Test("characters XML forbids are escaped visibly and the file stays well-formed", arguments: forbidden)
    func escapesForbiddenCharacters(character: Character, escaped: String) throws {
        let directory = try TestDirectory()
        let path = "\(directory.path)/escaped.xml"
        let value = "before\(character)after"

        let writer = try XMLStreamWriter(writingTo: path)
        try writer.element("root", attributes: ["message": value]) {
            try writer.element("text") { try writer.text(value) }
            try writer.element("comment") { try writer.comment(value) }
            try writer.element("cdata") { try writer.cdata(value) }
        }
        try writer.finish()

        let tree = try XMLTree.parse(contentsOf: path)
        let expected = "before\(escaped)after"
        #expect(tree.root[attribute: "message"] == expected)
        #expect(tree.root.elements(named: "text").first?.children == [.text(expected)])
        #expect(tree.root.elements(named: "comment").first?.children.contains(.comment(expected)) == true)
        #expect(tree.root.elements(named: "cdata").first?.children == [.text(expected)])
    }

    @Test(
        "characters XML allows pass through unchanged",
        arguments: ["\t", "\n", "\u{7F}", "\u{85}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{10FFFF}"]
    )
    func keepsAllowedCharacters(character: String) throws {
        #expect(XMLStreamWriter.visiblyEscaped("a\(character)b") == "a\(character)b")
        let xml = try XMLStreamWriter.string { writer in
            try writer.element("r") { try writer.text("a\(character)b") }
        }
        #expect(try XMLTree.parse(Data(xml.utf8), file: "mem.xml").root.text == "a\(character)b")
    }

    @Test("an unfinished writer leaves neither the destination nor a temporary file")
    func unfinishedWriterLeavesNothing() throws {
        let directory = try TestDirectory()
        let path = "\(directory.path)/report.xml"
        do {
            let writer = try XMLStreamWriter(writingTo: path)
            try writer.startElement("root")
            try writer.text(String(repeating: "x", count: 100_000))  // more than libxml2's buffer: bytes hit the disk
            #expect(try directory.entries().count == 1, "the temporary file exists while writing")
        }
        #expect(try directory.entries() == [])
    }

    @Test("an existing destination is untouched until finish, then replaced whole")
    func replacesAtomically() throws {
        let directory = try TestDirectory()
        let path = try directory.write("report.xml", "<old/>")

        let cancelled = try XMLStreamWriter(writingTo: path)
        try cancelled.element("new")
        cancelled.cancel()
        #expect(try directory.read("report.xml") == "<old/>")
        #expect(throws: XMLSupportError.self) { try cancelled.finish() }
        #expect(try directory.entries() == ["report.xml"])

        let writer = try XMLStreamWriter(writingTo: path)
        try writer.element("new")
        #expect(try directory.read("report.xml") == "<old/>")
        try writer.finish()
        #expect(try XMLTree.parse(contentsOf: path).root.name == "new")
        #expect(try directory.entries() == ["report.xml"])
    }

    /// Ways to misuse the writer, each of which must be refused.
    enum Misuse: String, CaseIterable, Sendable {
        case endWithoutStart = "endElement without an open element"
        case nameWithSpace = "element name with a space"
        case nameStartingWithDigit = "element name starting with a digit"
        case attributeNameWithControl = "attribute name with a control character"
        case attributeAfterText = "attribute after text"

        func perform(on writer: XMLStreamWriter) throws {
            switch self {
            case .endWithoutStart: try writer.endElement()
            case .nameWithSpace: try writer.startElement("bad name")
            case .nameStartingWithDigit: try writer.startElement("1x")
            case .attributeNameWithControl:
                try writer.startElement("a")
                try writer.attribute("x\u{1}", "")
            case .attributeAfterText:
                try writer.startElement("a")
                try writer.text("t")
                try writer.attribute("x", "y")
            }
        }
    }

    @Test("misuse is refused with .invalidUse and the temporary file removed", arguments: Misuse.allCases)
    func refusesMisuse(misuse: Misuse) throws {
        let directory = try TestDirectory()
        let writer = try XMLStreamWriter(writingTo: "\(directory.path)/out.xml")
        let error = try #require(throws: XMLSupportError.self) { try misuse.perform(on: writer) }
        #expect(error.code == .invalidUse, "\(error)")
        writer.cancel()
        #expect(try directory.entries() == [])
    }

    @Test("a destination in a missing directory fails with the system's reason")
    func reportsMissingDirectory() throws {
        let directory = try TestDirectory()
        let path = "\(directory.path)/missing/report.xml"
        let error = try #require(throws: XMLSupportError.self) { try XMLStreamWriter(writingTo: path) }
        #expect(error.code == .writeFailed)
        #expect(error.description == """
            \(path): error: cannot create a temporary file in \(directory.path)/missing: No such file or directory
            """)
    }
}
