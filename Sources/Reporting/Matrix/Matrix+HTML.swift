import Foundation
import HarnessCore

/// The matrix as one self-contained HTML page: no external resource, readable without JavaScript.
///
/// The page is a single table (scenarios grouped by suite in `<tbody>` sections, one column per adapter, the
/// consensus next to the scenario) with a sticky header row and a sticky scenario column, so a large run stays
/// readable while scrolling both ways. The adapter columns stand in groups, one per profile and one for the cookie
/// stores (``Matrix/columnGroups``), families marked inside each; a group is shown either folded, as one summary
/// column (per scenario: how many of its adapters pass, fail, skip or err, and how many unexpectedly), or open, as
/// its columns. Every group has a box in the filters: CSS shows one or the other. Up to ``pageOpenColumnLimit``
/// adapters the page starts open with every cell written out; beyond, the groups start folded and their cells are
/// kept as one JSON object (``pageData(labels:groups:)``) that the script turns into the same cells when a box is
/// first ticked (a main job's 122,435 cells written out were 46 MB, and 25–60 s for a browser to draw). Every cell shows a text symbol as well as a colour (and a word and the
/// message's start when there is room; with many adapters the names stand upright and cells keep the symbol); a
/// non-passing cell carries its message in a tooltip and in a `<details>` element that opens on click. Unexpected
/// results are drawn solid with ⚠, expected failures hatched and quiet; failures of `security` scenarios carry a
/// SEC badge.
///
/// Filters (suite, tag, only differences, only security, only unexpected) are plain form controls read by CSS
/// `:has()` rules, so they work without script; a few lines of JavaScript only count the rows shown and hide
/// suites left empty. The document is XHTML-compatible HTML5 (every element closed, attributes quoted, no named
/// entities but XML's, script and style in CDATA sections), so an XML parser can check it, and all text from
/// results goes through `ReportText.html`.
extension Matrix {
    /// The whole page.
    ///
    /// - Parameter groupsOpen: Whether the column groups start open with every cell in the page, or folded to
    ///   one summary column each with their cells drawn by the page's script when opened. Nil (the default) opens
    ///   them when the matrix has at most ``pageOpenColumnLimit`` columns.
    package func html(groupsOpen: Bool? = nil) -> String {
        var page = HTMLOutput()
        let labels = columnLabels
        let allRows = rows
        let tagList = tags
        let places = ColumnPlaces(columnGroups, columnCount: columns.count)
        let open = groupsOpen ?? (columns.count <= Self.pageOpenColumnLimit)
        page.raw("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
        page.raw("<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
        page.raw("<title>Cookie conformance matrix · \(allRows.count) scenarios × \(columns.count) adapters</title>\n")
        page.raw("<style>/*<![CDATA[*/\n\(MatrixPageAssets.style)\n\(filterRules(tagCount: tagList.count, groupCount: places.groups.count))/*]]>*/</style>\n")
        page.raw("</head>\n<body>\n")

        page.raw("<header class=\"top\">\n<h1>Cookie conformance matrix</h1>\n")
        page.raw("<p class=\"meta\">\(ReportText.html(headline))</p>\n</header>\n")
        page.raw("<div class=\"overview\">\n")
        writeAdapterTable(&page, labels: labels, allRows: allRows, order: places.order)
        page.raw("</div>\n")
        writeLegend(&page)
        writeFilters(&page, tags: tagList, rowCount: allRows.count, groups: places.groups, open: open)
        writeMatrix(&page, labels: labels, tags: tagList, allRows: allRows, places: places, open: open)
        page.raw("<footer>Written by cookie-harness. Open a group of adapters by its name above the matrix; click a cell to read its message; hover for a tooltip.</footer>\n")
        page.raw("<script>//<![CDATA[\n\(MatrixPageAssets.script)\n//]]></script>\n")
        page.raw("</body>\n</html>\n")
        return page.text
    }

    /// Up to this many columns the page starts with every group open and every cell written out; beyond, groups
    /// start folded (a main job's 235 adapters × 521 scenarios were 122,435 cells: tens of MB that a browser took
    /// 25 s to draw).
    package static let pageOpenColumnLimit = 12

    // MARK: Overview

    private func writeAdapterTable(_ page: inout HTMLOutput, labels: [String], allRows: [Row], order: [Int]) {
        let totals = totals(allRows)
        // Many adapters would push the matrix off the first screen: then the table starts folded.
        page.raw("<details class=\"adapters\"\(columns.count <= 12 ? " open=\"open\"" : "")>")
        page.raw("<summary>Adapters: \(columns.count), with versions, profiles and totals</summary>\n")
        page.raw("<table class=\"adapters\">\n<thead><tr><th scope=\"col\">adapter</th>")
        page.raw("<th scope=\"col\">version</th><th scope=\"col\">profile</th><th scope=\"col\">spec profile</th>")
        page.raw("<th scope=\"col\" class=\"n\">✔ pass</th><th scope=\"col\" class=\"n\">✘ fail</th>")
        page.raw("<th scope=\"col\" class=\"n\">∅ skip</th><th scope=\"col\" class=\"n\">! error</th>")
        page.raw("<th scope=\"col\" class=\"n\">⚠ unexpected</th><th scope=\"col\" class=\"n\">SEC failures</th></tr></thead>\n<tbody>\n")
        for index in order {
            let column = columns[index]
            let counts = totals[index]
            let adapter = column.adapter
            page.raw("<tr><th scope=\"row\">\(ReportText.html(labels[index]))</th><td>\(ReportText.html(adapter.version))</td>")
            page.raw("<td>\(adapter.profile.isEmpty ? "—" : ReportText.html(adapter.profile))</td>")
            page.raw("<td>\(ReportText.html(adapter.specProfile))</td>")
            page.raw("<td class=\"n\">\(counts.pass)</td>")
            page.raw("<td class=\"n\">\(counts.fail)\(counts.expectedFailures > 0 ? " <small>(\(counts.expectedFailures) expected)</small>" : "")</td>")
            page.raw("<td class=\"n\">\(counts.skip)</td><td class=\"n\">\(counts.error)</td>")
            page.raw("<td class=\"n\(counts.unexpected > 0 ? " bad" : "")\">\(counts.unexpected)</td>")
            page.raw("<td class=\"n\">\(counts.securityFailures)</td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n</details>\n")
    }

    private func writeLegend(_ page: inout HTMLOutput) {
        func sample(_ classes: String, _ symbol: String, _ word: String, _ meaning: String) -> String {
            "<li><span class=\"c \(classes)\"><span class=\"sym\">\(symbol)</span> <span class=\"w\">\(word)</span></span> \(meaning)</li>"
        }
        page.raw("<section class=\"legend\" aria-label=\"Legend\">\n<ul>\n")
        page.raw(sample("pass", "✔", "pass", "passes") + "\n")
        page.raw(sample("fail", "✘", "fail", "fails, as the adapter's expectation file says it should (or may: flaky); hatched") + "\n")
        page.raw(sample("fail unexp", "⚠✘", "FAIL", "regression: fails, but is expected to pass") + "\n")
        page.raw(sample("pass unexp", "⚠✔", "PASS", "unexpected pass: passes, but is listed as failing") + "\n")
        page.raw(sample("error", "!", "error", "could not run to its end (expected)") + "\n")
        page.raw(sample("error unexp", "⚠!", "ERROR", "unexpected error") + "\n")
        page.raw(sample("skip", "∅", "skip", "skipped: the adapter lacks a capability the scenario needs") + "\n")
        page.raw(sample("none", "—", "", "not run by this adapter") + "\n")
        page.raw("<li><span class=\"sec\">SEC</span> failure of a scenario tagged <code>security</code> (a cookie sent where it must not go, or exposed to script)</li>\n")
        page.raw("<li><b>Consensus</b>: what most adapters that ran the scenario were seen to do (skips do not vote; "
            + "two adapters failing different checks, or observing different values, do not agree), and what the reference did: "
            + "<span class=\"ref agree\">ref ✔</span> passed with them, <span class=\"ref agree\">ref ✘ same</span> failed as they did, "
            + "or not (<span class=\"ref disagree\">ref: fail</span>, <span class=\"ref disagree\">ref: fails otherwise</span>); "
            + "≠ marks rows where adapters differ.</li>\n")
        page.raw("</ul>\n</section>\n")
    }

    private func writeFilters(_ page: inout HTMLOutput, tags: [String], rowCount: Int, groups: [ColumnGroup], open: Bool) {
        page.raw("<form class=\"filters\" id=\"filters\" action=\"#\" aria-label=\"Filters\">\n")
        page.raw("<label>Suite <select id=\"f-suite\"><option value=\"\" selected=\"selected\">all suites</option>")
        for (index, suite) in suites.enumerated() {
            page.raw("<option value=\"s\(index)\">\(ReportText.html(suite.id)) (\(suite.rows.count))</option>")
        }
        page.raw("</select></label>\n<label>Tag <select id=\"f-tag\"><option value=\"\" selected=\"selected\">all tags</option>")
        for (index, tag) in tags.enumerated() {
            page.raw("<option value=\"t\(index)\">\(ReportText.html(tag))</option>")
        }
        page.raw("</select></label>\n")
        page.raw("<label><input type=\"checkbox\" id=\"f-diff\"/> only differences</label>\n")
        page.raw("<label><input type=\"checkbox\" id=\"f-sec\"/> only security</label>\n")
        page.raw("<label><input type=\"checkbox\" id=\"f-unexp\"/> only unexpected</label>\n")
        page.raw("<span class=\"count\" id=\"f-count\">\(rowCount) scenarios</span>\n")
        // One box per column group: what opens it. Ticked, CSS shows the group's columns instead of its summary.
        page.raw("<fieldset class=\"groups\"><legend>Adapter groups</legend>")
        for (number, group) in groups.enumerated() {
            // Its title, for a link that opens it (`#open=ios-18`).
            page.raw("<label><input type=\"checkbox\" class=\"gopen\" id=\"g\(number)\""
                + " data-group=\"\(ReportText.html(group.title))\""
                + "\(open ? " checked=\"checked\"" : "")/> ")
            page.raw("\(ReportText.html(group.title)) (\(group.columns.count))</label>\n")
        }
        page.raw("</fieldset>\n</form>\n")
    }

    /// CSS that hides what the filters leave out: one rule per suite and per tag, keyed by generated tokens
    /// (`s3`, `t7`) so that no text from the results reaches a selector.
    ///
    /// Each rule asks the form (`#filters:has(…) ~ #matrix`), not the body: a `:has()` on the body is checked
    /// again as every row is parsed, and a main job's page took about a fifth longer to draw with them.
    private func filterRules(tagCount: Int, groupCount: Int) -> String {
        var rules = ""
        for index in suites.indices {
            rules += "#filters:has(#f-suite option[value=\"s\(index)\"]:checked) ~ #matrix tbody.suite:not(.s\(index))"
                + "{display:none}\n"
        }
        for index in 0..<tagCount {
            rules += "#filters:has(#f-tag option[value=\"t\(index)\"]:checked) ~ #matrix tr.row:not(.t\(index))"
                + "{display:none}\n"
        }
        for index in 0..<groupCount {
            rules += "#filters:has(#g\(index):checked) ~ #matrix .g\(index)s,"
                + "#filters:not(:has(#g\(index):checked)) ~ #matrix .g\(index){display:none}\n"
        }
        return rules
    }

    // MARK: The matrix

    /// Where each column stands on the page: its group, its place, and the classes that draw the lines between
    /// groups and families.
    private struct ColumnPlaces {
        let groups: [ColumnGroup]
        /// Column numbers in page order.
        let order: [Int]
        /// By column number: the group it belongs to.
        let group: [Int: Int]
        /// By column number: ` g3`, with ` gstart` where a group begins and ` fend` where a family ends before
        /// another (a darker line that adds no width: a main job's families are many).
        let classes: [Int: String]
        /// By column number: the message opens to the left (the column is in the right half of the page).
        let opensLeft: [Int: Bool]

        init(_ groups: [ColumnGroup], columnCount: Int) {
            self.groups = groups
            var order: [Int] = []
            var group: [Int: Int] = [:]
            var classes: [Int: String] = [:]
            for (number, columnGroup) in groups.enumerated() {
                for (familyNumber, family) in columnGroup.families.enumerated() {
                    for (position, column) in family.columns.enumerated() {
                        group[column] = number
                        var extra = " g\(number)"
                        if position == 0, familyNumber == 0, number > 0 { extra += " gstart" }
                        if position == family.columns.count - 1, familyNumber < columnGroup.families.count - 1 { extra += " fend" }
                        classes[column] = extra
                        order.append(column)
                    }
                }
            }
            self.order = order
            self.group = group
            self.classes = classes
            let rightHalf = columnCount / 2
            opensLeft = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0 >= rightHalf && $0 > 0) })
        }

        /// ` gstart` on a group's summary column after the first.
        func summaryClasses(_ number: Int) -> String {
            " gs g\(number)s\(number > 0 ? " gstart" : "")"
        }
    }

