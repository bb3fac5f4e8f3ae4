import Foundation
import HarnessCore

/// Progress and a closing summary for people watching a run.
///
/// On a terminal it keeps one line updated (`[123/456] adapter suite.scenario`) so a long run shows it is alive
/// without scrolling; in CI (no terminal) it prints nothing per passing scenario and one plain line per
/// unexpected result, so the log shows the problems as they happen and nothing else. At the end it prints a
/// summary line (`412 passed, 3 failed (2 expected), 1 error, 40 skipped — 1 unexpected result`) and lists the
/// unexpected results again, security-relevant ones marked `[security]`. Colour is used only on a terminal and
/// never when `NO_COLOR` is set to a non-empty value (https://no-color.org).
///
/// Output goes to a sink closure (standard error by default, as standard output may carry a report), so tests
/// can capture it. The list kept for the summary holds one line per unexpected result and stops at
/// `listLimit`, so memory stays bounded even in a run where everything breaks.
package final class ConsoleReporter: ResultReporter {
    /// How many unexpected results the closing list shows; the rest are counted.
    package static let listLimit = 200

    private let sink: (String) -> Void
    private let isTerminal: Bool
    private let usesColor: Bool
    private let plannedTotal: Int?
    private let progressInterval: Duration
    private let progressWidth: Int
    private let explain: ((ScenarioResult) -> [String])?

    private var counts = RunSummary()
    private var unexpectedLines: [String] = []
    private var progressShown = false
    private var lastProgress: ContinuousClock.Instant?

    /// Creates a console reporter.
    ///
    /// - Parameters:
    ///   - plannedTotal: How many results the run will report, for `[n/total]`; without it progress shows `[n]`.
    ///   - isTerminal: Whether the sink is a terminal; by default, whether standard error is one.
    ///   - environment: Where `NO_COLOR` is looked up.
    ///   - progressInterval: The least time between two progress updates, so a fast run does not spend its
    ///     time redrawing; `.zero` draws every result.
    ///   - progressWidth: The progress line is cut to this many characters, so it never wraps (a wrapped line
    ///     cannot be erased with a carriage return).
    ///   - sink: Receives the text, newlines included.
    ///   - explain: With it (`run --verbose`), each unexpected result is followed by these lines, indented: the
    ///     way `show SCENARIO --adapter NAME` prints it (see ``ScenarioWalkthrough``).
    package init(
        plannedTotal: Int? = nil,
        isTerminal: Bool = ConsoleReporter.standardErrorIsTerminal,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        progressInterval: Duration = .milliseconds(50),
        progressWidth: Int = 80,
        sink: @escaping (String) -> Void = ConsoleReporter.standardError,
        explain: ((ScenarioResult) -> [String])? = nil
    ) {
        self.plannedTotal = plannedTotal
        self.isTerminal = isTerminal
        self.usesColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        self.progressInterval = progressInterval
        self.progressWidth = max(progressWidth, 20)
        self.explain = explain
        self.sink = sink
    }

    /// Whether standard error is a terminal: decides between a progress line and plain log lines.
    package static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes to standard error, unbuffered, so progress and messages appear in order with other diagnostics. A
    /// terminal that is gone (a closed SSH session: `EIO`, `EPIPE`) loses the text; the run goes on to its reports.
    package static func standardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Nothing to say before the first result: the progress line appears with it.
    package func begin(_ run: RunInfo) throws {}

    /// Counts the result, prints it if unexpected, and redraws the progress line on a terminal.
    package func report(_ result: ScenarioResult) throws {
        counts.add(result)
        if result.isUnexpected {
            let line = Self.unexpectedLine(result)
            if unexpectedLines.count < Self.listLimit { unexpectedLines.append(line) }
            clearProgress()
            sink(paint(line, .red) + "\n")
            if let explain { sink(explain(result).map { "    \(ConsoleText.visible($0, limit: nil, keeping: ["\t"]))\n" }.joined()) }
        }
        if isTerminal { drawProgress(result) }
    }

    /// Erases the progress line, then prints the summary line and the unexpected results.
    ///
    /// The counts are those of the results this reporter saw (a reporter may be handed a part of a run).
    package func finish(_ summary: RunSummary) throws {
        clearProgress()
        var text = paint(counts.summaryLine, counts.unexpected == 0 ? .green : .red) + "\n"
        if !unexpectedLines.isEmpty {
            text += "Unexpected results:\n"
            for line in unexpectedLines { text += "  \(line)\n" }
            if counts.unexpected > unexpectedLines.count {
                text += "  … and \(counts.unexpected - unexpectedLines.count) more\n"
            }
        }
        sink(text)
    }

    // MARK: Lines

    /// `FAIL [security] adapter suite.scenario: message`, the form used while running and in the final list.
    static func unexpectedLine(_ result: ScenarioResult) -> String {
        let kind =
            switch result.status {
            case .passed: "UNEXPECTED PASS"
            case .failed: "FAIL"
            case .errored: "ERROR"
            case .skipped: "SKIP"
            }
        // The adapter's name, the scenario's id and the message come from outside: escaped, a huge one shortened.
        return "\(kind) \(result.securityMark)\(ConsoleText.visible(result.displayName)): \(ConsoleText.visible(result.oneLineMessage))"
    }

    private func drawProgress(_ result: ScenarioResult) {
        let now = ContinuousClock.now
        let isLast = plannedTotal == counts.total
        if let lastProgress, now - lastProgress < progressInterval, !isLast { return }
        lastProgress = now
        let position = plannedTotal.map { "[\(counts.total)/\($0)]" } ?? "[\(counts.total)]"
        var line = "\(position) \(ConsoleText.visible(result.displayName, limit: progressWidth))"
        if line.count > progressWidth { line = String(line.prefix(progressWidth - 1)) + "…" }
        sink("\r\u{1B}[2K" + line)
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        sink("\r\u{1B}[2K")
        progressShown = false
    }

    private enum Colour: String {
        case red = "31"
        case green = "32"
    }

    private func paint(_ text: String, _ colour: Colour) -> String {
        usesColor ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension RunSummary {
    /// `412 passed, 3 failed (2 expected), 1 error, 40 skipped — 1 unexpected result`: the tally as people read it,
    /// failures and errors split into expected and unexpected.
    package var summaryLine: String {
        func expectedNote(_ count: Int) -> String { count > 0 ? " (\(count) expected)" : "" }
        var line = "\(passed) passed, \(failed) failed\(expectedNote(expectedFailedChecks)), "
        line += "\(errored) \(errored == 1 ? "error" : "errors")\(expectedNote(expectedErrors)), "
        line += "\(skipped) skipped — "
        switch unexpected {
        case 0: line += "no unexpected results"
        case 1: line += "1 unexpected result"
        default: line += "\(unexpected) unexpected results"
        }
        if unexpectedSecurity > 0 { line += " (\(unexpectedSecurity) security)" }
        return line
    }
}
