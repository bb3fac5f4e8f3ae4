import Foundation
import HarnessCore
import Reporting
import LiveStrategyAdapters
import StrategyAdapters
import TestSupport
import Testing

@testable import EngineDrivers

/// A reset driver starts the next scenario clean: nothing of the previous scenario's pages can make it wait.
@Suite("a driver reset between scenarios", .serialized)
struct DriverResetTests {
    /// A request of the previous scenario's page that reached the proxy during `reset` lost its event and was
    /// never answered: the next scenario's settle waited for it for 10 s, its driver was killed and the scenario
    /// run again on a new one (in this suite, run in order on one driver, every time on every strategy at
    /// first-request.native-login-in-web-view-with-own-process-pool: 10-13 s each).
    @Test("no scenario waits for a request of the scenario before it")
    func lateRequestClosed() throws {
        try #require(StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
        let suites = try BuiltInSuites.loaded.get().suites.filter { $0.provenance == nil }
        let adapter = try #require(StrategyAdapterCatalog.live.first { $0.name == "wk-no-sync@webkitgtk-live" })
        let collector = CollectingReporter()
        let plan = RunPlan(
            suites: suites, adapters: [adapter],
            filters: ["first-request.*"], jobs: 1)
        _ = try Runner().run(plan, reporter: collector)
        #expect(collector.results.count >= 20)
        let retried = collector.results.filter { $0.transcript.contains { $0.contains("first attempt ended by an engine failure") } }
        #expect(retried.isEmpty, "\(retried.map { "\($0.scenarioID): \($0.transcript.filter { $0.contains("first attempt") })" })")
    }
}
