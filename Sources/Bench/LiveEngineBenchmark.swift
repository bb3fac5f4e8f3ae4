import Foundation
import HarnessCore

/// The real engine's speed beside the simulation's: the same suites and strategies on the simulated profile, on
/// the real engine with one driver, and with several.
public struct LiveEngineBenchmark {
    public var suites: [Suite]
    public var simulated: [Adapter]
    public var live: [Adapter]
    public var jobs: Int

    public init(suites: [Suite], simulated: [Adapter], live: [Adapter], jobs: Int) {
        self.suites = suites
        self.simulated = simulated
        self.live = live
        self.jobs = jobs
    }

    /// Scenarios that ran (skips not counted) and the time of the whole run.
    public struct Figure: Sendable {
        public var ran: Int
        public var seconds: Double
        public var perSecond: Double { Double(ran) / seconds }
    }

    public struct Figures: Sendable {
        public var simulated: Figure
        public var oneDriver: Figure
        public var drivers: Figure
    }

    /// Starts and warms the drivers on a few scenarios first, so that start-up (about a second a driver) is not
    /// counted; then one run each.
    public func run() throws -> Figures {
        let warmUp = RunPlan(suites: suites, adapters: Array(live.prefix(1)), filters: ["first-request.*"], jobs: jobs)
        _ = try Runner().run(warmUp, reporter: NullReporter())
        return Figures(simulated: try time(simulated, jobs: jobs), oneDriver: try time(live, jobs: 1), drivers: try time(live, jobs: jobs))
    }

    private func time(_ adapters: [Adapter], jobs: Int) throws -> Figure {
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try Runner().run(RunPlan(suites: suites, adapters: adapters, jobs: jobs), reporter: NullReporter())
        let elapsed = clock.now - start
        return Figure(
            ran: summary.total - summary.skipped,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
}
