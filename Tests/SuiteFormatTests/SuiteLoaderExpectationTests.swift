import Foundation
import HarnessCore
import SuiteFormat
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

    @Test("the loader keeps each expectation file's root: adapter, extends, where it is written")
    func headersFromTheLoader() throws {
        let sandbox = try TestDirectory()
        try sandbox.write("suites/s.xml", SuiteDocuments.suite(id: "s", "  <scenario id=\"s.a\"><title>T</title><restart-app/></scenario>"))
        let path = try sandbox.write("suites/expectations/x.xml", """
            <?xml version="1.0" encoding="UTF-8"?>

              <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-request-header" extends=" reference  foundation ">
              <expect scenario="s.a" status="fail">why</expect>
            </expectations>
            """)
        let index = try SuiteDocuments.loader().index([sandbox.path + "/suites"])
        #expect(index.expectationHeaders == [ExpectationFile.Header(
            file: path, adapter: "wk-request-header", extends: ["reference", "foundation"], line: 3, column: 3)])
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)
        #expect(try ExpectationFile(contentsOf: path, schema: schema).header == index.expectationHeaders.first)
    }

    @Test("the files adapters use: their own, those they extend (transitively, once through a cycle), and any without adapter=")
    func filesUsedByAdapters() {
        let headers = [
            ExpectationFile.Header(file: "ref.xml", adapter: "reference"),
            ExpectationFile.Header(file: "a.xml", adapter: "a", extends: ["b"]),
            ExpectationFile.Header(file: "b.xml", adapter: "b", extends: ["reference"]),
            ExpectationFile.Header(file: "c.xml", adapter: "c", extends: ["a"]),
            ExpectationFile.Header(file: "x.xml", adapter: "x", extends: ["y"]),
            ExpectationFile.Header(file: "y.xml", adapter: "y", extends: ["x"]),
            ExpectationFile.Header(file: "nameless.xml", adapter: ""),
            ExpectationFile.Header(file: "a-again.xml", adapter: "a"),
        ]
        #expect(ExpectationFile.files(of: headers, usedBy: ["a"]) == ["ref.xml", "a.xml", "b.xml", "nameless.xml", "a-again.xml"])
        #expect(ExpectationFile.files(of: headers, usedBy: ["reference"]) == ["ref.xml", "nameless.xml"])
        #expect(ExpectationFile.files(of: headers, usedBy: ["y", "unfiled"]) == ["x.xml", "y.xml", "nameless.xml"])
        #expect(ExpectationFile.files(of: headers, usedBy: []) == ["nameless.xml"])
    }

    @Test("files load on every core in the order given; the first broken one in that order is the error")
    func loadsInParallel() throws {
        let sandbox = try TestDirectory()
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)
        let paths = try (0..<40).map { number in
            try sandbox.write("e/\(number).xml", """
                <expectations xmlns="urn:cookieharness:suite:1" adapter="adapter-\(number)">
                  <expect scenario="s.\(number)" status="fail">reason \(number)</expect>
                </expectations>
                """)
        }
        let loaded = try ExpectationFile.load(paths, schema: schema)
        #expect(loaded.map(\.adapter) == (0..<40).map { "adapter-\($0)" })
        #expect(loaded.map { $0.entries.first?.reason } == (0..<40).map { "reason \($0)" })

        let broken = try sandbox.write("e/7.xml", "<expectations xmlns=\"urn:cookieharness:suite:1\" adapter=\"a\"><expect scenario=\"s\" status=\"fail\"/></expectations>")
        _ = try sandbox.write("e/30.xml", "<expectations")
        let error = try #require(throws: SuiteLoadingError.self) { try ExpectationFile.load(paths, schema: schema) }
        #expect(error.description.hasPrefix(broken + ":1:"), "\(error)")
    }
}
