import Foundation
import HarnessCore
import Reporting
import Testing

/// Three adapters × two suites with every kind of cell once, written so that each consensus case appears:
///
/// | scenario | reference | wk-user-script@ios-17 | curl |
/// |---|---|---|---|
/// | login.first-request | pass | expected failure | pass |
/// | login.httponly (security) | pass | regression | regression (same message) |
/// | login.redirect | expected failure | pass | unexpected error |
/// | persist.restart | pass | skip | (not run) |
/// | persist.fixed | unexpected pass | pass | pass |
enum MatrixFixtures {
    static let reference = AdapterInfo(name: "reference", version: "1")
    static let webView = AdapterInfo(name: "wk-user-script", version: "0.3.0", profile: "ios-17")
    static let curl = AdapterInfo(name: "curl", version: "8.5.0")
    static let run = RunInfo(
        startedAt: Date(timeIntervalSince1970: 1_767_225_600), hostname: "ci-host", adapters: [reference, webView, curl]
    )
    static let suiteTitles = ["login": "Login | SSO"]

    static func result(
        _ adapter: AdapterInfo, _ suite: String, _ id: String, _ title: String, _ tags: [String], _ status: Status,
        expected: ExpectedStatus = .pass
    ) -> ScenarioResult {
        ScenarioResult(
            adapter: adapter, suiteID: suite, suiteFile: "Suites/\(suite).xml", scenarioID: "\(suite).\(id)", title: title,
            tags: tags, references: [], status: Fixtures.guarding(status, if: tags.contains("security")), expected: expected,
            duration: .milliseconds(3), transcript: []
        )
    }

    static func failure(_ message: String, line: Int = 9) -> Status {
        .failed(Failure(message: message, location: SuiteLocation(file: "Suites/x.xml", line: line), details: "expected\nobserved"))
    }

    static let firstRequestTitle = "First request | after <login>"
    static let httpOnlyTitle = "HttpOnly *stays* hidden"
    static let regression = "document.cookie: expected no 'sid', observed 'sid=1|x'"

    /// In run order: adapter by adapter.
    static let results: [ScenarioResult] = [
        result(reference, "login", "first-request", firstRequestTitle, ["first-request"], .passed),
        result(reference, "login", "httponly", httpOnlyTitle, ["httponly", "security"], .passed),
        result(
            reference, "login", "redirect", "Cookie on a 302", ["302"],
            failure("Cookie: expected 'a=1', observed (none)", line: 30),
            expected: ExpectedStatus(.fail, reason: "RFC 6265bis changed")
        ),
        result(reference, "persist", "restart", "Session ends at restart", ["persistence"], .passed),
        result(reference, "persist", "fixed", "Fixed since", [], .passed, expected: ExpectedStatus(.fail, reason: "was broken")),
        result(
            webView, "login", "first-request", firstRequestTitle, ["first-request"], failure("Cookie: expected 'sid=1', observed (none)"),
            expected: ExpectedStatus(.fail, reason: "no sync before the first load")
        ),
        result(webView, "login", "httponly", httpOnlyTitle, ["httponly", "security"], failure(regression, line: 20)),
        result(webView, "login", "redirect", "Cookie on a 302", ["302"], .passed),
        result(
            webView, "persist", "restart", "Session ends at restart", ["persistence"],
            .skipped(reason: "adapter 'wk-user-script' lacks capability: persistence")
        ),
        result(webView, "persist", "fixed", "Fixed since", [], .passed),
        result(curl, "login", "first-request", firstRequestTitle, ["first-request"], .passed),
        result(curl, "login", "httponly", httpOnlyTitle, ["httponly", "security"], failure(regression, line: 20)),
        result(curl, "login", "redirect", "Cookie on a 302", ["302"], .errored(detail: "curl crashed\nbacktrace")),
        result(curl, "persist", "fixed", "Fixed since", [], .passed),
    ]

    static func matrix(_ results: [ScenarioResult] = results, run: RunInfo = run, source: String? = nil) -> Matrix {
        var matrix = Matrix(run: run, source: source, suiteTitles: suiteTitles)
        for result in results { matrix.add(result) }
        return matrix
    }

