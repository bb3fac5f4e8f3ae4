import Foundation
import HarnessCore
@testable import SuiteFormat
import TestSupport
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

    static let scenarios: Set<String> = [
        "cross-domain.leak", "first-request.fixed", "first-request.new", "redirect.changed", "http-state.0001",
        "same-site.inherited", "expiry.broken",
    ]

    /// An updater for the sandbox's `expectations/` folder, knowing the scenarios above and three adapters.
    static func updater(_ sandbox: TestDirectory) throws -> ExpectationUpdater {
        ExpectationUpdater(
            directory: sandbox.path + "/expectations", schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema),
            scenarioIDs: scenarios, adapters: ["wk-demo", "wk-new:variant@ios-11", "reference"])
    }

    static func result(_ scenario: String, _ status: String, expected: String, unexpected: Bool = true, _ message: String = "")
        -> ExpectationUpdater.Result
    {
        ExpectationUpdater.Result(
            adapter: "wk-demo", scenario: scenario, status: status, expectedStatus: expected, unexpected: unexpected,
            message: message)
    }

    @Test("new failures get draft entries in order, fixed ones go, changed ones keep their cause; comments and patterns stay")
    func update() throws {
        let sandbox = try TestDirectory()
        let path = try sandbox.write("expectations/demo.xml", Self.file)
        let updater = try Self.updater(sandbox)
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
        let schema = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)
        let loaded = try ExpectationFile(contentsOf: path, schema: schema)
        #expect(loaded.entry(forScenario: "first-request.new")?.expectedStatus.status == .fail)
        #expect(loaded.entry(forScenario: "first-request.fixed")?.expectedStatus.status != .fail)
        #expect(loaded.extends == ["reference"])
    }

    @Test("an adapter without a file gets a new one, valid for the schema")
    func newFile() throws {
        let sandbox = try TestDirectory()
        try sandbox.write("expectations/other.xml", Self.file)
        let updater = try Self.updater(sandbox)
        var result = Self.result("first-request.new", "fail", expected: "pass", "a <failure> & \"quotes\"")
        result.adapter = "wk-new:variant@ios-11"
        try updater.apply([result])
        let path = sandbox.path + "/expectations/wk-new:variant@ios-11.xml"
        let loaded = try ExpectationFile(contentsOf: path, schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))
        #expect(loaded.adapter == "wk-new:variant@ios-11")
        #expect(loaded.entry(forScenario: "first-request.new")?.expectedStatus.observed == "a <failure> & \"quotes\"")
    }

    @Test("a file name for every adapter name stays in the folder: no '/', no leading '.', nothing for an empty name")
    func fileNames() {
        #expect(ExpectationUpdater.fileName(forAdapter: "wk-new:variant@ios-11") == "wk-new:variant@ios-11.xml")
        #expect(ExpectationUpdater.fileName(forAdapter: "../../x") == "_._.._x.xml")
        #expect(ExpectationUpdater.fileName(forAdapter: ".hidden") == "_hidden.xml")
        #expect(ExpectationUpdater.fileName(forAdapter: "a\u{0}b\nc/é") == "a_b_c__.xml")
        #expect(ExpectationUpdater.fileName(forAdapter: "") == nil)
        #expect(ExpectationUpdater.fileName(forAdapter: String(repeating: "a", count: 300)) == nil)
        #expect(ExpectationUpdater.path(of: "..", inside: "/tmp/e") == nil)
        #expect(ExpectationUpdater.path(of: "a/b.xml", inside: "/tmp/e") == nil)
        #expect(ExpectationUpdater.path(of: "a.xml", inside: "/tmp/e/") == "/tmp/e/a.xml")
    }

    @Test("names a results file cannot use: unknown adapters and scenarios, globs, empty ids; nothing is planned")
    func namesAreChecked() throws {
        let sandbox = try TestDirectory()
        try sandbox.write("expectations/demo.xml", Self.file)
        let updater = try Self.updater(sandbox)
        for (adapter, scenario, expected) in [
            ("../../x", "first-request.new", "adapter '../../x' is not built into this harness"),
            ("wk-demo", "*", "scenario '*' (adapter 'wk-demo') is in no loaded suite"),
            ("wk-demo", "", "scenario '' (adapter 'wk-demo') is in no loaded suite"),
            ("wk-demo", "a\nb", "scenario 'a\\nb'"),
        ] {
            var result = Self.result(scenario, "fail", expected: "pass", "m")
            result.adapter = adapter
            let error = try #require(throws: ExpectationUpdateError.self) { try updater.plan([result]) }
            #expect(error.kind == .invalidInput)
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test("two results for one scenario that differ are refused, saying what differs: the status, or the message")
    func conflictingResults() throws {
        let sandbox = try TestDirectory()
        try sandbox.write("expectations/demo.xml", Self.file)
        let updater = try Self.updater(sandbox)
        let statuses = try #require(throws: ExpectationUpdateError.self) {
            try updater.plan([Self.result("first-request.new", "fail", expected: "pass", "m"), Self.result("first-request.new", "pass", expected: "pass")])
        }
        #expect(statuses.description.contains("disagree (fail and pass)"), "\(statuses)")
        let messages = try #require(throws: ExpectationUpdateError.self) {
            try updater.plan([
                Self.result("first-request.new", "fail", expected: "pass", "no cookie"),
                Self.result("first-request.new", "fail", expected: "pass", "a stale cookie"),
            ])
        }
        #expect(messages.description.contains("disagree (both fail, with different messages: 'no cookie' and 'a stale cookie')"), "\(messages)")
        // The same result twice (two report folders of one run) is one result.
        let twice = Self.result("first-request.new", "fail", expected: "pass", "no cookie")
        #expect(try updater.plan([twice, twice]).changes.count == 1)
    }

    @Test("a layout the text editor cannot follow is an error, not a lost cause: nothing is written")
    func unfollowableLayoutIsRefused() throws {
        let sandbox = try TestDirectory()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-demo">
              <expect scenario="redirect.changed"
                      status="fail" observed="old">a cause written over two lines</expect>
            </expectations>

            """
        let path = try sandbox.write("expectations/demo.xml", text)
        let error = try #require(throws: ExpectationUpdateError.self) {
            try Self.updater(sandbox).apply([Self.result("redirect.changed", "fail", expected: "fail", "failed, but not as expected: new")])
        }
        #expect(error.kind == .notWritten)
        #expect(error.description.contains("cannot edit in place"), "\(error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("a message XML cannot carry: observed= gets ? for each such character, the draft shows it escaped")
    func controlCharactersInMessages() throws {
        let sandbox = try TestDirectory()
        let path = try sandbox.write("expectations/demo.xml", Self.file)
        try Self.updater(sandbox).apply([
            Self.result("first-request.new", "fail", expected: "pass", "a\u{1}b \u{FFFE} -- end-"),
            Self.result("redirect.changed", "fail", expected: "fail", "failed, but not as expected: x"),
        ])
        let loaded = try ExpectationFile(contentsOf: path, schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))
        #expect(loaded.entry(forScenario: "first-request.new")?.observed == "a?b ? -- end-")
        #expect(loaded.entry(forScenario: "first-request.new")?.reason?.contains("a\\u{0001}b") == true)
        #expect(loaded.entry(forScenario: "redirect.changed")?.observed == "x")
    }

    @Test("when a rename fails, the files already replaced get their old bytes back and new files go")
    func renameFailureRestores() throws {
        let sandbox = try TestDirectory()
        let a = try sandbox.write("expectations/a.xml", "old a")
        let b = try sandbox.write("expectations/b.xml", "old b")
        let c = sandbox.path + "/expectations/c.xml"
        let error = try #require(throws: ExpectationUpdateError.self) {
            try ExpectationUpdater.writeAllOrNone([a: "new a", c: "new c", b: "new b"]) { from, to in
                to == c ? -1 : rename(from, to)
            }
        }
        #expect(error.description.contains("c.xml: error: cannot replace it"))
        #expect(try String(contentsOfFile: a, encoding: .utf8) == "old a")
        #expect(try String(contentsOfFile: b, encoding: .utf8) == "old b")
        #expect(!FileManager.default.fileExists(atPath: c))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path + "/expectations").sorted() == ["a.xml", "b.xml"])
    }
}
