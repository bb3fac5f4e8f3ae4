import Foundation
import HarnessCore
import Reporting
import LiveStrategyAdapters
import StrategyAdapters
import TestSupport
import Testing

@testable import EngineDrivers

/// Scenarios on one reused driver are independent: nothing a scenario's script wrote reaches the next one.
@Suite("scenarios independent on a reused driver", .serialized)
struct ScenarioIsolationTests {
    /// The scenario that forges `sid=forged` over the HttpOnly session after its page read `document.cookie` (the
    /// web process then keeps the forged value in its copy of the page's cookies), and the control that runs after it
    /// in suite order and writes no `sid`.
    static let forging = "http-only-script-writes.forged-domain-value-after-a-read-not-read-back"
    static let control = "http-only-script-writes.server-cookie-after-a-read-is-read"

    /// In an agreement run (2026-12-07) the control read `theme=dark; sid=forged` once on
    /// wkcookiewebview:1.0.0@webkitgtk-live: the forging scenario's write had landed in the cleared jar of the reused
    /// store (the driver's reset barrier fixes it; Tests/Python/test_reset_isolation.py is the driver-level probe that
    /// reproduced it under load). Here the two run in turn on one driver (jobs 1), again and again, through the whole
    /// harness; the control must never see a `sid`.
    @Test("a forged script write never reaches the next scenario on the same driver")
    func forgedWriteStaysInItsScenario() throws {
        try #require(
            StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
        let suites = try BuiltInSuites.loaded.get().suites.filter { $0.id == "http-only-script-writes" }
        let adapter = try #require(
            StrategyAdapterCatalog.live.first { $0.name == "wkcookiewebview:1.0.0@webkitgtk-live" })
        var controls: [ScenarioResult] = []
        var drivers: Set<String> = []
        for _ in 0..<Self.rounds {
            let collector = CollectingReporter()
            let plan = RunPlan(suites: suites, adapters: [adapter], filters: [Self.forging, Self.control], jobs: 1)
            _ = try Runner().run(plan, reporter: collector)
            #expect(collector.results.map(\.scenarioID) == [Self.forging, Self.control])
            controls += collector.results.filter { $0.scenarioID == Self.control }
            for line in collector.results.flatMap(\.transcript) {
                guard let range = line.range(of: "driver pid ") else { continue }
                drivers.insert(String(line[range.upperBound...].prefix { $0.isNumber }))
            }
        }
        #expect(drivers.count == 1, "the scenarios did not share one driver: \(drivers.sorted())")
        let leaked = controls.filter { result in
            result.status != .passed || result.transcript.contains { $0.contains("sid=") || $0.contains("forged") }
        }
        #expect(leaked.isEmpty, "\(leaked.count) of \(controls.count): \(leaked.map { "\($0.status)" })")
    }

    /// Rounds of the pair (about 1.5 s each): the leak was rare (about 1 reset in 100 under heavy load), so this
    /// cell-level check guards the path end to end more than it reproduces the race.
    static let rounds = 8
}
