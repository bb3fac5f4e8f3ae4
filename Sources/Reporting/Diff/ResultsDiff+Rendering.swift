import Foundation

/// The three renderings of a ``ResultsDiff``: console text, Markdown (a pull-request comment or
/// `$GITHUB_STEP_SUMMARY`) and JSON. They say the same things in the same order.
extension ResultsDiff {
    /// `2 regressions`, `no regression`; `no verdict` when the current run is incomplete (interrupted, empty).
    package var headline: String {
        let count = changes.filter(\.regression).count
        let total = changes.count
        var regressions = count == 0 ? "no regression" : count == 1 ? "1 regression" : "\(count) regressions"
        if let currentIncomplete, count == 0 { regressions = "no verdict: the current run is incomplete (\(currentIncomplete))" }
        return "\(regressions) (\(total) \(total == 1 ? "change" : "changes") in \(adapters.filter { $0.counts.values.reduce(0, +) > 0 }.count) of \(adapters.count) adapters)"
    }

    // MARK: Text

    /// How many changes the console lists per adapter, and in all, as the loader caps one file's diagnostics
    /// at 50: half a million changes must not flood a CI log; the rest are counted, and the JSON diff has them all.
    package static let consoleChangesPerAdapter = 50
    package static let consoleChanges = 200

    /// Plain lines for the console: a header, then each adapter with changes, one line per change (at most
    /// ``consoleChangesPerAdapter`` per adapter and ``consoleChanges`` in all, then how many more).
    package var text: String {
        var lines = [
            "diff: \(baselineSource) (\(adapters.map(\.baselineResults).reduce(0, +)) results) → "
                + "\(currentSource) (\(adapters.map(\.currentResults).reduce(0, +)) results)"
        ]
        var budget = Self.consoleChanges
        for summary in adapters {
            let changes = changes(of: summary.adapter)
            guard !changes.isEmpty else { continue }
            lines.append("\(ConsoleText.visible(summary.adapter)): " + Self.countsPhrase(summary))
            let shown = min(changes.count, Self.consoleChangesPerAdapter, budget)
            for change in changes.prefix(shown) {
                lines.append("  " + Self.textLine(change))
            }
            budget -= shown
            if shown < changes.count {
                lines.append("  … and \(changes.count - shown) more \(changes.count - shown == 1 ? "change" : "changes") of "
                    + "\(ConsoleText.visible(summary.adapter)) (the console lists \(Self.consoleChangesPerAdapter) per adapter and "
                    + "\(Self.consoleChanges) in all; --json FILE writes every change)")
            }
        }
        lines.append(headline)
        return lines.joined(separator: "\n")
    }

    private static func countsPhrase(_ summary: AdapterSummary) -> String {
        let parts = Change.Kind.allCases.compactMap { kind in summary.count(kind) > 0 ? "\(summary.count(kind)) \(kind.title)" : nil }
        let regressions = summary.regressions == 0 ? "" : "\(summary.regressions) \(summary.regressions == 1 ? "regression" : "regressions") — "
        return regressions + parts.joined(separator: ", ")
    }

    private static func marker(_ change: Change) -> String {
        if change.regression { return "✗" }
        switch change.kind {
        case .newlyPassing: return "✓"
        case .appeared: return "+"
        case .disappeared: return "-"
        default: return "~"
        }
    }

    private static func textLine(_ change: Change) -> String {
        var line = "\(marker(change)) \(change.kind.title): \(change.securityRelevant ? "[security] " : "")\(Self.visible(change.scenario))"
        line += " — \(change.baseline?.label ?? "absent") → \(change.current?.label ?? "absent")"
        if let cause = cause(change) { line += ": " + Self.visible(cause) }
        return line
    }

    /// The current cause, with the baseline's when it differs: what a person reads to see why.
    static func cause(_ change: Change) -> String? {
        let now = change.current.flatMap { side in side.message.isEmpty ? nil : side.message + (side.location.map { " (at \($0))" } ?? "") }
        let then = change.baseline.flatMap { side in side.message.isEmpty ? nil : side.message }
        switch (now, then) {
        case (let now?, let then?) where then != change.current?.message: return "\(now); was: \(then)"
        case (let now?, _): return now
        case (nil, let then?): return "was: \(then)"
        case (nil, nil): return nil
        }
    }

    /// Control characters shown as `\u{1B}`, so a message from an adapter cannot drive the terminal.
    static func visible(_ text: String) -> String { ConsoleText.visible(text) }

    // MARK: Markdown

    /// Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the headline, a table of counts per adapter,
    /// then a table of changes per adapter with changes (at most `limit` rows each, the rest counted).
    package func markdown(limit: Int = 100) -> String {
        var lines = [
            "## cookie-harness diff", "",
            "**\(headline)** · baseline `\(Self.code(baselineSource))` (\(adapters.map(\.baselineResults).reduce(0, +)) results) → "
                + "current `\(Self.code(currentSource))` (\(adapters.map(\.currentResults).reduce(0, +)) results)", "",
        ]
        let changed = adapters.filter { !changes(of: $0.adapter).isEmpty }
        guard !changed.isEmpty else {
            lines.append("No result changed.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("| adapter | regressions | " + Change.Kind.allCases.map(\.title).joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "---:|", count: Change.Kind.allCases.count + 1))
        for summary in changed {
            lines.append("| `\(Self.code(summary.adapter))` | \(summary.regressions) | "
                + Change.Kind.allCases.map { String(summary.count($0)) }.joined(separator: " | ") + " |")
        }
        for summary in changed {
            let list = changes(of: summary.adapter)
            lines += ["", "### \(Self.cell(summary.adapter))", "", "| | scenario | baseline | current | cause |", "|---|---|---|---|---|"]
            for change in list.prefix(limit) {
                lines.append("| \(marker(change)) \(change.kind.title) | \(change.securityRelevant ? "[security] " : "")`\(Self.code(change.scenario))` | "
                    + "\(change.baseline?.label ?? "—") | \(change.current?.label ?? "—") | \(Self.cell(Self.cause(change) ?? "")) |")
            }
            if list.count > limit { lines += ["", "… and \(list.count - limit) more (the JSON diff has them all)."] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func marker(_ change: Change) -> String { Self.marker(change) }

    /// Text safe inside a Markdown table cell: no pipe, no line break, no control character, and nothing that
    /// starts markup (HTML, links, images), escaped as compare's matrix escapes it.
    static func cell(_ text: String) -> String {
        ReportText.markdownEscaped(visible(text))
    }

    /// Text safe inside a code span.
    static func code(_ text: String) -> String {
        visible(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }

    // MARK: JSON

    /// The diff as one JSON document (keys sorted): sources, whether it regressed, counts per adapter, every change.
    package func json() throws -> Data {
        struct Document: Encodable {
            var baseline: String
            var current: String
            var regressed: Bool
            var regressions: Int
            /// Why the current run gives no verdict (interrupted, empty); absent for a whole run.
            var currentIncomplete: String?
            var adapters: [AdapterSummary]
            var changes: [Change]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(Document(
            baseline: baselineSource, current: currentSource, regressed: hasRegressions,
            regressions: changes.filter(\.regression).count, currentIncomplete: currentIncomplete, adapters: adapters, changes: changes))
    }
}
