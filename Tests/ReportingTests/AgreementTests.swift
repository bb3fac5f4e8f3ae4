import Foundation
import HarnessCore
import Reporting
import Testing

/// Pairing a simulated engine's results with a real engine's, cell by cell.
@Suite("agreement between a simulated and a real engine")
struct AgreementTests {
    static let simulated = AdapterInfo(name: "wk-a@webkitgtk", version: "1", profile: "webkitgtk")
    static let live = AdapterInfo(name: "wk-a@webkitgtk-live", version: "1", profile: "webkitgtk-live")

    static func failed(_ message: String, line: Int = 14) -> Status {
        .failed(Failure(message: message, location: SuiteLocation(file: "Suites/basic.xml", line: line), details: ""))
    }

    static func agreement(_ pairs: [(String, Status, Status)], known: KnownDisagreements = KnownDisagreements()) -> Agreement {
        Agreement(
            simulated: pairs.map { Fixtures.result(simulated, "basic", $0.0, $0.1, transcript: ["sim \($0.0)"]) },
            live: pairs.map { Fixtures.result(live, "basic", $0.0, $0.2, transcript: ["live \($0.0)"]) },
            simulatedProfile: "webkitgtk", liveProfile: "webkitgtk-live",
            strategy: { String($0.name.prefix { $0 != "@" }) }, knownCauses: known)
    }

    @Test("same status and the same failing check with the same message agree; anything else does not")
    func sameOutcome() {
        let result = Self.agreement([
            ("both-pass", .passed, .passed),
            ("same-failure", Self.failed("expected a, observed none"), Self.failed("expected a, observed none")),
            ("other-message", Self.failed("observed 'a=1; b=2'"), Self.failed("observed 'b=2; a=1'")),
            ("other-check", Self.failed("x", line: 14), Self.failed("x", line: 20)),
            ("pass-vs-fail", .passed, Self.failed("x")),
            ("errors", .errored(detail: "crash"), .errored(detail: "crash")),
            ("live-skipped", .passed, .skipped(reason: "POST load")),
        ])
        #expect(result.cells.filter(\.agrees).map(\.scenarioID) == ["basic.both-pass", "basic.same-failure"])
        #expect(result.overall.compared == 6 && result.overall.agreed == 2 && result.overall.notCompared == 1)
        #expect(result.overall.webViewCompared == 6 && result.overall.webViewAgreed == 2, "every cell opens a web view by default")
        #expect(result.tallies.map(\.strategy) == ["wk-a"])
        #expect(result.disagreements.count == 4)
    }

    @Test("a cell whose real result varies between runs ('timing-dependent:') is not compared, agreeing or not, and never stale")
    func timingDependent() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try """
            wk-a basic.race timing-dependent: an unawaited copy races the next request
            wk-a basic.race-agrees timing-dependent: the same race, won this time
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let known = try KnownDisagreements(contentsOf: file)
        let result = Self.agreement([
            ("race", Self.failed("observed 'a=1'"), Self.failed("observed 'a=2'")),
            ("race-agrees", Self.failed("observed 'a=1'"), Self.failed("observed 'a=1'")),
            ("plain", .passed, .passed),
        ], known: known)
        #expect(result.overall.compared == 1 && result.overall.agreed == 1 && result.overall.notCompared == 2)
        #expect(result.disagreements.isEmpty && result.unexplained.isEmpty)
        #expect(result.staleCauses(in: known).isEmpty)
    }

    @Test("the reports name every cell not compared with its reason: which side skipped and why, or the known race")
    func notComparedAreListed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "wk-a basic.race timing-dependent: an unawaited copy races the next request\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = Self.agreement([
            ("race", .passed, .passed),
            ("post", .passed, .skipped(reason: "POST load\nsecond line")),
            ("clock", .skipped(reason: "no clock"), .passed),
            ("post-2", .passed, .skipped(reason: "POST load")),
            ("plain", .passed, .passed),
        ], known: try KnownDisagreements(contentsOf: file))
        #expect(result.notComparedCells.map(\.scenarioID) == ["basic.race", "basic.post", "basic.clock", "basic.post-2"])
        #expect(result.notComparedCells.map(\.notComparedReason) == [
            "known to vary: timing-dependent: an unawaited copy races the next request",
            "skipped on the real engine: POST load\nsecond line", "skipped on the simulated engine: no clock",
            "skipped on the real engine: POST load",
        ])
        #expect(result.cells.last?.notComparedReason == nil)
        let markdown = result.markdown()
        #expect(markdown.contains("## Not compared (4)"))
        #expect(markdown.contains("<summary>2 · skipped on the real engine: POST load</summary>"))
        #expect(markdown.contains("- wk-a · `basic.clock`"))
        let json = try #require(try JSONSerialization.jsonObject(with: try result.json()) as? [String: Any])
        let listed = try #require(json["notCompared"] as? [[String: String]])
        #expect(listed.map { $0["scenario"] } == ["basic.race", "basic.post", "basic.clock", "basic.post-2"])
        #expect(listed[2]["reason"] == "skipped on the simulated engine: no clock")
    }

    @Test("a listed cause explains a disagreement; one listed for a cell that agrees is stale")
    func knownCauses() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try """
            # comment
            wk-a basic.order cookies listed in another order
            wk-a basic.fixed this one agrees now
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let known = try KnownDisagreements(contentsOf: file)
        let result = Self.agreement([
            ("order", Self.failed("observed 'a; b'"), Self.failed("observed 'b; a'")),
            ("new", .passed, Self.failed("x")),
            ("fixed", .passed, .passed),
        ], known: known)
        #expect(result.unexplained.map(\.scenarioID) == ["basic.new"])
        #expect(result.disagreements.first?.knownCause == "cookies listed in another order")
        #expect(result.staleCauses(in: known).map(\.scenario) == ["basic.fixed"])
        #expect(result.staleCauses(in: known).first?.line == 3)
    }

    @Test("an entry without a cause names its file and line")
    func invalidKnownFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "\nwk-a basic.order\n".write(toFile: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: KnownDisagreements.InvalidLine.self) { try KnownDisagreements(contentsOf: file) }
        #expect(error.description.hasPrefix("\(file):2: error:"))
    }

    @Test("the reports show the rate and both observations and transcripts of each disagreement")
    func rendering() throws {
        let result = Self.agreement([("ok", .passed, .passed), ("differs", .passed, Self.failed("expected <a>, observed none"))])
        let markdown = result.markdown()
        #expect(markdown.contains("Overall: **50.0% (1 of 2 cells agree, every observation compared; 0 order only; 0 not compared; web-view cells 50.0%, 1 of 2)**"))
        #expect(markdown.contains("live differs") && markdown.contains("sim differs"))
        #expect(markdown.contains("**Unexplained**"))
        let html = result.html()
        #expect(html.contains("expected &lt;a&gt;, observed none"))
        #expect(!html.contains("<a>,"))
        let json = try #require(try JSONSerialization.jsonObject(with: result.json()) as? [String: Any])
        let overall = try #require(json["overall"] as? [String: Any])
        #expect(overall["rate"] as? Double == 0.5)
        #expect((json["disagreements"] as? [Any])?.count == 1)
    }
}

