import Foundation
import HarnessCore
import Reporting
import Testing

/// Which scenarios count as "the browsers agree against the reference", and the matrix section that lists them.
@Suite("Browser agreement")
struct BrowserAgreementTests {
    static let reference = AdapterInfo(name: "reference", version: "1")
    static let chromium = AdapterInfo(name: "chromium", version: "156", profile: "chromium")
    static let firefox = AdapterInfo(name: "firefox", version: "153", profile: "firefox")
    static let live = AdapterInfo(name: "wk-combined", version: "0.1", profile: "webkitgtk-live")
    static let liveToo = AdapterInfo(name: "wk-no-sync", version: "0.1", profile: "webkitgtk-live")
    static let library = AdapterInfo(name: "curl", version: "8")

    static func result(_ adapter: AdapterInfo, _ id: String, _ status: Status) -> ScenarioResult {
        MatrixFixtures.result(adapter, "s", id, "Title of \(id)", [], status)
    }

    static let tab = MatrixFixtures.failure("Cookie: expected 'a=1', observed (none)")
    static let other = MatrixFixtures.failure("Cookie: expected 'a=1', observed 'a=2'")

    /// Per scenario, what each adapter does: the browsers agree against the reference on `agree` only.
    static var results: [ScenarioResult] {
        [
            // All three browsers fail the same way, the reference passes: listed.
            result(reference, "agree", .passed), result(chromium, "agree", tab), result(firefox, "agree", tab),
            result(live, "agree", tab), result(liveToo, "agree", .passed), result(library, "agree", .passed),
            // The browsers and the reference all pass: not listed.
            result(reference, "all-pass", .passed), result(chromium, "all-pass", .passed),
            result(firefox, "all-pass", .passed), result(live, "all-pass", .passed),
            // The browsers fail differently: not listed.
            result(reference, "split", .passed), result(chromium, "split", tab), result(firefox, "split", other),
            result(live, "split", tab),
            // One browser skipped: not compared.
            result(reference, "skip", .passed), result(chromium, "skip", tab), result(firefox, "skip", .skipped(reason: "clock")),
            result(live, "skip", tab),
            // The reference fails the way the browsers do: not listed.
            result(reference, "same", tab), result(chromium, "same", tab), result(firefox, "same", tab), result(live, "same", tab),
        ]
    }

    static func matrix(_ results: [ScenarioResult]) -> Matrix {
        var matrix = Matrix(run: RunInfo(startedAt: Date(timeIntervalSince1970: 0), hostname: "h", adapters: []))
        for result in results { matrix.add(result) }
        return matrix
    }

    @Test("listed: every engine ran it and was seen to do the same, and the reference another; one live column counts")
    func agreement() throws {
        let agreement = try #require(BrowserAgreement(Self.matrix(Self.results)))
        #expect(agreement.browsers == ["chromium", "firefox", "wk-combined"])
        #expect(agreement.rows.map(\.scenarioID) == ["s.agree"])
        #expect(agreement.compared == 4)
    }

    @Test("no section without the reference or with fewer than two engines")
    func needsReferenceAndTwoEngines() {
        #expect(BrowserAgreement(Self.matrix(Self.results.filter { $0.adapter != Self.reference })) == nil)
        #expect(BrowserAgreement(Self.matrix(Self.results.filter { $0.adapter == Self.reference || $0.adapter == Self.chromium })) == nil)
    }

    @Test("the Markdown matrix lists the scenarios under its own heading")
    func markdown() {
        let text = Self.matrix(Self.results).markdown()
        #expect(text.contains("## Where the browsers agree against the reference"))
        #expect(text.contains("chromium, firefox, wk-combined are seen to do the same thing, and the reference another, on 1 of the 4 scenarios"))
        #expect(text.contains("- s.agree: Title of agree"))
        #expect(!text.contains("- s.split"))
    }
}