    private func writeMatrix(_ page: inout HTMLOutput, labels: [String], tags: [String], allRows: [Row], places: ColumnPlaces, open: Bool) {
        let tagNumber = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        let groups = places.groups
        page.raw("<table class=\"matrix \(density)\" id=\"matrix\">\n<thead>")
        // The groups, then the families, then the adapters' names. A group folded shows one summary column
        // (`g3s`); open, its columns (`g3`). CSS hides one or the other from the group's box (`#g3`).
        page.raw("<tr class=\"groups\"><th colspan=\"2\" class=\"gap\"></th>")
        for (number, group) in groups.enumerated() {
            let count = group.columns.count
            let title = "<b>\(ReportText.html(group.title))</b> <span class=\"n\">\(count) adapter\(count == 1 ? "" : "s")</span>"
            page.raw("<th class=\"grp\(places.summaryClasses(number))\"><label for=\"g\(number)\">▸ \(title)</label></th>")
            page.raw("<th colspan=\"\(count)\" class=\"grp g\(number)\(number > 0 ? " gstart" : "")\"><label for=\"g\(number)\">▾ \(title) · fold</label></th>")
        }
        page.raw("</tr>\n<tr class=\"families\"><th colspan=\"2\" class=\"gap\"></th>")
        for (number, group) in groups.enumerated() {
            page.raw("<th class=\"fam\(places.summaryClasses(number))\">\(group.families.count) famil\(group.families.count == 1 ? "y" : "ies")</th>")
            for (familyNumber, family) in group.families.enumerated() {
                let start = (familyNumber == 0 && number > 0 ? " gstart" : "") + (familyNumber < group.families.count - 1 ? " fend" : "")
                // The name, cut to the family's columns rather than widening them; a family of one column is its
                // adapter, named below.
                let name = family.columns.count > 1 ? "<span class=\"fn\">\(ReportText.html(family.name))</span>" : ""
                page.raw("<th colspan=\"\(family.columns.count)\" class=\"fam g\(number)\(start)\" title=\"\(ReportText.html(family.name))\">\(name)</th>")
            }
        }
        page.raw("</tr>\n<tr class=\"names\"><th scope=\"col\" class=\"scn\">Scenario</th>")
        page.raw("<th scope=\"col\" class=\"cons\">Consensus</th>")
        for (number, group) in groups.enumerated() {
            page.raw("<th scope=\"col\" class=\"ad sum\(places.summaryClasses(number))\" title=\"\(ReportText.html(group.title)): "
                + "results of its \(group.columns.count) adapters, folded\"><span class=\"lbl\"><span class=\"name\">all \(ReportText.html(group.title))</span></span></th>")
            for index in group.columns {
                let isReference = index == referenceColumn
                // The name `--adapter` takes, and nothing else: version and profile are in the tooltip.
                page.raw("<th scope=\"col\" class=\"ad\(isReference ? " refcol" : "")\(places.classes[index]!)\" title=\"\(ReportText.html(columnTitle(columns[index])))\">")
                page.raw("<span class=\"lbl\"><span class=\"name\">\(breakable(labels[index]))</span>")
                if isReference { page.raw("<span class=\"ver\">ref</span>") }
                page.raw("</span></th>")
            }
        }
        page.raw("</tr></thead>\n")
        for suiteNumber in displaySuiteOrder {
            let suite = suites[suiteNumber]
            let folded = suite.isCorpus
            page.raw("<tbody class=\"suite s\(suiteNumber)\(folded ? " folded" : "")\" id=\"\(anchor(for: suite))\">\n")
            writeSuiteHead(suite, folded: folded, places: places, open: open, &page)
            for row in suite.rows {
                let consensus = consensus(row)
                var classes = ["row"]
                if consensus.differs { classes.append("r-diff") }
                if row.isSecurityRelevant { classes.append("r-sec") }
                if row.hasUnexpected { classes.append("r-unexp") }
                classes += Set(row.tags).compactMap { tagNumber[$0] }.sorted().map { "t\($0)" }
                page.raw("<tr class=\"\(classes.joined(separator: " "))\">")
                writeScenarioCell(row, &page)
                writeConsensusCell(consensus, &page)
                for (number, group) in groups.enumerated() {
                    writeSummaryCell(group.columns.compactMap { row.cells[$0] }, classes: places.summaryClasses(number), &page)
                    // Folded, a group's cells are drawn by the page's script from the data below when opened.
                    guard open else { continue }
                    for column in group.columns {
                        writeCell(row.cells[column], row: row, label: labels[column], opensLeft: places.opensLeft[column]!,
                                  extraClass: places.classes[column]!, &page)
                    }
                }
                page.raw("</tr>\n")
            }
            page.raw("</tbody>\n")
        }
        page.raw("<tfoot><tr><th scope=\"row\" class=\"scn\">Totals <small>\(allRows.count) scenarios</small></th><td class=\"cons\"></td>")
        writeTotals(allRows, places: places, columns: true, &page)
        page.raw("</tr></tfoot>\n</table>\n")
        if !open { writeCellData(&page, labels: labels, places: places) }
    }

