import Foundation
import HarnessCore

/// The real engine's speed beside the simulation's: the same suites and strategies on the simulated profile and on
/// the real engine with a given number of drivers, each count after a warm-up that starts that many.
package struct LiveEngineBenchmark {
    package var suites: [Suite]
    package var simulated: [Adapter]
    package var live: [Adapter]

    package init(suites: [Suite], simulated: [Adapter], live: [Adapter]) {
        self.suites = suites
        self.simulated = simulated
        self.live = live
    }

    /// Scenarios that ran (skips not counted) and the time of the whole run.
    package struct Figure: Sendable {
        package var ran: Int
        package var seconds: Double
        package var perSecond: Double { Double(ran) / seconds }
    }

    /// The simulated profile on `jobs` workers.
    package func simulatedRun(jobs: Int) throws -> Figure { try time(simulated, jobs: jobs) }

    /// Starts and warms `drivers` drivers on a few scenarios run as widely, so that start-up (about a second a
    /// driver) is not counted in ``liveRun(drivers:)``.
    package func warmUp(drivers: Int) throws {
        let plan = RunPlan(
            suites: suites, adapters: Array(live.prefix(2)), filters: ["first-request.*", "redirect.*"], jobs: drivers)
        _ = try Runner().run(plan, reporter: NullReporter())
    }

    /// The real engine with `drivers` drivers on every scenario (after ``warmUp(drivers:)``).
    package func liveRun(drivers: Int) throws -> Figure { try time(live, jobs: drivers) }

    private func time(_ adapters: [Adapter], jobs: Int) throws -> Figure {
        try Figure.measuring(adapters, on: suites, jobs: jobs)
    }
}

extension LiveEngineBenchmark.Figure {
    /// `adapters` run on every scenario of `suites` with `jobs` workers, timed; skipped scenarios not counted.
    static func measuring(_ adapters: [Adapter], on suites: [Suite], jobs: Int) throws -> Self {
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try Runner().run(RunPlan(suites: suites, adapters: adapters, jobs: jobs), reporter: NullReporter())
        let elapsed = clock.now - start
        return Self(
            ran: summary.total - summary.skipped,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
}
