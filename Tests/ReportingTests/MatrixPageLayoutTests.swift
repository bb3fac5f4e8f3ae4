import Foundation
import HarnessCore
import Reporting
import Testing
import TestSupport

/// Chromium, when this machine has it.
private let headlessChromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The matrix page laid out by a real browser (headless Chromium, when installed) at the widths people use: a
/// default run's 45 adapters fit 2000 px, the strategies come first at 1400 px, the corpus stays folded and the
/// header stays short.
@Suite("Matrix page layout in headless Chromium", .enabled(if: headlessChromium != nil, "needs chromium (apt-get install chromium)"))
struct MatrixPageLayoutTests {
    static var chromium: String? { headlessChromium }

    /// A default run's shape: 37 web-view strategies on three profiles and 8 stores, a hand-written suite and the
    /// http-state corpus.
    static func defaultRunPage() -> String {
        let strategies = ["uiwebview"] + ["no-sync", "request-header", "request-header:as-written", "user-script", "user-script:as-written",
            "response-capture", "response-capture:as-written", "js-read", "action-reinject", "cookie-store", "userdefaults", "combined"]
            .flatMap { name in ["", "@ios-11", "@webkitgtk"].map { "wk-\(name)\($0)" } }
        let stores = ["reference", "foundation", "curl", "python-cookiejar", "tough-cookie", "go-cookiejar", "libsoup", "aiohttp"]
        let adapters = stores.map { AdapterInfo(name: $0, version: "1") }
            + strategies.prefix(37).map { AdapterInfo(name: $0, version: "1", profile: $0.contains("@") ? String($0.split(separator: "@")[1]) : "ios") }
        var matrix = Matrix(run: RunInfo(startedAt: Date(timeIntervalSince1970: 0), hostname: "h", adapters: adapters))
        for (suite, file, count) in [("http-state", "Suites/conformance/http-state.xml", 200), ("cross-domain", "Suites/cross-domain/cross-domain.xml", 12)] {
            for number in 0..<count {
                for (index, adapter) in adapters.enumerated() {
                    let failing = (number + index) % 7 == 0
                    matrix.add(ScenarioResult(
                        adapter: adapter, suiteID: suite, suiteFile: file, scenarioID: "\(suite).case-\(number)",
                        title: "A scenario title of a usual length, saying what the case checks", tags: [suite], references: [],
                        status: failing ? .failed(Failure(message: "Cookie header: expected 'a=1', observed 'b=\(index % 2)'",
                                                          location: SuiteLocation(file: file, line: number + 3), details: "")) : .passed,
                        expected: failing ? ExpectedStatus(.fail, reason: "known") : .pass, duration: .zero, transcript: []))
                }
            }
        }
        return matrix.html()
    }

    /// Measurements the page's layout gives at `width` px, read back from the DOM Chromium dumps.
    static func measure(_ html: String, width: Int) throws -> [String: Double] {
        let probe = """
            <script>//<![CDATA[
            (function () {
              var table = document.querySelector("table.matrix");
              var heads = document.querySelectorAll("table.matrix thead tr:last-child th.ad");
              var corpus = document.querySelector("tbody.folded");
              var shownCorpusRows = 0;
              corpus.querySelectorAll("tr.row").forEach(function (row) { if (row.getClientRects().length) shownCorpusRows += 1; });
              var firstStore = document.querySelector("thead th.ad.gstart");
              document.body.setAttribute("data-layout", JSON.stringify({
                tableRight: table.getBoundingClientRect().right,
                headerHeight: heads[0].getBoundingClientRect().height,
                scenarioWidth: document.querySelector("table.matrix thead th.scn").getBoundingClientRect().width,
                firstStoreLeft: firstStore.getBoundingClientRect().left,
                lastStrategyLeft: heads[36].getBoundingClientRect().left,
                shownCorpusRows: shownCorpusRows,
                viewport: window.innerWidth
              }));
            })();
            //]]></script>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-layout-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(html.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8).write(to: file)
        let dom = try ExternalTool.run(try #require(chromium),
                                       ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                        "--window-size=\(width),1000", "--dump-dom", file.absoluteString],
                                       errors: .discarded).output
        let attribute = try #require(dom.firstMatch(of: #/data-layout="([^"]*)"/#)).output.1
        let json = attribute.replacingOccurrences(of: "&quot;", with: "\"")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Double])
    }

    @Test("at 2000 px every one of 45 adapters fits; at 1400 px the strategies come first, the stores after them")
    func widths() throws {
        let html = Self.defaultRunPage()
        let wide = try Self.measure(html, width: 2000)
        #expect(wide["viewport"] == 2000)
        #expect(try #require(wide["tableRight"]) <= 2000, "\(wide)")
        let narrow = try Self.measure(html, width: 1400)
        #expect(try #require(narrow["lastStrategyLeft"]) < narrow["firstStoreLeft"]!, "\(narrow)")
        #expect(try #require(narrow["scenarioWidth"]) <= 300, "\(narrow)")
        #expect(try #require(narrow["headerHeight"]) <= 180, "names wrap instead of making a tall header: \(narrow)")
        #expect(narrow["shownCorpusRows"] == 0, "the corpus is folded: \(narrow)")
    }
}
