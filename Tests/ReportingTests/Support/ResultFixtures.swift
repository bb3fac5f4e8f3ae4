import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing
import XMLSupport

/// Results and runs for reporter tests, built in code so each test states what it feeds in.
enum Fixtures {
    static let reference = AdapterInfo(name: "reference", version: "1.0.0")
    static let webView = AdapterInfo(name: "wk-user-script", version: "0.3.0", profile: "ios-17")
    static let run = RunInfo(
        startedAt: Date(timeIntervalSince1970: 1_767_225_600), hostname: "ci-host", adapters: [reference, webView]
    )

    /// A transcript a hostile server could produce: a control character XML cannot carry, and CDATA's end marker.
    static let hostileTranscript = [
        "→ GET https://login.example.com/",
        "← 200 Set-Cookie: sid=a\u{1}b; Path=/",
        "← body: <![CDATA[ x ]]> & <tag>",
    ]

    static func failure(_ message: String) -> Failure {
        Failure(
            message: message,
            location: SuiteLocation(file: "Suites/basic.xml", line: 14),
            details: "expected: Cookie: sid=1\nobserved: (no Cookie header)"
        )
    }

    static func result(
        _ adapter: AdapterInfo, _ suite: String, _ id: String, _ status: Status,
        expected: ExpectedStatus = .pass, tags: [String] = [], duration: Duration = .milliseconds(12),
        transcript: [String] = []
    ) -> ScenarioResult {
        ScenarioResult(
            adapter: adapter, suiteID: suite, suiteFile: "Suites/\(suite).xml", scenarioID: "\(suite).\(id)",
            title: "The \(id) scenario", tags: tags, references: [], status: guarding(status, if: tags.contains("security")),
            expected: expected, duration: duration, transcript: transcript
        )
    }

    /// The fixtures tag `security` the scenarios whose failed check guards against an exposure: such a failure is
    /// marked so (what the executor does for a `lacks` check).
    static func guarding(_ status: Status, if security: Bool) -> Status {
        guard security, case .failed(var failure) = status else { return status }
        failure.guardsAgainstExposure = true
        return .failed(failure)
    }

    /// Two adapters × two suites, with every kind of outcome once:
    ///
    /// | testsuite | cases |
    /// |---|---|
    /// | reference.basic | pass, regression (security, hostile transcript), skip |
    /// | reference.redirect | unexpected error, expected failure |
    /// | wk-user-script.basic | pass, unexpected pass |
    /// | wk-user-script.redirect | expected error, pass |
    static let smallRun: [ScenarioResult] = [
        result(reference, "basic", "first-request", .passed),
        result(
            reference, "basic", "httponly-hidden", .failed(failure("expected document.cookie without sid, observed sid=a")),
            tags: ["security"], duration: .seconds(1.23456), transcript: hostileTranscript
        ),
        result(reference, "basic", "javascript", .skipped(reason: "needs capability javascript")),
        result(
            reference, "redirect", "302", .errored(detail: "adapter crashed: signal 11\u{1}"),
            transcript: ["→ GET https://a.example/"]
        ),
        result(
            reference, "redirect", "cross-domain", .failed(failure("expected Cookie: sid=1, observed none")),
            expected: ExpectedStatus(.fail, reason: "no cross-domain sync")
        ),
        result(webView, "basic", "first-request", .passed),
        result(
            webView, "basic", "after-login", .passed,
            expected: ExpectedStatus(.fail, reason: "WKWebView keeps its own store")
        ),
        result(
            webView, "redirect", "302", .errored(detail: "hang after 5 s"),
            expected: ExpectedStatus(.error, reason: "the engine hangs on 302")
        ),
        result(webView, "redirect", "cross-domain", .passed),
    ]

    static func summary(of results: [ScenarioResult]) -> RunSummary {
        results.reduce(into: RunSummary()) { $0.add($1) }
    }

    /// Feeds a whole run to `reporter`.
    static func feed(_ results: [ScenarioResult], to reporter: any ResultReporter) throws {
        try reporter.begin(run)
        for result in results { try reporter.report(result) }
        try reporter.finish(summary(of: results))
    }

    /// The Jenkins JUnit schema, loaded once for every test.
    static let junitSchema: Result<XMLSchema, any Error> = Result {
        try XMLSchema(contentsOf: RepositoryFiles.junitSchema)
    }
}

/// Expects `path` to be valid against the Jenkins JUnit schema, listing libxml2's diagnostics otherwise.
func expectValidJUnit(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let schema = try Fixtures.junitSchema.get()
    let problems = try schema.validate(contentsOf: path).filter { $0.severity == .error }
    #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
}
