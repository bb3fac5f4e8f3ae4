import Foundation
import HarnessCore

/// One scenario's result read step by step, for `show`: the result against its expectation, every check with its
/// outcome, the failure's details and the whole transcript.
///
/// Every check runs, a failed one included (the result's failure lists them all), so each check passed or
/// failed; a step (not a check) that failed ends the scenario, and the checks after it were not reached. An error
/// or a skip judges no check.
package struct ScenarioWalkthrough: Sendable {
    package var scenario: Scenario
    package var result: ScenarioResult
    /// The scenario's lines as written, with their numbers, to show each check as it is written.
    package var source: [(Int, String)]

    package init(scenario: Scenario, result: ScenarioResult, source: [(Int, String)]) {
        self.scenario = scenario
        self.result = result
        self.source = source
    }

    /// The scenario's lines in its suite file, from `<scenario` to `</scenario>`, with their numbers.
    package static func writtenLines(of scenario: Scenario) -> [(Int, String)] {
        guard let text = try? String(contentsOfFile: scenario.location.file, encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard scenario.location.line >= 1, scenario.location.line <= lines.count else { return [] }
        var result: [(Int, String)] = []
        for number in scenario.location.line...lines.count {
            let line = lines[number - 1]
            result.append((number, line))
            if line.contains("</scenario>") || (number == scenario.location.line && line.contains("/>") && !line.contains(">\n")
                && line.trimmingCharacters(in: .whitespaces).hasSuffix("/>")) { break }
        }
        return result
    }

    /// What a check came to.
    package enum CheckOutcome: String, Sendable {
        case passed = "passed"
        case failed = "FAILED"
        case notReached = "not reached"
        case notJudged = "not judged"
    }

    /// Every check (`<expect…>` step) with its outcome, in order.
    package var checks: [(step: Step, outcome: CheckOutcome)] {
        let failedLines: Set<Int>
        switch result.status {
        case .passed: failedLines = []
        case .failed(let failure): failedLines = Set(failure.all.map(\.location.line))
        case .skipped, .errored:
            return scenario.steps.filter(\.isCheck).map { ($0, .notJudged) }
        }
        // Every check runs, a failed one included; a failed step (not a check) ends the scenario.
        var afterFailedStep = false
        var checks: [(Step, CheckOutcome)] = []
        for step in scenario.steps {
            if step.isCheck {
                checks.append((step, failedLines.contains(step.location.line) ? .failed : afterFailedStep ? .notReached : .passed))
            } else if failedLines.contains(step.location.line) {
                afterFailedStep = true
            }
        }
        return checks
    }

    /// The lines `show` prints.
    package var lines: [String] {
        let adapter = result.adapter
        var lines = [
            "on \(adapter.name) \(adapter.version)\(adapter.profile.isEmpty ? "" : " (profile \(adapter.profile))"): "
                + "\(result.status.name), expected \(result.expected.status.rawValue)"
                + (result.expected.reason.map { " (\(ConsoleText.visible($0)))" } ?? "")
                + (result.isUnexpected ? " — UNEXPECTED" : " — as expected"),
        ]
        if !result.oneLineMessage.isEmpty { lines.append("  " + ConsoleText.visible(result.oneLineMessage)) }
        lines.append("checks:")
        let checks = checks
        if checks.isEmpty { lines.append("  (none)") }
        for (step, outcome) in checks {
            lines.append("  \(marker(outcome)) \(outcome.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) "
                + "\(step.location): \(written(step))")
        }
        if case .failed(let failure) = result.status {
            let checkLines = Set(checks.map(\.step.location.line))
            for step in failure.all where !checkLines.contains(step.location.line) {
                lines.append("  the step at \(step.location) failed: \(ConsoleText.visible(step.message))")
            }
            let details = failure.all.map(\.details).filter { !$0.isEmpty }
            if !details.isEmpty {
                lines.append("details:")
                for text in details {
                    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + ConsoleText.visible(String($0)) }
                }
            }
        }
        switch result.status {
        case .errored(let detail): lines.append("error: \(ConsoleText.visible(detail))")
        case .skipped(let reason): lines.append("skipped: \(ConsoleText.visible(reason))")
        default: break
        }
        lines.append("transcript:")
        if result.transcript.isEmpty { lines.append("  (empty)") }
        // An exchange spans several lines (its header fields); each is shown on its own, escaped.
        lines += result.transcript.flatMap { entry in
            entry.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + ConsoleText.visible(String($0)) }
        }
        return lines
    }

    private func marker(_ outcome: CheckOutcome) -> String {
        switch outcome {
        case .passed: "✔"
        case .failed: "✗"
        case .notReached, .notJudged: "·"
        }
    }

    /// The check's first line as written in the suite, trimmed.
    private func written(_ step: Step) -> String {
        source.first { $0.0 == step.location.line }.map { ConsoleText.visible($0.1.trimmingCharacters(in: .whitespaces)) } ?? "\(step.kind)"
    }
}

extension Step {
    /// An `<expect…>` step.
    var isCheck: Bool {
        if case .expect = kind { return true }
        return false
    }
}
