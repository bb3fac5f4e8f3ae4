import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing
import XMLSupport

/// `validate`: every problem of every file in one pass, in words a suite author can act on.
@Suite("Suite validation: every problem in one pass, readable")
struct SuiteValidationTests {
    private func problems(_ files: [String: String]) throws -> (lines: [String], sandbox: TestDirectory) {
        let sandbox = try TestDirectory()
        for (name, text) in files { try sandbox.write(name, text) }
        let validation = SuiteValidation(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))
        let lines = validation.problems(in: [sandbox.path]).map { $0.description.replacingOccurrences(of: sandbox.path + "/", with: "") }
        return (lines, sandbox)
    }

    static let suite = SuiteDocuments.suite(id: "v", """
          <origin url="https://a.example"><route path="/"/></origin>
          <scenario id="v.schema"><title>T</title>
            <laod url="https://a.example/"/>
          </scenario>
          <scenario id="v.semantic"><title>T</title>
            <expect-request url="https://a.example/"/>
            <load ulr="https://a.example/"/>
            <expect-web-view-store name="sid" secure="yes"/>
          </scenario>
        """)

    static let expectations = """
        <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
          <expect scenario="v.schema" status="fial">typo in the status</expect>
          <expect scenario="v.semantic" status="fail"/>
        </expectations>
        """

    @Test("a schema error does not hide a semantic one, in the same file or in an expectation file")
    func onePass() throws {
        let (lines, _) = try problems(["a.xml": Self.suite, "expectations.xml": Self.expectations])
        #expect(lines.contains("a.xml:4:5: error: <laod> is not expected here; did you mean <load>? (expected one of <ref>, <native-set-cookie>, <native-request>, <open-web-view>, <switch-web-view>, <load>, <load-html>, <follow-link>, <submit-form>, <go-back>)"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("a.xml:7:5: error: <expect-request> needs one of contains=, lacks=, equals=, empty=, body="), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix("expectations.xml:2:") && $0.contains("'fial' is not one of the accepted values: ") && $0.hasSuffix("; did you mean 'fail'?") })
        #expect(lines.contains("expectations.xml:3:3: error: <expect scenario=\"v.semantic\" status=\"fail\"> needs a reason: say why as the element's text"))
    }

    @Test("a misspelt attribute gets the closest one the element takes; a boolean lists its values; no {urn:…} noise")
    func readableMessages() throws {
        let (lines, _) = try problems(["a.xml": Self.suite])
        #expect(lines.contains { $0.hasPrefix("a.xml:8:") && $0.contains("<load> does not take attribute 'ulr'; did you mean 'url'?") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("a.xml:8:5: error: <load> needs attribute 'url'"))
        #expect(lines.contains { $0.contains("'yes' is not a boolean; the accepted values are true, false, 1 and 0") })
        #expect(!lines.contains { $0.contains("{urn:") })
        // One mistake, one line: the loader's own words for the line the schema faulted are left out.
        #expect(lines.filter { $0.hasPrefix("a.xml:8:5:") }.count == 1)
    }

    @Test("semantic problems are capped per file like schema ones: 50, then how many more")
    func cap() throws {
        let checks = (0..<60).map { _ in "    <expect-request url=\"https://a.example/\"/>" }.joined(separator: "\n")
        let suite = SuiteDocuments.suite(id: "c", """
              <origin url="https://a.example"><route path="/"/></origin>
              <scenario id="c.many"><title>T</title>
            \(checks)
              </scenario>
            """)
        let (lines, _) = try problems(["c.xml": suite, "d.xml": SuiteDocuments.suite(id: "d", """
              <scenario id="d.x"><title>T</title><expect-request url="https://a.example/"/></scenario>
            """)])
        let inC = lines.filter { $0.hasPrefix("c.xml:") }
        #expect(inC.count == SuiteValidation.maximumPerFile + 1)
        #expect(inC.last?.hasSuffix("error: and 10 more diagnostics in this file (only the first 50 are shown)") == true, "\(inC.last ?? "")")
        #expect(lines.contains { $0.hasPrefix("d.xml:2:") }, "the next file is still reported")
    }


    @Test("a misspelt or namespace-less root element says what a document starts with")
    func rootElement() throws {
        let (lines, _) = try problems([
            "a.xml": "<suit xmlns=\"urn:cookieharness:suite:1\" id=\"a\" title=\"A\"/>\n",
            "b.xml": "<suite id=\"b\" title=\"B\"/>\n",
        ])
        #expect(lines.contains("a.xml:1:1: error: <suit> cannot start a document; did you mean <suite>? (a document starts with <suite> or <expectations>)"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("b.xml:1:1: error: <suite> has no namespace: write <suite xmlns=\"urn:cookieharness:suite:1\" …>"), "\(lines.joined(separator: "\n"))")
    }
}
