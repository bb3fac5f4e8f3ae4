import Foundation
import HarnessCore
import ProcessCleanup

/// The matrix as GitHub-flavoured Markdown: a summary of the adapters, then one table per suite with short cells
/// (`✔`, `✘`, `∅`, `!`, `⚠` for the unexpected, `🔒` for security) whose superscript numbers link to the messages
/// listed under the table.
///
/// Every piece of text from a result goes through `ReportText.markdown`, so a `|` in a title cannot split a cell
/// and a `<script>` in a message is shown, not interpreted.
extension Matrix {
    /// The whole document.
    package func markdown() -> String {
        var out = MarkdownOutput()
        out.line("# Cookie conformance matrix")
        out.line()
        out.line(ReportText.markdown(headline))
        out.line()
        writeAdapterTable(&out)
        out.line()
        writeLegend(&out)
        out.line()
        if let agreement = BrowserAgreement(self) { writeBrowserAgreement(agreement, &out) }
        if suites.count > 1 { writeSuiteIndex(&out) }
        var nextNote = 1
        for suite in suites { writeSuite(suite, &out, notesFrom: &nextNote) }
        if suites.isEmpty { out.line("No results.") }
        var text = out.text
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }

    /// `Run of 2026-01-01 00:00 UTC on ci-host: 302 scenarios in 8 suites × 2 adapters; reference: reference.`
    var headline: String {
        var text = source.map { "Built from \($0)" } ?? "Run of \(ReportText.date(run.startedAt))"
        if source == nil, !run.hostname.isEmpty { text += " on \(run.hostname)" }
        let scenarioCount = suites.reduce(0) { $0 + $1.rows.count }
        text += ": \(scenarioCount) \(scenarioCount == 1 ? "scenario" : "scenarios") in \(suites.count) "
        text += "\(suites.count == 1 ? "suite" : "suites") × \(columns.count) \(columns.count == 1 ? "adapter" : "adapters")"
        if let referenceColumn { text += "; consensus compared with \(columnLabels[referenceColumn])" }
        if replacedResults > 0 { text += "; \(replacedResults) repeated results replaced by later ones" }
        // Rendered at the end of a run a signal cut short: the skipped cells say why, the headline says it first.
        if source == nil, let signal = Interruption.signal {
            text += "; interrupted by \(Interruption.name(of: signal)): partial, the rest skipped"
        }
        return text + "."
    }

    private func writeAdapterTable(_ out: inout MarkdownOutput) {
        out.line("| adapter | version | profile | spec profile | ✔ pass | ✘ fail | ∅ skip | ! error | ⚠ unexpected | 🔒 security failures |")
        out.line("|---|---|---|---|--:|--:|--:|--:|--:|--:|")
        let totals = totals(rows)
        let labels = columnLabels
        for (index, column) in columns.enumerated() {
            let adapter = column.adapter
            let counts = totals[index]
            var cells = [
                ReportText.markdown(labels[index]),
                ReportText.markdown(adapter.version),
                adapter.profile.isEmpty ? "—" : ReportText.markdown(adapter.profile),
                ReportText.markdown(adapter.specProfile),
                "\(counts.pass)",
                "\(counts.fail)",
                "\(counts.skip)",
                "\(counts.error)",
                counts.unexpected > 0 ? "**\(counts.unexpected)**" : "0",
                "\(counts.securityFailures)",
            ]
            if counts.expectedFailures > 0 {
                cells[5] += " (\(counts.expectedFailures) expected)"
            }
            out.row(cells)
        }
    }

    /// The scenarios where the real browser engines agree against the reference (``BrowserAgreement``).
    private func writeBrowserAgreement(_ agreement: BrowserAgreement, _ out: inout MarkdownOutput) {
        out.line("## Where the browsers agree against the reference")
        out.line()
        out.line(
            "\(agreement.browsers.map(ReportText.markdown).joined(separator: ", ")) are seen to do the same thing, and the "
                + "reference another, on \(agreement.rows.count) of the \(agreement.compared) scenarios all of them ran: the cases "
                + "a library that follows browsers should follow too.")
        out.line()
        for row in agreement.rows {
            out.line("- \(ReportText.markdown(row.scenarioID)): \(ReportText.markdown(row.title))")
        }
        if !agreement.rows.isEmpty { out.line() }
    }

