import HarnessCore
import Reporting
import Testing

/// Collects what a reporter writes.
final class Capture {
    var text = ""
}

@Suite("ConsoleReporter")
struct ConsoleReporterTests {
    private func console(
        isTerminal: Bool, environment: [String: String] = [:], plannedTotal: Int? = nil
    ) -> (ConsoleReporter, Capture) {
        let capture = Capture()
        let reporter = ConsoleReporter(
            plannedTotal: plannedTotal, isTerminal: isTerminal, environment: environment, progressInterval: .zero
        ) { capture.text += $0 }
        return (reporter, capture)
    }

    @Test func ciPrintsOnlyUnexpectedResultsThenSummaryAndList() throws {
        let (reporter, capture) = console(isTerminal: false)
        try Fixtures.feed(Fixtures.smallRun, to: reporter)
        let lines = capture.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "FAIL [security] reference basic.httponly-hidden: expected document.cookie without sid, observed sid=a",
                "ERROR reference redirect.302: adapter crashed: signal 11\\u{0001}",
                "UNEXPECTED PASS wk-user-script basic.after-login: unexpected pass: expected to fail because WKWebView keeps its own store",
                "4 passed, 2 failed (1 expected), 2 errors (1 expected), 1 skipped — 3 unexpected results (1 security)",
                "Unexpected results:",
                "  FAIL [security] reference basic.httponly-hidden: expected document.cookie without sid, observed sid=a",
                "  ERROR reference redirect.302: adapter crashed: signal 11\\u{0001}",
                "  UNEXPECTED PASS wk-user-script basic.after-login: unexpected pass: expected to fail because WKWebView keeps its own store",
                "",
            ]
        )
        #expect(!capture.text.contains("\u{1B}"))
        #expect(!capture.text.contains("\r"))
    }

    @Test func summaryLineReadsLikeTheDesign() throws {
        let (reporter, capture) = console(isTerminal: false)
        let a = Fixtures.reference
        var results = (0..<412).map { Fixtures.result(a, "s", "pass-\($0)", .passed) }
        results += (0..<2).map {
            Fixtures.result(a, "s", "xfail-\($0)", .failed(Fixtures.failure("no")), expected: ExpectedStatus(.fail, reason: "known"))
        }
        results.append(Fixtures.result(a, "s", "regression", .failed(Fixtures.failure("expected x, observed y"))))
        results.append(
            Fixtures.result(a, "s", "xerror", .errored(detail: "hang"), expected: ExpectedStatus(.error, reason: "known"))
        )
        results += (0..<40).map { Fixtures.result(a, "s", "skip-\($0)", .skipped(reason: "needs javascript")) }
        try Fixtures.feed(results, to: reporter)
        #expect(
            capture.text.contains(
                "\n412 passed, 3 failed (2 expected), 1 error (1 expected), 40 skipped — 1 unexpected result\n"
            )
        )
        #expect(capture.text.hasSuffix("Unexpected results:\n  FAIL reference s.regression: expected x, observed y\n"))
    }

    @Test func allAsExpectedSaysSo() throws {
        let (reporter, capture) = console(isTerminal: false)
        try Fixtures.feed([Fixtures.smallRun[0]], to: reporter)
        #expect(capture.text == "1 passed, 0 failed, 0 errors, 0 skipped — no unexpected results\n")
    }

    @Test func terminalShowsOneUpdatingProgressLineInColour() throws {
        let (reporter, capture) = console(isTerminal: true, plannedTotal: 9)
        try Fixtures.feed(Fixtures.smallRun, to: reporter)
        #expect(capture.text.contains("\r\u{1B}[2K[1/9] reference basic.first-request"))
        #expect(capture.text.contains("\r\u{1B}[2K[9/9] wk-user-script redirect.cross-domain"))
        #expect(capture.text.contains("\u{1B}[31mFAIL [security] reference basic.httponly-hidden"))
        // Progress is erased before the summary, which therefore starts its own clean line.
        #expect(capture.text.contains("\r\u{1B}[2K\u{1B}[31m4 passed"))
        #expect(!capture.text.contains("\n["))
    }

    @Test(arguments: ["1", "true"])
    func noColorIsRespected(value: String) throws {
        let (reporter, capture) = console(isTerminal: true, environment: ["NO_COLOR": value], plannedTotal: 9)
        try Fixtures.feed(Fixtures.smallRun, to: reporter)
        #expect(!capture.text.contains("\u{1B}[3"))
        #expect(capture.text.contains("[9/9]"))
    }

    @Test func progressWithoutPlannedTotalCountsUp() throws {
        let (reporter, capture) = console(isTerminal: true)
        try Fixtures.feed(Array(Fixtures.smallRun.prefix(2)), to: reporter)
        #expect(capture.text.contains("[2] reference basic.httponly-hidden"))
    }

    @Test func longListIsCut() throws {
        let (reporter, capture) = console(isTerminal: false)
        let results = (0..<(ConsoleReporter.listLimit + 5)).map {
            Fixtures.result(Fixtures.reference, "s", "r\($0)", .errored(detail: "boom"))
        }
        try Fixtures.feed(results, to: reporter)
        #expect(capture.text.hasSuffix("  … and 5 more\n"))
    }
}