    /// The folded groups' cells for the page's script (``pageData(labels:groups:)``).
    private func writeCellData(_ page: inout HTMLOutput, labels: [String], places: ColumnPlaces) {
        let groups = places.groups.map {
            $0.columns.map { (column: $0, opensLeft: places.opensLeft[$0]!, classes: places.classes[$0]!.trimmingCharacters(in: .whitespaces)) }
        }
        page.raw("<script type=\"application/json\" id=\"matrix-data\">\(pageData(labels: labels, groups: groups))</script>\n")
    }

    /// A group's totals cell, then (with `columns`) each of its columns' (hidden while the group is folded).
    private func writeTotals(_ rows: [Row], places: ColumnPlaces, columns: Bool, _ page: inout HTMLOutput) {
        let totals = totals(rows)
        for (number, group) in places.groups.enumerated() {
            var sum = Totals()
            for column in group.columns { sum.add(totals[column]) }
            page.raw("<td class=\"tot\(places.summaryClasses(number))\">\(totalsHTML(sum))</td>")
            guard columns else { continue }
            for index in group.columns { page.raw("<td class=\"tot\(places.classes[index]!)\">\(totalsHTML(totals[index]))</td>") }
        }
    }

    /// One row's results in a folded group: how many adapters pass, fail, skip or err, and how many of those
    /// differ from their expectation, coloured by the worst.
    private func writeSummaryCell(_ cells: [Cell], classes: String, _ page: inout HTMLOutput) {
        var totals = Totals()
        for cell in cells { totals.add(cell) }
        let tone = totals.unexpected > 0 ? "s-unexp" : totals.fail + totals.error > 0 ? "s-fail" : totals.pass > 0 ? "s-pass" : "s-none"
        page.raw("<td class=\"\(tone)\(classes)\">\(totalsHTML(totals))</td>")
    }