    private func writeLegend(_ out: inout MarkdownOutput) {
        out.line(
            "**Legend:** ✔ pass · ✘ fail · ∅ skipped · ! error · — not run · **⚠** unexpected: differs from the "
                + "adapter's expectation file (**⚠✘** regression, **⚠✔** unexpected pass, **⚠!** unexpected error); "
                + "a plain ✘ or ! is an expected failure · 🔒 a failed check that guards against a leak or an exposure (a cookie where it must not go or readable by script; a missing cookie is never one) · "
                + "superscript numbers link to the messages under each table. **Consensus:** what most of the "
                + "adapters that ran the scenario were seen to do (skips do not vote; two adapters failing different "
                + "checks, or observing different values, do not agree), and what the reference did: ref ✔ it passed "
                + "with them, ref ✘ same it failed as they did, or not (**ref: fail**, **ref: fails otherwise**)."
        )
    }

    private func writeSuiteIndex(_ out: inout MarkdownOutput) {
        out.line("| suite | scenarios | adapters differ | ⚠ unexpected | 🔒 security failures |")
        out.line("|---|--:|--:|--:|--:|")
        for suite in suites {
            let differing = suite.rows.filter { consensus($0).differs }.count
            let unexpected = suite.rows.reduce(0) { $0 + $1.cells.values.filter(\.isUnexpected).count }
            let security = totals(suite.rows).reduce(0) { $0 + $1.securityFailures }
            out.row([
                "[\(ReportText.markdown(suiteHeading(suite)))](#\(anchor(for: suite)))",
                "\(suite.rows.count)", "\(differing)", unexpected > 0 ? "**\(unexpected)**" : "0", "\(security)",
            ])
        }
        out.line()
    }

    /// `redirect — Cookies set and sent across 302 redirects`.
    func suiteHeading(_ suite: SuiteGroup) -> String {
        guard let title = suiteTitles[suite.id], !title.isEmpty else { return suite.id }
        return "\(suite.id) — \(title)"
    }

    /// The id of a suite's heading: `suite-` and the suite id, reduced to characters safe in a fragment.
    func anchor(for suite: SuiteGroup) -> String { "suite-" + ReportText.token(suite.id) }

    private func writeSuite(_ suite: SuiteGroup, _ out: inout MarkdownOutput, notesFrom nextNote: inout Int) {
        out.line("<a id=\"\(anchor(for: suite))\"></a>")
        out.line()
        out.line("## " + ReportText.markdown(suiteHeading(suite)))
        out.line()
        if !suite.file.isEmpty { out.line(ReportText.markdown(suite.file)); out.line() }
        let plainLabels = columnLabels
        let labels = plainLabels.enumerated().map { index, label in
            ReportText.markdown(label) + (index == referenceColumn ? " (ref)" : "")
        }
        out.row(["scenario", "title", "tags", "consensus"] + labels)
        out.line("|---|---|---|---|" + String(repeating: ":-:|", count: columns.count))

        var notes = Footnotes(firstNumber: nextNote)
        defer { nextNote = notes.nextNumber }
        for row in suite.rows {
            let consensus = consensus(row)
            var scenario = ReportText.markdown(row.scenarioID)
            if row.isSecurityRelevant { scenario += " 🔒" }
            if row.hasUnexpected { scenario = "**⚠** " + scenario }
            var cells = [
                scenario, ReportText.markdown(row.title), row.tags.map(ReportText.markdown).joined(separator: ", "),
                consensusText(consensus),
            ]
            for column in columns.indices {
                guard let cell = row.cells[column] else {
                    cells.append(Matrix.Cell.notRunSymbol)
                    continue
                }
                cells.append(cellText(cell, row: row, column: column, notes: &notes))
            }
            out.row(cells)
        }
        let totals = totals(suite.rows)
        out.row(["**totals**", "", "", ""] + totals.map(totalsText))
        out.line()
        if !notes.entries.isEmpty {
            for entry in notes.entries {
                let place = entry.location.map { " (at \(ReportText.markdown($0)))" } ?? ""
                let why = entry.cell.expectationNote.map { "; \(ReportText.markdown($0))" } ?? ""
                let kind = entry.cell.isUnexpected ? "**\(entry.cell.symbol) \(entry.cell.kind)**" : "\(entry.cell.symbol) \(entry.cell.kind)"
                let adapters = entry.columns.map { ReportText.markdown(plainLabels[$0]) }.joined(separator: ", ")
                let security = entry.security ? " 🔒" : ""
                out.line(
                    "- <a id=\"m\(entry.number)\"></a>**\(entry.number).** \(ReportText.markdown(entry.scenarioID))\(security) · "
                        + "\(adapters): \(kind): \(ReportText.markdown(entry.cell.displayMessage))\(place)\(why)"
                )
            }
            out.line()
        }
    }