    /// Feeds a whole run to `reporter`.
    static func feed(_ results: [ScenarioResult] = results, to reporter: any ResultReporter) throws {
        try reporter.begin(run)
        for result in results { try reporter.report(result) }
        try reporter.finish(results.reduce(into: RunSummary()) { $0.add($1) })
    }
}

@Suite("Matrix model")
struct MatrixModelTests {
    @Test func rowsAreScenariosGroupedBySuiteInFirstSeenOrder() {
        let matrix = MatrixFixtures.matrix()
        #expect(matrix.suites.map(\.id) == ["login", "persist"])
        #expect(matrix.rows.map(\.scenarioID) == [
            "login.first-request", "login.httponly", "login.redirect", "persist.restart", "persist.fixed",
        ])
        #expect(matrix.columnLabels == ["reference", "wk-user-script", "curl"], "the names --adapter takes")
        #expect(matrix.referenceColumn == 0)
        let restart = matrix.rows[3]
        #expect(restart.cells[2] == nil, "curl did not run persist.restart")
        #expect(restart.cells[1]?.outcome == .skip)
    }

    @Test("consensus: majority of the adapters that ran the scenario, and the reference's agreement", arguments: [
        ("login.first-request", "pass 2/3", true, true),
        ("login.httponly", "fail 2/3", false, true),
        ("login.redirect", "split pass 1 · fail 1 · error 1", nil, true),
        ("persist.restart", "pass 1/1 (+1 skip)", nil, false),
        ("persist.fixed", "pass 3/3", true, false),
    ] as [(String, String, Bool?, Bool)])
    func consensus(scenario: String, summary: String, referenceAgrees: Bool?, differs: Bool) throws {
        let matrix = MatrixFixtures.matrix()
        let row = try #require(matrix.rows.first { $0.scenarioID == scenario })
        let consensus = matrix.consensus(row)
        #expect(consensus.summary == summary)
        #expect(consensus.referenceAgrees == referenceAgrees)
        #expect(consensus.differs == differs)
    }

    @Test func everyoneSkippingIsASkipConsensusWithoutReferenceVerdict() {
        let run = RunInfo(startedAt: Date(), hostname: "", adapters: [MatrixFixtures.reference, MatrixFixtures.curl])
        let skipped = [MatrixFixtures.reference, MatrixFixtures.curl].map {
            MatrixFixtures.result($0, "s", "x", "X", [], .skipped(reason: "no"))
        }
        let matrix = MatrixFixtures.matrix(skipped, run: run)
        let consensus = matrix.consensus(matrix.rows[0])
        #expect(consensus.summary == "skip 2/2")
        #expect(consensus.majority == .skip)
        #expect(consensus.referenceAgrees == nil)
        #expect(!consensus.differs)
    }

    @Test func totalsSplitExpectedUnexpectedAndSecurity() {
        let matrix = MatrixFixtures.matrix()
        // pass, fail, skip, error, expected failures, unexpected, security failures
        let counts = matrix.totals(matrix.rows).map {
            [$0.pass, $0.fail, $0.skip, $0.error, $0.expectedFailures, $0.unexpected, $0.securityFailures]
        }
        #expect(counts == [[4, 1, 0, 0, 1, 1, 0], [2, 2, 1, 0, 1, 1, 1], [2, 1, 0, 1, 0, 2, 1]])
    }

    @Test func cellsCarryOneLineMessagesAndWhyAFailureIsExpected() throws {
        let matrix = MatrixFixtures.matrix()
        let error = try #require(matrix.rows[2].cells[2])
        #expect(error.message == "curl crashed (+1 more line)", "the first line of a multi-line detail, the rest counted")
        #expect(error.kind == "unexpected error")
        let expectedFailure = try #require(matrix.rows[2].cells[0])
        #expect(expectedFailure.kind == "expected failure")
        #expect(expectedFailure.location == "Suites/x.xml:30")
        #expect(expectedFailure.expectationNote == "expected because RFC 6265bis changed")
        let unexpectedPass = try #require(matrix.rows[4].cells[0])
        #expect(unexpectedPass.symbol == "⚠✔")
        #expect(unexpectedPass.message == "expected to fail because was broken")
    }

    @Test func twoVersionsOfOneAdapterAreTwoColumnsAndRepeatsReplace() {
        let older = AdapterInfo(name: "curl", version: "8.4.0")
        let run = RunInfo(startedAt: Date(), hostname: "", adapters: [])
        let results = [
            MatrixFixtures.result(older, "s", "x", "X", [], .passed),
            MatrixFixtures.result(MatrixFixtures.curl, "s", "x", "X", [], .passed),
            MatrixFixtures.result(MatrixFixtures.curl, "s", "x", "X", [], .skipped(reason: "again")),
        ]
        let matrix = MatrixFixtures.matrix(results, run: run)
        #expect(matrix.columnLabels == ["curl 8.4.0", "curl 8.5.0"])
        #expect(matrix.replacedResults == 1)
        #expect(matrix.rows[0].cells[1]?.outcome == .skip, "the later result wins")
        #expect(matrix.referenceColumn == nil)
    }

    @Test func jsonRecordsRebuildTheSameMatrix() throws {
        let rebuilt = try MatrixFixtures.results.map { try ScenarioResult(JSONResultRecord($0)) }
        let direct = MatrixFixtures.matrix(source: "results.json")
        let fromJSON = MatrixFixtures.matrix(rebuilt, source: "results.json")
        #expect(fromJSON.markdown() == direct.markdown())
        #expect(fromJSON.html() == direct.html())
    }

    @Test func flakyFailureIsNeitherARegressionNorUnexpected() throws {
        let flaky = MatrixFixtures.result(
            MatrixFixtures.curl, "s", "x", "X", [], MatrixFixtures.failure("order changed"),
            expected: ExpectedStatus(.flaky, reason: "hash order")
        )
        let run = RunInfo(startedAt: Date(), hostname: "", adapters: [MatrixFixtures.curl])
        let cell = try #require(MatrixFixtures.matrix([flaky], run: run).rows.first?.cells[0])
        #expect(!cell.isUnexpected)
        #expect(cell.kind == "flaky failure")
        #expect(cell.expectationNote == "flaky because hash order")
        #expect(cell.symbol == "✘")
    }

    @Test func unknownStatusInARecordIsRejected() throws {
        var record = JSONResultRecord(MatrixFixtures.results[0])
        record.status = "passed"
        #expect(throws: ReportError.self) { try ScenarioResult(record) }
        record.status = "pass"
        record.expectedStatus = "sometimes"
        #expect(throws: ReportError.self) { try ScenarioResult(record) }
    }
}