    /// The suites in the order the page shows them: the hand-written ones as they came, the imported corpora
    /// (hundreds of generated cases) after them.
    var displaySuiteOrder: [Int] {
        suites.indices.filter { !suites[$0].isCorpus } + suites.indices.filter { suites[$0].isCorpus }
    }

    /// The suite's name, file, how many of its scenarios differ and its totals per adapter; a folded suite (an
    /// imported corpus) adds the box that unfolds its rows, so that its totals stand for it until then.
    private func writeSuiteHead(_ suite: SuiteGroup, folded: Bool, places: ColumnPlaces, open: Bool, _ page: inout HTMLOutput) {
        let differing = suite.rows.filter { consensus($0).differs }.count
        page.raw("<tr class=\"suite-head\"><th scope=\"rowgroup\" class=\"scn\"><span class=\"sid\">\(ReportText.html(suite.id))</span>")
        if let title = suiteTitles[suite.id], !title.isEmpty { page.raw(" <span class=\"stitle\">\(ReportText.html(title))</span>") }
        page.raw("<span class=\"sfile\">\(ReportText.html(suite.file)) · \(suite.rows.count) scenarios</span>")
        if folded {
            page.raw("<label class=\"unfold-l\"><input type=\"checkbox\" class=\"unfold\"/> show its \(suite.rows.count) scenarios "
                + "(an imported corpus, folded: its totals are on this line)</label>")
        }
        page.raw("</th>")
        page.raw("<td class=\"cons\">\(differing > 0 ? "≠ \(differing) differ" : "all agree")</td>")
        // A folded group's columns get their totals here from the script, with their cells.
        writeTotals(suite.rows, places: places, columns: open, &page)
        page.raw("</tr>\n")
    }