    /// `pass 9/11 · ref ✔`, `fail 3/3 · ref ✘ same`, with the reference's outcome in bold when it differs from
    /// the majority.
    func consensusText(_ consensus: Consensus) -> String {
        var text = consensus.summary
        if let note = consensus.referenceNote {
            text += note.agrees == false ? " · **\(note.text)**" : " · \(note.text)"
        }
        return text
    }

    private func cellText(_ cell: Cell, row: Row, column: Int, notes: inout Footnotes) -> String {
        var text = cell.isUnexpected ? "**\(cell.symbol)**" : cell.symbol
        let isSecurityFailure = cell.isSecurityFailure
        if isSecurityFailure { text += "🔒" }
        if cell.outcome != .pass || cell.isUnexpected {
            let number = notes.number(for: cell, scenarioID: row.scenarioID, column: column, security: isSecurityFailure)
            text += "<sup>[\(number)](#m\(number))</sup>"
        }
        return text
    }

    /// `✔ 9 · ✘ 1 · ⚠ 1`: the counts that are not zero.
    private func totalsText(_ totals: Totals) -> String {
        var parts: [String] = []
        for (outcome, count) in [(Cell.Outcome.pass, totals.pass), (.fail, totals.fail), (.skip, totals.skip), (.error, totals.error)]
        where count > 0 {
            parts.append("\(outcome.symbol) \(count)")
        }
        if totals.unexpected > 0 { parts.append("**⚠ \(totals.unexpected)**") }
        return parts.isEmpty ? Matrix.Cell.notRunSymbol : parts.joined(separator: " · ")
    }
}

/// Footnotes of one suite's table: one per distinct (scenario, outcome, message), shared by the adapters that
/// report the same thing, numbered through the whole document so that every anchor is unique.
private struct Footnotes {
    struct Entry {
        var number: Int
        var scenarioID: String
        var cell: Matrix.Cell
        var location: String?
        var columns: [Int]
        var security: Bool
    }

    private(set) var entries: [Entry] = []
    private(set) var nextNumber: Int
    private var index: [Key: Int] = [:]

    init(firstNumber: Int) { nextNumber = firstNumber }

    private struct Key: Hashable {
        var scenarioID: String
        var outcome: Matrix.Cell.Outcome
        var unexpected: Bool
        var message: String
        var location: String?
        var reason: String?
    }

    mutating func number(for cell: Matrix.Cell, scenarioID: String, column: Int, security: Bool) -> Int {
        let key = Key(
            scenarioID: scenarioID, outcome: cell.outcome, unexpected: cell.isUnexpected, message: cell.message,
            location: cell.location, reason: cell.expected.reason
        )
        if let known = index[key] {
            entries[known].columns.append(column)
            return entries[known].number
        }
        let number = nextNumber
        nextNumber += 1
        index[key] = entries.count
        entries.append(Entry(number: number, scenarioID: scenarioID, cell: cell, location: cell.location, columns: [column], security: security))
        return number
    }
}

/// Lines of Markdown.
private struct MarkdownOutput {
    var text = ""

    mutating func line(_ line: String = "") {
        text += line
        text += "\n"
    }

    /// `| a | b |`; the cells are already escaped.
    mutating func row(_ cells: [String]) {
        line("| " + cells.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |")
    }
}
