import Foundation
import HarnessCore

extension Agreement {
    private var heading: String { "Agreement: simulated \(simulatedProfile) vs \(liveProfile)" }

    private func summaryLine(_ tally: Tally) -> String {
        "\(Self.percent(tally.rate)) (\(tally.agreed) of \(tally.compared) cells agree; \(tally.notCompared) not compared)"
    }

    /// The console summary: one line per strategy, then the overall figure and the unexplained disagreements.
    public func consoleText() -> String {
        var lines = [heading]
        let width = max(10, tallies.map(\.strategy.count).max() ?? 0)
        for tally in tallies {
            lines.append("  " + tally.strategy.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summaryLine(tally))
        }
        lines.append("  " + "overall".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summaryLine(overall))
        lines.append("disagreements: \(disagreements.count) (\(disagreements.count - unexplained.count) with a known cause, \(unexplained.count) unexplained)")
        for cell in unexplained {
            lines.append("  unexplained: \(cell.strategy) \(cell.scenarioID)")
            lines.append("    simulated: \(ReportText.visible(Self.shownObservation(cell.simulated.status)))")
            lines.append("    live:      \(ReportText.visible(Self.shownObservation(cell.live.status)))")
        }
        return lines.joined(separator: "\n")
    }

    /// Markdown: the rates, then each disagreement with both observations and both transcripts.
    public func markdown() -> String {
        var text = "# \(heading)\n\nOverall: **\(summaryLine(overall))**\n\n"
        text += "| strategy | agree | compared | rate | not compared |\n|---|---:|---:|---:|---:|\n"
        for tally in tallies + [overall] {
            text += "| \(tally.strategy) | \(tally.agreed) | \(tally.compared) | \(Self.percent(tally.rate)) | \(tally.notCompared) |\n"
        }
        text += "\n## Disagreements (\(disagreements.count))\n"
        for cell in disagreements {
            text += "\n### \(cell.strategy) · `\(cell.scenarioID)`\n\n\(ReportText.markdown(cell.title))\n\n"
            text += cell.knownCause.map { "Known cause: \(ReportText.markdown($0))\n\n" } ?? "**Unexplained** (no cause in the checked-in list)\n\n"
            text += "| | simulated \(simulatedProfile) | \(liveProfile) |\n|---|---|---|\n"
            text += "| observed | \(ReportText.markdown(Self.shownObservation(cell.simulated.status))) | \(ReportText.markdown(Self.shownObservation(cell.live.status))) |\n\n"
            for (label, result) in [("simulated \(simulatedProfile)", cell.simulated), (liveProfile, cell.live)] {
                text += "<details><summary>transcript, \(label)</summary>\n\n```\n"
                text += ReportText.capped(lines: result.transcript).map(ReportText.visible).joined(separator: "\n").replacingOccurrences(of: "```", with: "ʼʼʼ")
                text += "\n```\n</details>\n\n"
            }
        }
        return text
    }

    /// A self-contained page: the rates, then each disagreement with the two transcripts side by side.
    public func html() -> String {
        let h = ReportText.html
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(h(heading))</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;max-width:1800px}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
            .pair{display:grid;grid-template-columns:1fr 1fr;gap:1em}
            pre{background:#f6f6f6;padding:6px;overflow-x:auto;font-size:12px;white-space:pre-wrap;word-break:break-all}
            .known{color:#555}.unexplained{color:#b00;font-weight:bold}
            </style></head><body>
            <h1>\(h(heading))</h1>
            <p>Overall: <strong>\(h(summaryLine(overall)))</strong></p>
            <table><tr><th>strategy</th><th>agree</th><th>compared</th><th>rate</th><th>not compared</th></tr>

            """
        for tally in tallies + [overall] {
            page += "<tr><td>\(h(tally.strategy))</td><td>\(tally.agreed)</td><td>\(tally.compared)</td><td>\(Self.percent(tally.rate))</td><td>\(tally.notCompared)</td></tr>\n"
        }
        page += "</table>\n<h2>Disagreements (\(disagreements.count))</h2>\n"
        for cell in disagreements {
            page += "<h3>\(h(cell.strategy)) · <code>\(h(cell.scenarioID))</code></h3><p>\(h(cell.title))</p>\n"
            page += cell.knownCause.map { "<p class=\"known\">Known cause: \(h($0))</p>\n" }
                ?? "<p class=\"unexplained\">Unexplained (no cause in the checked-in list)</p>\n"
            page += "<div class=\"pair\">"
            for (label, result) in [("simulated \(simulatedProfile)", cell.simulated), (liveProfile, cell.live)] {
                page += "<div><h4>\(h(label))</h4><p>\(h(Self.shownObservation(result.status)))</p><pre>"
                page += ReportText.capped(lines: result.transcript).map { h(ReportText.visible($0)) }.joined(separator: "\n")
                page += "</pre></div>"
            }
            page += "</div>\n"
        }
        return page + "</body></html>\n"
    }

    /// JSON: the rates and every disagreement with both observations and transcripts.
    public func json() throws -> Data {
        struct Side: Encodable {
            var status: String
            var observation: String
            var transcript: [String]
        }
        struct Disagreement: Encodable {
            var strategy: String
            var scenario: String
            var knownCause: String?
            var simulated: Side
            var live: Side
        }
        struct Rate: Encodable {
            var strategy: String
            var agreed: Int
            var compared: Int
            var notCompared: Int
            var rate: Double
        }
        struct Document: Encodable {
            var simulatedProfile: String
            var liveProfile: String
            var overall: Rate
            var strategies: [Rate]
            var disagreements: [Disagreement]
        }
        func rate(_ tally: Tally) -> Rate {
            Rate(strategy: tally.strategy, agreed: tally.agreed, compared: tally.compared, notCompared: tally.notCompared,
                 rate: (tally.rate * 10_000).rounded() / 10_000)
        }
        func side(_ result: ScenarioResult) -> Side {
            Side(status: result.status.name, observation: Self.shownObservation(result.status), transcript: ReportText.capped(lines: result.transcript))
        }
        let document = Document(
            simulatedProfile: simulatedProfile, liveProfile: liveProfile, overall: rate(overall), strategies: tallies.map(rate),
            disagreements: disagreements.map {
                Disagreement(strategy: $0.strategy, scenario: $0.scenarioID, knownCause: $0.knownCause,
                             simulated: side($0.simulated), live: side($0.live))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    /// ``observation(_:)`` with a long value shortened, as every report shortens it.
    static func shownObservation(_ status: Status) -> String {
        ReportText.capped(observation(status))
    }
}