    private func writeScenarioCell(_ row: Row, _ page: inout HTMLOutput) {
        page.raw("<th scope=\"row\" class=\"scn\">")
        if row.hasUnexpected { page.raw("<span class=\"flag\" title=\"an adapter's result differs from its expectation\">⚠</span> ") }
        page.raw("<span class=\"id\">\(ReportText.html(row.scenarioID))</span>")
        if row.isSecurityRelevant { page.raw(" <span class=\"sec\">SEC</span>") }
        if !row.tags.isEmpty {
            page.raw("<span class=\"tags\">")
            for tag in row.tags { page.raw(" <span class=\"tag\">\(ReportText.html(tag))</span>") }
            page.raw("</span>")
        }
        page.raw("<span class=\"title\">\(ReportText.html(row.title))</span>")
        page.raw("</th>")
    }

    private func writeConsensusCell(_ consensus: Consensus, _ page: inout HTMLOutput) {
        let majority = consensus.majority.map { "m-\($0.rawValue)" } ?? "m-split"
        page.raw("<td class=\"cons \(majority)\(consensus.differs ? " differs" : "")\">")
        if consensus.differs { page.raw("<span class=\"ne\" title=\"adapters differ\">≠</span> ") }
        if let symbol = consensus.majority?.symbol { page.raw("<span class=\"sym\">\(symbol)</span> ") }
        page.raw(ReportText.html(consensus.summary))
        if let note = consensus.referenceNote {
            let kind = note.agrees.map { $0 ? " agree" : " disagree" } ?? ""
            page.raw("<span class=\"ref\(kind)\">\(ReportText.html(note.text))</span>")
        }
        page.raw("</td>")
    }

