import Foundation
import HarnessCore
import Testing

/// `update-expectations`: a run's unexpected results written back, nothing hand-written lost.
@Suite("expectation updater")
struct ExpectationUpdaterTests {
    static let file = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- wk-demo: written by hand; this comment stays. -->
        <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-demo" extends="reference">
          <!-- the header strategy's leak: a cause reviewed by a person -->
          <expect scenario="cross-domain.leak" status="fail" observed="Cookie header of GET https://evil.example/: expected no cookie, observed 'sid=1'">the header rides every hop (WebKit rule 2) [security]</expect>
          <expect scenario="first-request.fixed" status="fail">the first load lacks the cookie</expect>
          <expect scenario="http-state.*" status="fail">the reference's deviations, by pattern</expect>
          <expect scenario="redirect.changed" status="fail" observed="old message">the 302 hop lost the cookie</expect>
        </expectations>

        """

    static func result(_ scenario: String, _ status: String, expected: String, unexpected: Bool = true, _ message: String = "")
        -> ExpectationUpdater.Result
    {
        ExpectationUpdater.Result(
            adapter: "wk-demo", scenario: scenario, status: status, expectedStatus: expected, unexpected: unexpected,
            message: message)
    }

    @Test("new failures get draft entries in order, fixed ones go, changed ones keep their cause; comments and patterns stay")
    func update() throws {
        let sandbox = try SuiteLoaderSandbox()
        let path = try sandbox.write("expectations/demo.xml", Self.file)
        let updater = ExpectationUpdater(directory: sandbox.path + "/expectations")
        let changes = try updater.apply([
            Self.result("cross-domain.leak", "fail", expected: "fail", unexpected: false, "as expected"),
            Self.result("first-request.fixed", "pass", expected: "fail"),
            Self.result("first-request.new", "fail", expected: "pass", "Cookie header of GET https://a.example/: expected to contain 'x', observed (none) (+1 more failed check)"),
            Self.result("redirect.changed", "fail", expected: "fail", "failed, but not as expected: native store: expected a cookie 'sid', found none"),
            Self.result("http-state.0001", "pass", expected: "fail"),
            Self.result("same-site.inherited", "pass", expected: "fail"),
            Self.result("expiry.broken", "error", expected: "pass", "the adapter crashed"),
        ])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<!-- wk-demo: written by hand; this comment stays. -->"))
        #expect(text.contains("<!-- the header strategy's leak: a cause reviewed by a person -->"))
        #expect(text.contains(">the header rides every hop (WebKit rule 2) [security]</expect>"))
        #expect(!text.contains("first-request.fixed"))
        #expect(text.contains(#"<expect scenario="first-request.new" status="fail" observed="Cookie header of GET https://a.example/: expected to contain 'x', observed (none)">DRAFT — review the cause."#))
        #expect(text.contains(#"observed="native store: expected a cookie 'sid', found none">the 302 hop lost the cookie</expect>"#))
        #expect(text.contains("<!-- review: the failure changed (was observed=\"old message\")"))
        #expect(text.contains(#"<expect scenario="http-state.*" status="fail">"#))
        #expect(text.contains(#"<expect scenario="same-site.inherited" status="pass"/>"#))
        #expect(!text.contains("expiry.broken"))
        // Scenario order: the new entry sits between cross-domain.leak and http-state.*.
        let order = ["cross-domain.leak", "first-request.new", "http-state.*", "redirect.changed", "same-site.inherited"]
            .compactMap { text.range(of: "scenario=\"\($0)\"")?.lowerBound }
        #expect(order.count == 5)
        #expect(order == order.sorted())
        #expect(changes.contains(.leftAlone(adapter: "wk-demo", scenario: "http-state.0001", reason: #"the entry scenario="http-state.*" is a pattern"#)))
        // The result is a valid expectation file whose entries say what the run observed.
        let schema = try SuiteSchema.load(from: SuiteLoaderSandbox.schemaPath)
        let loaded = try ExpectationFile(contentsOf: path, schema: schema)
        #expect(loaded.entry(forScenario: "first-request.new")?.expectedStatus.status == .fail)
        #expect(loaded.entry(forScenario: "first-request.fixed")?.expectedStatus.status != .fail)
        #expect(loaded.extends == ["reference"])
    }

    @Test("an adapter without a file gets a new one, valid for the schema")
    func newFile() throws {
        let sandbox = try SuiteLoaderSandbox()
        try sandbox.write("expectations/other.xml", Self.file)
        let updater = ExpectationUpdater(directory: sandbox.path + "/expectations")
        var result = Self.result("first-request.new", "fail", expected: "pass", "a <failure> & \"quotes\"")
        result.adapter = "wk-new:variant@ios-11"
        try updater.apply([result])
        let path = sandbox.path + "/expectations/wk-new:variant@ios-11.xml"
        let loaded = try ExpectationFile(contentsOf: path, schema: try SuiteSchema.load(from: SuiteLoaderSandbox.schemaPath))
        #expect(loaded.adapter == "wk-new:variant@ios-11")
        #expect(loaded.entry(forScenario: "first-request.new")?.expectedStatus.observed == "a <failure> & \"quotes\"")
    }
}
