import Foundation
import HarnessCore
import Reporting
import Testing
import XMLSupport

@Suite("Matrix HTML")
struct MatrixHTMLTests {
    @Test func isWellFormedSelfContainedXHTML() throws {
        let tree = try Self.parse(MatrixFixtures.matrix().html())
        #expect(tree.root.name == "html")
        #expect(tree.root.namespaceURI == "http://www.w3.org/1999/xhtml")
        let all = Self.descendants(tree.root)
        #expect(all.filter { $0.name == "script" }.count == 1)
        #expect(all.contains { $0.name == "style" })
        #expect(all.contains { $0.name == "meta" && $0[attribute: "charset"] == "utf-8" })
        // Nothing is loaded from elsewhere: no src, no stylesheet link, no URL in the CSS, links only to fragments.
        #expect(!all.contains { $0[attribute: "src"] != nil || $0.name == "link" || $0.name == "iframe" || $0.name == "img" })
        #expect(all.compactMap { $0[attribute: "href"] }.allSatisfy { $0.hasPrefix("#") })
        let css = all.filter { $0.name == "style" }.map(\.text).joined()
        #expect(!css.contains("url(") && !css.contains("@import"))
    }

    @Test func hostileTitlesAndMessagesAreTextNotMarkup() throws {
        let title = "</th></tr><script>alert(\"t\")</script> & 'q' ]]> \u{1}"
        let message = "\"><img src=x onerror=alert(1)> &amp; <!-- \u{0}\u{202E}"
        var results = MatrixFixtures.results
        for index in results.indices where results[index].scenarioID == "login.httponly" {
            results[index].title = title
            if case .failed = results[index].status { results[index].status = Fixtures.guarding(MatrixFixtures.failure(message), if: true) }
        }
        let html = MatrixFixtures.matrix(results).html()
        let tree = try Self.parse(html)
        let all = Self.descendants(tree.root)
        #expect(all.filter { $0.name == "script" }.count == 1, "only the page's own script")
        #expect(!all.contains { $0.name == "img" })

        let shownTitle = "</th></tr><script>alert(\"t\")</script> & 'q' ]]> \\u{0001}"
        #expect(all.contains { Self.classes($0).contains("title") && $0.text == shownTitle })
        let shownMessage = "\"><img src=x onerror=alert(1)> &amp; <!-- \\u{0000}\\u{202E}"
        let cells = all.filter { Self.classes($0).contains("secfail") }
        try #require(cells.count == 2)
        for cell in cells {
            #expect(cell[attribute: "title"]?.hasSuffix("regression (security) — " + shownMessage) == true)
            #expect(Self.descendants(cell).contains { Self.classes($0).contains("msg") && $0.text == shownMessage })
        }
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control characters")
    }

    @Test func everyCellHasASymbolAWordAndItsMessage() throws {
        let tree = try Self.parse(MatrixFixtures.matrix().html())
        let rows = Self.descendants(tree.root).filter { Self.classes($0).contains("row") }
        try #require(rows.count == 5)
        func cells(_ row: XMLTree.Element) -> [XMLTree.Element] {
            row.elements.filter { Self.classes($0).contains("c") }
        }
        for row in rows { #expect(cells(row).count == 3) }

        let httpOnly = rows[1]
        #expect(Set(Self.classes(httpOnly)).isSuperset(of: ["r-diff", "r-sec", "r-unexp", "row"]))
        // Strategies first (wk-user-script), then the stores (reference, curl).
        let regression = cells(httpOnly)[0]
        #expect(Self.classes(regression) == ["c", "fail", "unexp", "secfail", "g0"], "in the first column group (ios-17)")
        let summary = try #require(Self.descendants(regression).first { $0.name == "summary" })
        #expect(summary.text.hasPrefix("⚠✘ FAIL"))
        #expect(summary.text.contains("SEC"))
        #expect(regression[attribute: "title"] == "wk-user-script: regression (security) — \(MatrixFixtures.regression)")

        let expectedFailure = cells(rows[0])[0]
        #expect(Self.classes(expectedFailure) == ["c", "fail", "g0"])
        #expect(Self.descendants(expectedFailure).contains {
            Self.classes($0).contains("why") && $0.text == "expected because no sync before the first load"
        })