    private func writeCell(_ cell: Cell?, row: Row, label: String, opensLeft: Bool, extraClass: String, _ page: inout HTMLOutput) {
        guard let cell else {
            page.raw("<td class=\"c none\(extraClass)\" title=\"\(ReportText.html(label)): not run\"><span class=\"sym\">—</span></td>")
            return
        }
        let isSecurityFailure = cell.isSecurityFailure
        var classes = ["c", cell.outcome.rawValue]
        if cell.isUnexpected { classes.append("unexp") }
        if isSecurityFailure { classes.append("secfail") }
        if opensLeft { classes.append("pop-left") }
        if !extraClass.isEmpty { classes.append(extraClass.trimmingCharacters(in: .whitespaces)) }
        let word = cell.isUnexpected ? cell.outcome.rawValue.uppercased() : cell.outcome.rawValue
        var tooltip = "\(label): \(cell.kind)"
        if isSecurityFailure { tooltip += " (security)" }
        if cell.outcome != .pass || cell.isUnexpected { tooltip += " — \(cell.displayMessage)" }
        page.raw("<td class=\"\(classes.joined(separator: " "))\" title=\"\(ReportText.html(tooltip))\">")
        let badge = isSecurityFailure ? "<span class=\"sec\">SEC</span>" : ""
        guard cell.outcome != .pass || cell.isUnexpected else {
            page.raw("<span class=\"sym\">\(cell.symbol)</span> <span class=\"w\">\(word)</span></td>")
            return
        }
        page.raw("<details><summary><span class=\"sym\">\(cell.symbol)</span> <span class=\"w\">\(word)</span>\(badge)")
        page.raw("<span class=\"brief\">\(ReportText.html(cell.displayMessage))</span></summary>")
        page.raw("<div class=\"pop\"><p class=\"k\">\(ReportText.html(label)) · \(cell.kind)\(isSecurityFailure ? " · security" : "")</p>")
        page.raw("<p class=\"msg\">\(ReportText.html(cell.displayMessage))</p>")
        if let location = cell.location { page.raw("<p class=\"loc\">at \(ReportText.html(location))</p>") }
        if let note = cell.expectationNote { page.raw("<p class=\"why\">\(ReportText.html(note))</p>") }
        page.raw("</div></details></td>")
    }