/// Every observation compared: passing checks, order-only differences, cells that open a web view.
extension AgreementTests {
    static let line14 = SuiteLocation(file: "Suites/basic.xml", line: 14)

    static func header(_ pairs: String, line: Int = 14) -> Observation {
        Observation(SuiteLocation(file: "Suites/basic.xml", line: line), "Cookie header of GET https://a.example/", cookies: pairs)
    }

    /// Cells with the given observations on each side.
    static func observed(
        _ cells: [(id: String, simulated: (Status, [Observation]), live: (Status, [Observation]))],
        opensWebView: @escaping (String, String) -> Bool = { _, _ in true }
    ) -> Agreement {
        func results(_ adapter: AdapterInfo, _ side: (Status, [Observation]), _ id: String) -> ScenarioResult {
            var result = Fixtures.result(adapter, "basic", id, side.0, transcript: [])
            result.observations = side.1
            return result
        }
        return Agreement(
            simulated: cells.map { results(simulated, $0.simulated, $0.id) }, live: cells.map { results(live, $0.live, $0.id) },
            simulatedProfile: "webkitgtk", liveProfile: "webkitgtk-live", strategy: { String($0.name.prefix { $0 != "@" }) },
            opensWebView: opensWebView)
    }

    @Test("two passes whose checks saw different values disagree; the same values agree")
    func passingChecksAreCompared() {
        let result = Self.observed([
            ("same", (.passed, [Self.header("a=1; b=2")]), (.passed, [Self.header("a=1; b=2")])),
            ("extra-cookie", (.passed, [Self.header("a=1")]), (.passed, [Self.header("a=1; b=2")])),
        ])
        #expect(result.cells.map(\.verdict) == [.agree, .disagree])
        #expect(result.disagreements.map(\.scenarioID) == ["basic.extra-cookie"])
        #expect(result.markdown().contains("first check that differs"))
        #expect(result.markdown().contains("line 14: Cookie header of GET https://a.example/: a=1; b=2"))
    }

    @Test("a difference only in the order of a cookie list is its own class, not a disagreement, and needs no cause")
    func orderOnly() throws {
        let failing = Self.failed("Cookie header: expected 'a=1; b=2'")
        let result = Self.observed([
            ("order", (failing, [Self.header("a=1; b=2")]), (Self.failed("other words"), [Self.header("b=2; a=1")])),
            ("order-pass", (.passed, [Self.header("a=1; b=2")]), (.passed, [Self.header("b=2; a=1")])),
            ("value", (.passed, [Self.header("a=1; b=2")]), (.passed, [Self.header("b=2; a=3")])),
            ("other-check", (failing, [Self.header("a=1; b=2")]), (Self.failed("x", line: 20), [Self.header("b=2; a=1")])),
        ])
        #expect(result.cells.map(\.verdict) == [.orderOnly, .orderOnly, .disagree, .disagree])
        #expect(result.overall.orderOnly == 2 && result.overall.agreed == 0 && result.overall.disagreed == 2)
        #expect(result.unexplained.map(\.scenarioID) == ["basic.value", "basic.other-check"])
        #expect(result.markdown().contains("## Order only (2)"))
        let json = try #require(try JSONSerialization.jsonObject(with: result.json()) as? [String: Any])
        #expect((json["orderOnly"] as? [Any])?.count == 2)
    }

