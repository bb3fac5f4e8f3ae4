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
        #expect(Self.classes(regression) == ["c", "fail", "unexp", "secfail"])
        let summary = try #require(Self.descendants(regression).first { $0.name == "summary" })
        #expect(summary.text.hasPrefix("⚠✘ FAIL"))
        #expect(summary.text.contains("SEC"))
        #expect(regression[attribute: "title"] == "wk-user-script: regression (security) — \(MatrixFixtures.regression)")

        let expectedFailure = cells(rows[0])[0]
        #expect(Self.classes(expectedFailure) == ["c", "fail"])
        #expect(Self.descendants(expectedFailure).contains {
            Self.classes($0).contains("why") && $0.text == "expected because no sync before the first load"
        })

        let pass = cells(rows[0])[1]
        #expect(Self.classes(pass) == ["c", "pass", "gstart"], "the first store column draws the line between the groups")
        #expect(pass.text == "✔ pass")
        let notRun = cells(rows[3])[2]
        #expect(Self.classes(notRun).contains("none"))
        #expect(notRun[attribute: "title"] == "curl: not run")
        let unexpectedPass = cells(rows[4])[1]
        #expect(Self.classes(unexpectedPass) == ["c", "pass", "unexp", "gstart"])
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
        #expect(css.contains("body:has(#f-sec:checked) tr.row:not(.r-sec)"))
        #expect(css.contains("body:has(#f-suite option[value=\"s1\"]:checked) tbody.suite:not(.s1)"))
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