    /// `✔ 9 ✘ 1 ⚠ 1`, the counts that are not zero, each with its symbol.
    private func totalsHTML(_ totals: Totals) -> String {
        var parts: [String] = []
        for (outcome, count) in [(Cell.Outcome.pass, totals.pass), (.fail, totals.fail), (.skip, totals.skip), (.error, totals.error)]
        where count > 0 {
            parts.append("<span class=\"t-\(outcome.rawValue)\">\(outcome.symbol)\u{A0}\(count)</span>")
        }
        if totals.unexpected > 0 { parts.append("<span class=\"t-unexp\">⚠\u{A0}\(totals.unexpected)</span>") }
        return parts.isEmpty ? "—" : parts.joined(separator: " ")
    }

    /// How much each cell shows: with few adapters there is room for whole messages (`roomy`); with many, cells
    /// keep only their symbol and the adapter names stand upright (`dense`), so that the matrix fits a screen.
    private var density: String {
        switch columns.count {
        case ...4: "roomy"
        case ...10: "normal"
        default: "dense"
        }
    }

    /// `name version profile (spec profile)` for a column header's tooltip.
    private func columnTitle(_ column: Column) -> String {
        let adapter = column.adapter
        return "\(adapter.name) \(adapter.version)\(adapter.profile.isEmpty ? "" : " profile \(adapter.profile)") · spec \(adapter.specProfile)"
    }

    /// An adapter name that may wrap after its hyphens and before `:` and `@` (`wk-response-capture:as-written@ios-11`),
    /// so columns stay narrow and header rows short.
    private func breakable(_ name: String) -> String {
        ReportText.html(name).replacingOccurrences(of: "-", with: "-<wbr/>")
            .replacingOccurrences(of: ":", with: "<wbr/>:").replacingOccurrences(of: "@", with: "<wbr/>@")
    }
}

/// The page being written.
private struct HTMLOutput {
    var text = ""

    /// Appends markup that is already safe (fixed strings, or text escaped by `ReportText.html`).
    mutating func raw(_ markup: String) { text += markup }
}
