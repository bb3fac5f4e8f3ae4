import HarnessCore

/// The symbols and words both renderings use, so the Markdown and the HTML page say the same thing.
///
/// Every outcome has a text symbol, so that nothing is told by colour alone: ✔ pass, ✘ fail, ∅ skip, ! error,
/// ⚠ in front when the result differs from the adapter's expectation file.
extension Matrix.Cell.Outcome {
    package var symbol: String {
        switch self {
        case .pass: "✔"
        case .fail: "✘"
        case .skip: "∅"
        case .error: "!"
        }
    }
}

extension Matrix.Cell {
    /// Put before a symbol when the result differs from its expectation.
    static let unexpectedMark = "⚠"
    /// Shown in an empty cell: the adapter did not run the scenario.
    static let notRunSymbol = "—"

    /// `✔`, or `⚠✘` for a regression.
    package var symbol: String { (isUnexpected ? Self.unexpectedMark : "") + outcome.symbol }

    /// `regression`, `expected failure`, `unexpected pass`, `skipped`, ...: what the cell means for CI.
    package var kind: String {
        switch outcome {
        case .pass: isUnexpected ? "unexpected pass" : "pass"
        case .fail:
            if isUnexpected { expected.status == .pass ? "regression" : "unexpected failure" }
            else { expected.status == .flaky ? "flaky failure" : "expected failure" }
        case .error: isUnexpected ? "unexpected error" : "expected error"
        case .skip: "skipped"
        }
    }

    /// What the expectation file says, when it matters to the reader: why a failure is expected (or accepted as
    /// flaky).
    package var expectationNote: String? {
        guard isExpectedFailure else { return nil }
        guard let reason = expected.reason, !reason.isEmpty else { return "listed in the expectation file (no reason given)" }
        return expected.status == .flaky ? "flaky because \(reason)" : "expected because \(reason)"
    }

    /// The message, or a placeholder so that no non-passing cell is without one.
    package var displayMessage: String {
        if !message.isEmpty { return message }
        return outcome == .pass ? "pass" : kind
    }
}
