import Foundation
import TestSupport
import Testing
import XMLSupport

@Suite("XML Schema validation")
struct XMLSchemaTests {
    static let suiteSchema = """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="suite">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="step" maxOccurs="unbounded">
                  <xs:complexType>
                    <xs:attribute name="name" type="xs:string" use="required"/>
                    <xs:attribute name="count" type="xs:int"/>
                  </xs:complexType>
                </xs:element>
              </xs:sequence>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """

    static let invalidSuite = """
        <suite>
          <step name="ok"/>
          <step
             count="2"/>
          <step name="x" count="many"/>
        </suite>
        """

    @Test("a missing required attribute and a bad value are reported at the element and the attribute")
    func reportsValidityErrors() throws {
        let directory = try TestDirectory()
        let schema = try XMLSchema(contentsOf: try directory.write("suite.xsd", Self.suiteSchema))
        let document = try directory.write("suite.xml", Self.invalidSuite)

        let diagnostics = try schema.validate(contentsOf: document)

        #expect(diagnostics.map(\.description) == [
            "\(document):3:3: error: Element 'step': The attribute 'name' is required but missing.",
            "\(document):5:18: error: Element 'step', attribute 'count': 'many' is not a valid value of the atomic "
                + "type 'xs:int'.",
        ])
    }

    @Test("a valid document gives no diagnostics, and parsing with the schema gives the tree")
    func acceptsValidDocument() throws {
        let schema = try XMLSchema(Data(Self.suiteSchema.utf8), file: "suite.xsd")
        let document = Data("<suite>\n  <step name=\"a\" count=\"3\"/>\n</suite>".utf8)

        #expect(try schema.validate(document, file: "ok.xml").isEmpty)
        let tree = try XMLTree.parse(document, file: "ok.xml", validatingAgainst: schema)
        #expect(tree.root.elements.first?[attribute: "count"] == "3")
    }

    @Test("parsing with a schema fails with .notValid and every diagnostic")
    func parsingWithSchemaFails() throws {
        let schema = try XMLSchema(Data(Self.suiteSchema.utf8), file: "suite.xsd")
        let error = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(Data(Self.invalidSuite.utf8), file: "bad.xml", validatingAgainst: schema)
        }
        #expect(error.code == .notValid)
        #expect(error.message == "Element 'step': The attribute 'name' is required but missing.")
        #expect(error.diagnostics.map { "\($0.line):\($0.column)" } == ["3:3", "5:18"])
    }

    @Test("a document that is not well-formed is an error, not a validity diagnostic")
    func validatingMalformedDocumentThrows() throws {
        let schema = try XMLSchema(Data(Self.suiteSchema.utf8), file: "suite.xsd")
        let error = try #require(throws: XMLSupportError.self) {
            try schema.validate(Data("<suite>".utf8), file: "cut.xml")
        }
        #expect(error.code == .notWellFormed)
    }

    @Test("a broken schema is refused with libxml2's diagnostics")
    func refusesBrokenSchema() throws {
        let broken = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="a" type="xs:nosuchtype"/>
            </xs:schema>
            """
        let error = try #require(throws: XMLSupportError.self) {
            try XMLSchema(Data(broken.utf8), file: "broken.xsd")
        }
        #expect(error.code == .invalidSchema)
        #expect(error.diagnostics.map(\.description) == [
            "broken.xsd:2:24: error: element decl. 'a', attribute 'type': The QName value "
                + "'{http://www.w3.org/2001/XMLSchema}nosuchtype' does not resolve to a(n) type definition.",
        ])
    }

    @Test("one schema validates documents from many threads at once")
    func validatesConcurrently() throws {
        let schema = try XMLSchema(Data(Self.suiteSchema.utf8), file: "suite.xsd")
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let source = index.isMultiple(of: 2) ? Self.invalidSuite : "<suite><step name=\"\(index)\"/></suite>"
            do {
                let diagnostics = try schema.validate(Data(source.utf8), file: "doc-\(index).xml")
                results.append(index, diagnostics.map(\.description))
            } catch {
                results.append(index, ["unexpected \(error)"])
            }
        }
        for (index, lines) in results.all {
            #expect(lines.count == (index.isMultiple(of: 2) ? 2 : 0))
            #expect(lines.allSatisfy { $0.hasPrefix("doc-\(index).xml:") })
        }
    }
}