/// The consensus compares what adapters were seen to do, not only their statuses, and never says "ref ✔" when
/// the reference failed.
@Suite("Matrix consensus: observed outcomes")
struct MatrixConsensusObservationTests {
    static let reference = AdapterInfo(name: "reference", version: "1")
    static let curl = AdapterInfo(name: "curl", version: "8")
    static let soup = AdapterInfo(name: "libsoup", version: "3")
    static let strategy = AdapterInfo(name: "wk-no-sync", version: "1", profile: "ios")

    private func failure(_ observed: String, line: Int = 9) -> Status {
        .failed(Failure(message: "Cookie header: expected 'a=1', observed '\(observed)'",
                        location: SuiteLocation(file: "Suites/x.xml", line: line), details: ""))
    }

    private func row(_ outcomes: [(AdapterInfo, Status)]) -> (Matrix, Matrix.Consensus) {
        var matrix = Matrix(run: RunInfo(startedAt: Date(timeIntervalSince1970: 0), hostname: "h", adapters: outcomes.map(\.0)))
        for (adapter, status) in outcomes {
            matrix.add(ScenarioResult(adapter: adapter, suiteID: "s", suiteFile: "Suites/s.xml", scenarioID: "s.x", title: "x", tags: [],
                                      references: [], status: status, expected: .pass, duration: .zero, transcript: []))
        }
        return (matrix, matrix.consensus(matrix.rows[0]))
    }

