import Foundation
import HarnessCore

/// The words every report uses for a result, so the console, JSON and JUnit reports say the same thing.
extension ScenarioResult {
    /// `adapter suite.scenario`, without repeating the suite when the scenario id already starts with it.
    var displayName: String {
        "\(adapter.name) \(qualifiedScenarioID)"
    }

    /// `suite.scenario`; scenario ids are normally written `suite.short-name` already.
    var qualifiedScenarioID: String {
        scenarioID.hasPrefix(suiteID + ".") ? scenarioID : "\(suiteID).\(scenarioID)"
    }

    /// One line saying what happened, for people: the failure message, the skip reason, the error detail, or
    /// why a pass was a surprise. Empty for an expected pass.
    var oneLineMessage: String {
        switch status {
        case .passed: isUnexpected ? unexpectedPassMessage : ""
        case .failed(let failure):
            (failedForAnotherReason ? "failed, but not as expected: " : "")
                + ConsoleText.oneLine(failure.message.isEmpty ? "expectation failed" : failure.message)
                + (failure.more.isEmpty ? "" : " (+\(failure.more.count) more failed \(failure.more.count == 1 ? "check" : "checks"))")
        case .skipped(let reason): Self.firstLine(reason)
        case .errored(let detail): Self.firstLine(detail.isEmpty ? "error" : detail)
        }
    }

    /// The first line of a skip reason or an error's detail (the rest is in the details), escaped, and saying how
    /// many lines follow so that nothing is cut silently.
    private static func firstLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rest = lines.dropFirst().count { !$0.allSatisfy(\.isWhitespace) }
        return ConsoleText.oneLine(String(lines.first ?? "")) + (rest == 0 ? "" : " (+\(rest) more \(rest == 1 ? "line" : "lines"))")
    }

    /// `unexpected pass: expected to fail because REASON`.
    var unexpectedPassMessage: String {
        "unexpected pass: \(expectationPhrase)"
    }

    /// `expected to fail because REASON` (or `expected an error ...`), from the adapter's expectation file.
    var expectationPhrase: String {
        let verb = expected.status == .error ? "expected an error" : "expected to fail"
        guard let reason = expected.reason, !reason.isEmpty else { return "\(verb) (no reason given)" }
        return "\(verb) because \(reason)"
    }

    /// `[security] ` for a failure of a check that guards against a leak or an exposure, so it stands out in any
    /// list; else empty.
    var securityMark: String { isSecurityRelevant ? "[security] " : "" }

    /// Everything a person needs to diagnose a non-passing result, several lines: expected vs observed, where
    /// the expectation is written, the details, and the transcript.
    var diagnosisText: String {
        var sections: [String] = []
        switch status {
        case .passed:
            if isUnexpected { sections.append("\(expectationPhrase), but every expectation held") }
        case .failed(let failure):
            if failedForAnotherReason, let observed = expected.observed {
                sections.append("failed, but not as expected: the expectation file says the first failed check reads '\(observed)'")
            }
            for check in failure.all {
                sections.append("\(check.guardsAgainstExposure ? "[security] " : "")\(check.message)\nat \(check.location)")
                if !check.detailsBeyondMessage.isEmpty { sections.append(check.detailsBeyondMessage) }
            }
        case .skipped(let reason):
            sections.append("skipped: \(reason)")
        case .errored(let detail):
            sections.append(detail)
        }
        if !transcript.isEmpty {
            sections.append("transcript:\n" + transcript.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

}

extension Failure {
    /// The details without the line that restates the message and the location (`FILE:LINE: MESSAGE`), which a
    /// report states once already: expected, observed and the context.
    var detailsBeyondMessage: String {
        var lines = details.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first == "\(location): \(message)" { lines.removeFirst() }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
