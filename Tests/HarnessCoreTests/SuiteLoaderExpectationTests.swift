import Foundation
import HarnessCore
import TestSupport
import Testing

@Suite("Suite loader: adapter expectation files")
struct SuiteLoaderExpectationTests {
    static let file = """
        <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-no-sync">
          <expect scenario="redirect.*" status="fail">
            the web view store never sees
            the native login
          </expect>
          <expect scenario="redirect.login-*" status="error">the 302 hop loops</expect>
          <expect scenario="redirect.login-302" status="pass">fixed by the header strategy</expect>
          <expect scenario="first-request.?" status="fail">single-letter ids</expect>
          <expect scenario="*" status="error">catch-all, shorter than everything else</expect>
          <expect scenario="gone.scenario" status="fail">renamed long ago</expect>
          <expect scenario="gone.*" status="fail">removed family</expect>
        </expectations>
        """

    static func load() throws -> (ExpectationFile, String, TestDirectory) {
        let sandbox = try TestDirectory()
        let path = try sandbox.write("expectations/wk-no-sync.xml", file)
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)
        return (try ExpectationFile(contentsOf: path, schema: schema), path, sandbox)
    }

    @Test("entries load with trimmed, collapsed reasons and their places")
    func loadsEntries() throws {
        let (expectations, path, _) = try Self.load()

        #expect(expectations.adapter == "wk-no-sync")
        #expect(expectations.file == path)
        #expect(expectations.entries.count == 7)
        #expect(expectations.entries.first == ExpectationFile.Entry(
            pattern: "redirect.*", status: .fail, reason: "the web view store never sees the native login",
            location: SuiteLocation(file: path, line: 2), column: 3
        ))
    }

    @Test(
        "an exact id beats every glob, the longest glob wins, no entry means pass",
        arguments: [
            ("redirect.login-302", ExpectedStatus(.pass)),
            ("redirect.login-303", ExpectedStatus(.error, reason: "the 302 hop loops")),
            ("redirect.other", ExpectedStatus(.fail, reason: "the web view store never sees the native login")),
            ("first-request.a", ExpectedStatus(.fail, reason: "single-letter ids")),
            ("first-request.ab", ExpectedStatus(.error, reason: "catch-all, shorter than everything else")),
            ("redirect", ExpectedStatus(.error, reason: "catch-all, shorter than everything else")),
        ]
    )
    func resolvesPrecedence(scenario: String, expected: ExpectedStatus) throws {
        let (expectations, _, _) = try Self.load()
        #expect(expectations.expectedStatus(forScenario: scenario) == expected)
    }

    @Test("without a matching entry a scenario is expected to pass; equally long globs: the first written wins")
    func defaultsAndTies() {
        let expectations = ExpectationFile(adapter: "x", entries: [
            .init(pattern: "a.?c", status: .fail, reason: "first"),
            .init(pattern: "a.b?", status: .error, reason: "second"),
            .init(pattern: "a.b", status: .fail, reason: "exact"),
        ])
        #expect(expectations.expectedStatus(forScenario: "a.bc") == ExpectedStatus(.fail, reason: "first"))
        #expect(expectations.expectedStatus(forScenario: "a.b") == ExpectedStatus(.fail, reason: "exact"))
        #expect(expectations.expectedStatus(forScenario: "b.bc") == .pass)
        #expect(ExpectationFile(adapter: "none").expectedStatus(forScenario: "a.b") == .pass)
    }

    @Test("entries changed after the file is built are the ones asked: the lookup follows every change")
    func lookupFollowsChangedEntries() {
        var expectations = ExpectationFile(adapter: "x", entries: [.init(pattern: "a.*", status: .fail, reason: "glob")])
        #expect(expectations.expectedStatus(forScenario: "a.b") == ExpectedStatus(.fail, reason: "glob"))
        expectations.entries.append(.init(pattern: "a.b", status: .error, reason: "exact, added later"))
        #expect(expectations.expectedStatus(forScenario: "a.b") == ExpectedStatus(.error, reason: "exact, added later"))
        expectations.entries.append(.init(pattern: "a.b*", status: .fail, reason: "longer glob, added later"))
        #expect(expectations.expectedStatus(forScenario: "a.bc") == ExpectedStatus(.fail, reason: "longer glob, added later"))
        expectations.entries.removeAll()
        #expect(expectations.expectedStatus(forScenario: "a.b") == .pass)
    }

    @Test(
        "globs: * is any run of characters (dots included, or none), ? exactly one, everything else literal",
        arguments: [
            ("*", "", true), ("*", "a.b.c", true), ("a.*", "a.", true), ("a.*", "a", false),
            ("a*c", "abbbc", true), ("a*c", "abbbd", false), ("a?c", "abc", true), ("a?c", "ac", false),
            ("*.x.*", "p.x.q.x.r", true), ("a**b", "ab", true), ("[ab]", "a", false), ("a.b", "a-b", false),
            ("*a*a*a*a*b", String(repeating: "a", count: 60), false),
        ]
    )
    func matchesGlobs(pattern: String, id: String, matches: Bool) {
        #expect(ExpectationFile.Entry(pattern: pattern, status: .fail).matches(id) == matches)
    }

    @Test("entries that match no loaded scenario are reported, as entries and as warnings")
    func reportsStaleEntries() throws {
        let (expectations, path, _) = try Self.load()
        let ids = ["redirect.login-302", "redirect.other", "first-request.a"]

        #expect(expectations.unmatchedEntries(scenarioIDs: ids).map(\.pattern) == ["gone.scenario", "gone.*"])
        #expect(expectations.unmatchedEntryWarnings(scenarioIDs: ids).map(\.description) == [
            #"\#(path):10:3: warning: <expect scenario="gone.scenario"> matches no loaded scenario"#,
            #"\#(path):11:3: warning: <expect scenario="gone.*"> matches no loaded scenario"#,
        ])
        #expect(expectations.unmatchedEntries(scenarioIDs: []).count == 7)
    }

    @Test("fail and error need a reason; patterns must be unique; every problem at once")
    func reportsErrors() throws {
        let sandbox = try TestDirectory()
        let path = try sandbox.write("x.xml", """
            <expectations xmlns="urn:cookieharness:suite:1" adapter="x">
              <expect scenario="a.b" status="fail"/>
              <expect scenario="a.c" status="error">   </expect>
              <expect scenario="a.d" status="pass"/>
              <expect scenario="a.*" status="fail">one</expect>
              <expect scenario="a.*" status="pass">two</expect>
              <expect scenario=" " status="pass"/>
            </expectations>
            """)
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)

        let error = try #require(throws: SuiteLoadingError.self) {
            try ExpectationFile(contentsOf: path, schema: schema)
        }

        #expect(error.description == """
            \(path):2:3: error: <expect scenario="a.b" status="fail"> needs a reason: say why as the element's text
            \(path):3:3: error: <expect scenario="a.c" status="error"> needs a reason: say why as the element's text
            \(path):6:3: error: duplicate <expect scenario="a.*">: first at \(path):5:3
            \(path):7:3: error: <expect> needs a scenario id or glob in scenario=
            """)
    }

    @Test("a file's own errors are capped at 50, then one line says how many more (issue 11)")
    func capsErrorsPerFile() throws {
        let sandbox = try TestDirectory()
        let entries = (1...1_000).map { "  <expect scenario=\"a.\($0)\" status=\"fail\"/>" }.joined(separator: "\n")
        let path = try sandbox.write("flood.xml", """
            <expectations xmlns="urn:cookieharness:suite:1" adapter="x">
            \(entries)
            </expectations>
            """)
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)

        let error = try #require(throws: SuiteLoadingError.self) {
            try ExpectationFile(contentsOf: path, schema: schema)
        }

        #expect(error.diagnostics.count == 51)
        #expect(error.diagnostics.first?.line == 2)
        #expect(error.diagnostics.last?.description
            == "\(path):51:3: error: and 950 more diagnostics in this file (only the first 50 are shown)")
    }

    @Test("schema errors and a suite in place of expectations are reported with positions")
    func reportsSchemaErrors() throws {
        let sandbox = try TestDirectory()
        let invalid = try sandbox.write("invalid.xml", """
            <expectations xmlns="urn:cookieharness:suite:1">
              <expect scenario="a.b" status="maybe">why</expect>
            </expectations>
            """)
        let suite = try sandbox.write("suite.xml", SuiteDocuments.suite(id: "s", """
              <scenario id="s.a"><title>T</title><restart-app/></scenario>
            """))
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)

        let schemaError = try #require(throws: SuiteLoadingError.self) {
            try ExpectationFile(contentsOf: invalid, schema: schema)
        }
        #expect(schemaError.diagnostics.map { "\($0.line):\($0.column)" } == ["1:1", "2:26"], "\(schemaError)")

        let wrongRoot = try #require(throws: SuiteLoadingError.self) {
            try ExpectationFile(contentsOf: suite, schema: schema)
        }
        #expect(wrongRoot.description == "\(suite):1:1: error: expected an <expectations> document, found <suite>")
    }
}