    @Test("two adapters failing differently do not agree")
    func differentFailuresDiffer() {
        let (_, consensus) = row([(Self.reference, failure("b=2")), (Self.curl, failure("c=3")), (Self.soup, failure("c=3"))])
        #expect(consensus.differs)
        #expect(consensus.majority == .fail)
        #expect(consensus.majorityCount == 2)
        #expect(consensus.summary == "fail 2/3 · 1 fails otherwise")
        #expect(consensus.referenceAgrees == false)
        #expect(consensus.referenceNote?.text == "ref: fails otherwise")

        let (_, split) = row([(Self.reference, failure("b=2")), (Self.curl, failure("c=3"))])
        #expect(split.majority == nil)
        #expect(split.summary == "split fail 2 (2 ways)")
        let (_, otherCheck) = row([(Self.curl, failure("c=3", line: 9)), (Self.soup, failure("c=3", line: 12))])
        #expect(otherCheck.differs, "the same words at another check are another failure")
    }

    @Test("'ref ✔' appears only when the reference passed; a reference failing with the majority is 'ref ✘ same'")
    func referenceMarkFollowsItsOutcome() throws {
        let (matrix, same) = row([(Self.reference, failure("b=2")), (Self.curl, failure("b=2")), (Self.soup, .passed)])
        #expect(same.referenceAgrees == true)
        #expect(same.referenceNote?.text == "ref ✘ same")
        let markdownRow = try #require(matrix.markdown().split(separator: "\n").first { $0.contains(" s.x |") })
        #expect(markdownRow.contains("fail 2/3 · ref ✘ same"))
        #expect(!markdownRow.contains("ref ✔"))
        let cells = matrix.html().components(separatedBy: "<td class=\"cons").dropFirst().map { $0.components(separatedBy: "</td>")[0] }
        #expect(cells.contains { $0.contains("ref ✘ same") })
        #expect(!cells.contains { $0.contains("ref ✔") })

        let (_, passing) = row([(Self.reference, .passed), (Self.curl, .passed), (Self.soup, failure("b=2"))])
        #expect(passing.referenceNote?.text == "ref ✔")
        let (_, against) = row([(Self.reference, failure("b=2")), (Self.curl, .passed), (Self.soup, .passed)])
        #expect(against.referenceNote?.text == "ref: fail")
        #expect(against.referenceNote?.agrees == false)
    }

    @Test("the page shows strategies first and the stores apart, by the names --adapter takes; a corpus folds last")
    func layout() throws {
        var matrix = Matrix(run: RunInfo(startedAt: Date(timeIntervalSince1970: 0), hostname: "h", adapters: [Self.reference, Self.strategy, Self.curl]))
        for (suite, file) in [("http-state", "Suites/conformance/http-state.xml"), ("login", "Suites/login/login.xml")] {
            for adapter in [Self.reference, Self.strategy, Self.curl] {
                matrix.add(ScenarioResult(adapter: adapter, suiteID: suite, suiteFile: file, scenarioID: "\(suite).a", title: "a", tags: [],
                                          references: [], status: .passed, expected: .pass, duration: .zero, transcript: []))
            }
        }
        #expect(matrix.displayColumnOrder == [1, 0, 2])
        #expect(matrix.firstStoreColumn == 0)
        #expect(matrix.columnLabels == ["reference", "wk-no-sync", "curl"])
        let html = matrix.html()
        #expect(matrix.columnGroups.map(\.title) == ["ios", "cookie stores"])
        #expect(html.contains("<label for=\"g0\">▾ <b>ios</b> <span class=\"n\">1 adapter</span> · fold</label>"))
        #expect(html.contains("<label for=\"g1\">▾ <b>cookie stores</b> <span class=\"n\">2 adapters</span> · fold</label>"))
        #expect(!html.contains("@ios"), "no profile glued to a name --adapter would not take")
        let login = try #require(html.range(of: "id=\"suite-login\""))
        let corpus = try #require(html.range(of: "class=\"suite s0 folded\" id=\"suite-http-state\""))
        #expect(login.lowerBound < corpus.lowerBound, "the corpus after the hand-written suites")
        #expect(html.contains("<input type=\"checkbox\" class=\"unfold\"/> show its 1 scenarios"))
        #expect(html.contains("tbody.folded:not(:has(input.unfold:checked)) tr.row { display: none; }"))
    }
}