        let pass = cells(rows[0])[1]
        #expect(Self.classes(pass) == ["c", "pass", "g1", "gstart", "fend"], "the first store column draws the line between the groups; its family ends there")
        #expect(pass.text == "✔ pass")
        let notRun = cells(rows[3])[2]
        #expect(Self.classes(notRun).contains("none"))
        #expect(notRun[attribute: "title"] == "curl: not run")
        let unexpectedPass = cells(rows[4])[1]
        #expect(Self.classes(unexpectedPass) == ["c", "pass", "unexp", "g1", "gstart", "fend"])
        #expect(unexpectedPass.text.hasPrefix("⚠✔ PASS"))
    }

    @Test func filtersCoverSuitesTagsAndToggles() throws {
        let tree = try Self.parse(MatrixFixtures.matrix().html())
        let all = Self.descendants(tree.root)
        func options(_ id: String) -> [String] {
            all.first { $0[attribute: "id"] == id }.map { $0.elements(named: "option").map(\.text) } ?? []
        }
        #expect(options("f-suite") == ["all suites", "login (3)", "persist (2)"])
        #expect(options("f-tag") == ["all tags", "302", "first-request", "httponly", "persistence", "security"])
        for id in ["f-diff", "f-sec", "f-unexp"] {
            #expect(all.contains { $0.name == "input" && $0[attribute: "id"] == id && $0[attribute: "type"] == "checkbox" })
        }
        let css = all.filter { $0.name == "style" }.map(\.text).joined()
        #expect(css.contains("#filters:has(#f-sec:checked) ~ #matrix tr.row:not(.r-sec)"))
        #expect(css.contains("#filters:has(#f-suite option[value=\"s1\"]:checked) ~ #matrix tbody.suite:not(.s1)"))
    }

    @Test func headerNamesTheRunAdaptersAndTotals() throws {
        let tree = try Self.parse(MatrixFixtures.matrix().html())
        let all = Self.descendants(tree.root)
        let meta = try #require(all.first { Self.classes($0).contains("meta") })
        #expect(meta.text == "Run of 2026-01-01 00:00 UTC on ci-host: 5 scenarios in 2 suites × 3 adapters; consensus compared with reference.")
        let adapters = try #require(all.first { Self.classes($0).contains("adapters") })
        let names = Self.descendants(adapters).filter { $0.name == "th" && $0[attribute: "scope"] == "row" }.map(\.text)
        #expect(names == ["wk-user-script", "reference", "curl"], "strategies first, by the names --adapter takes")
        let footer = try #require(all.first { $0.name == "tfoot" })
        #expect(footer.text.contains("✔\u{A0}2 ✘\u{A0}1 !\u{A0}1 ⚠\u{A0}2"), "curl's totals")
    }

    @Test("folded, a group is one summary column per row and its cells are data for the script, escaped")
    func foldedGroupsKeepTheirCellsAsEscapedData() throws {
        let message = "</script><script>alert(1)</script> ]]> & \u{1}"
        var results = MatrixFixtures.results
        for index in results.indices where results[index].scenarioID == "login.httponly" {
            if case .failed = results[index].status { results[index].status = Fixtures.guarding(MatrixFixtures.failure(message), if: true) }
        }
        let html = MatrixFixtures.matrix(results).html(groupsOpen: false)
        let tree = try Self.parse(html)
        let all = Self.descendants(tree.root)
        let scripts = all.filter { $0.name == "script" }
        #expect(scripts.map { $0[attribute: "type"] } == ["application/json", nil], "the data, then the page's script")
        #expect(!all.contains { Self.classes($0).contains("c") && $0.name == "td" }, "no cell of a folded group in the page")
        let rows = all.filter { Self.classes($0).contains("row") }
        try #require(rows.count == 5)
        // Every row: a summary per group (ios-17, then the stores), hidden when its box is ticked.
        let httpOnly = rows[1].elements.filter { Self.classes($0).contains("gs") }
        #expect(httpOnly.map { Self.classes($0) } == [["s-unexp", "gs", "g0s"], ["s-unexp", "gs", "g1s", "gstart"]])
        #expect(httpOnly[1].text == "✔\u{A0}1 ✘\u{A0}1 ⚠\u{A0}1", "reference passes, curl fails unexpectedly")
        let boxes = all.filter { Self.classes($0).contains("gopen") }
        #expect(boxes.map { $0[attribute: "id"] } == ["g0", "g1"] && boxes.allSatisfy { $0[attribute: "checked"] == nil })
        let css = all.filter { $0.name == "style" }.map(\.text).joined()
        #expect(css.contains("#filters:has(#g1:checked) ~ #matrix .g1s,"
            + "#filters:not(:has(#g1:checked)) ~ #matrix .g1{display:none}"))

        let dataText = try #require(scripts.first { $0[attribute: "type"] == "application/json" }).text
        #expect(!dataText.contains("<") && !dataText.contains("&") && !dataText.contains("]]>"))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(dataText.utf8)) as? [String: Any])
        // A string is its sentences, each written once.
        let pieces = try #require(data["pieces"] as? [String])
        let strings = try #require(data["strings"] as? [[Int]]).map { $0.map { pieces[$0] }.joined() }
        #expect(strings.contains("</script><script>alert(1)</script> ]]> & \\u{0001}"), "made visible like the page's text")
        let groups = try #require(data["groups"] as? [[[String: Any]]])
        #expect(groups.map { $0.map { $0["label"] as? String } } == [["wk-user-script"], ["reference", "curl"]])
        // Rows in page order: login (first-request, httponly, redirect), persist (restart, fixed).
        #expect(groups[0][0]["cells"] as? String == "ehaia", "expected fail, regression with SEC, pass, skip, pass")
        #expect(groups[1][1]["cells"] as? String == "ahoqa", "curl: pass, regression, unexpected error, not run, pass")
        #expect(groups[1][0]["classes"] as? String == "g1 gstart fend")
        #expect(groups[1][1]["classes"] as? String == "g1")
    }

    @Test("a main job's page (561 scenarios × 340 adapters) stays under 3 MB: its groups start folded")
    func mainJobPageSize() throws {
        let html = MatrixPageLayoutTests.mainJobPage()
        #expect(html.utf8.count <= 3_000_000, "\(html.utf8.count) octets")
        print("a main job's page, 561 scenarios × 340 adapters: \(html.utf8.count) octets")
        #expect(!html.contains("<td class=\"c "), "no cell written out while its group is folded")
        #expect(html.contains("<script type=\"application/json\" id=\"matrix-data\">"))
    }

    // MARK: Helpers

    static func parse(_ html: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> XMLTree {
        try XMLTree.parse(Data(html.utf8), file: "matrix.html")
    }

    static func descendants(_ element: XMLTree.Element) -> [XMLTree.Element] {
        element.elements.flatMap { [$0] + descendants($0) }
    }

    /// The element's classes, without `pop-left` (which side a cell's message opens on is layout, not meaning).
    static func classes(_ element: XMLTree.Element) -> [String] {
        (element[attribute: "class"] ?? "").split(separator: " ").map(String.init).filter { $0 != "pop-left" }
    }
}