    @Test("results read back from a report carry no observations: a message differing in order is no order-only cell")
    func noObservationsNoOrderOnly() {
        let result = Self.agreement([("m", Self.failed("observed 'a=1; b=2'"), Self.failed("observed 'b=2; a=1'"))])
        #expect(result.cells.map(\.verdict) == [.disagree])
    }

    @Test("the rate over cells that open a web view leaves out the native-store-only ones")
    func webViewRate() {
        let result = Self.observed(
            [
                ("web-ok", (.passed, [Self.header("a=1")]), (.passed, [Self.header("a=1")])),
                ("web-differs", (.passed, [Self.header("a=1")]), (.passed, [Self.header("a=2")])),
                ("native-ok", (.passed, []), (.passed, [])),
                ("native-ok-2", (.passed, []), (.passed, [])),
            ], opensWebView: { _, id in id.hasPrefix("basic.web") })
        #expect(result.overall.rate == 0.75)
        #expect(result.overall.webViewCompared == 2 && result.overall.webViewAgreed == 1 && result.overall.webViewRate == 0.5)
        #expect(result.docMarkdown().contains("Over the cells that open a web view: **50.0%** (1 of 2)"))
    }

    @Test("a strategy whose every cell was skipped on a side has no rate: n/a, not 100%")
    func nothingComparedHasNoRate() throws {
        let result = Self.observed([("skipped", (.skipped(reason: "no engine"), []), (.passed, [Self.header("a=1")]))])
        #expect(result.overall.compared == 0 && result.overall.notCompared == 1)
        #expect(result.overall.rate == nil && result.overall.webViewRate == nil)
        #expect(result.consoleText().contains("n/a (0 of 0 cells agree"))
        #expect(!result.consoleText().contains("100.0%"))
        let json = try #require(String(data: try result.json(), encoding: .utf8))
        #expect(!json.contains("\"rate\""))
    }

    @Test("the README's block holds the figures between its markers and nothing that varies between runs")
    func docBlock() {
        let result = Self.observed([("same", (.passed, [Self.header("a=1")]), (.passed, [Self.header("a=1")]))])
        let document = "# T\n\(Agreement.docBlock.beginMarker)\nold\n\(Agreement.docBlock.endMarker)\nprose\n"
        let updated = Agreement.docBlock.replacingBlock(in: document, with: result.docMarkdown())
        #expect(updated.flatMap(Agreement.docBlock.block(in:)) == result.docMarkdown())
        #expect(result.docMarkdown().contains("**100.0%** of 1 cells agree"))
        #expect(result.docMarkdown().contains("| wk-a | 1 | 0 | 0 | 1 | 100.0% | 100.0% (1 of 1) | 0 |"))
    }
}

extension AgreementTests {
    @Test("agreement reports are written like run's: a device is written through, a symlink followed, never replaced")
    func reportsNeverReplaceDevicesOrLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.md", withDestinationPath: "real/a.md")
        // A private /dev/null (1, 3); without root no device node can be made, and the symlink case still runs.
        let device = mknod(folder + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
        try AgreementReport.write(
            Self.agreement([("both-pass", .passed, .passed)]), markdownPath: folder + "/link.md",
            htmlPath: device ? folder + "/null" : nil, jsonPath: folder + "/a.json")
        var status = stat()
        #expect(lstat(folder + "/link.md", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(try String(contentsOfFile: folder + "/real/a.md", encoding: .utf8).contains("wk-a"))
        if device {
            #expect(lstat(folder + "/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device was replaced")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "link.md", "null", "real"].filter { device || $0 != "null" })
    }
}

/// Report files users hand back are read like every other input (found by the results-files fuzz target: the
/// Foundation calls used before leaked a buffer per file and would have waited on a FIFO).
@Suite("reading the reports users hand back")
struct ReportInputTests {
    @Test("a known-disagreements list that is not UTF-8 is an error naming the file")
    func knownListMustBeUTF8() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data([0x77, 0x6B, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: file))
        let error = try #require(throws: KnownDisagreements.InvalidLine.self) { try KnownDisagreements(contentsOf: file) }
        #expect(error.description == "\(file): error: not UTF-8")
    }

    @Test("a results file that is a FIFO is refused at once, not waited on")
    func resultsFIFOIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID().uuidString).json").path
        guard mkfifo(file, 0o600) == 0 else { return }
        defer { unlink(file) }
        let started = ContinuousClock.now
        let error = try #require(throws: InvalidResultsInput.self) { try JSONResultsFile.read(file) }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(error.description.hasPrefix("\(file): error: cannot read the results file: "), "\(error)")
        #expect(error.description.contains("not a regular file"), "\(error)")
    }
}
