import Foundation
import HarnessCore

/// The real engine's speed beside the simulation's: the same suites and strategies on the simulated profile and on
/// the real engine with a given number of drivers, each count after a warm-up that starts that many.
package struct LiveEngineBenchmark {
    package var suites: [Suite]
    package var simulated: [Adapter]
    package var live: [Adapter]
    /// Only the scenarios whose id matches one of these globs (`bench live --filter`); none: every scenario.
    package var filters: [String] = []
    /// When set, each timed run is a sample that fits it (`bench live --time-budget`): the whole curve of every
    /// hand-written suite × every strategy takes an hour on this machine, a sample of the same mix minutes.
    package var budget: Duration?

    package init(suites: [Suite], simulated: [Adapter], live: [Adapter], filters: [String] = [], budget: Duration? = nil) {
        self.suites = suites
        self.simulated = simulated
        self.live = live
        self.filters = filters
        self.budget = budget
    }

    /// Scenarios that ran (skips not counted) and the time of the whole run.
    package struct Figure: Sendable {
        package var ran: Int
        package var seconds: Double
        /// The adapter × scenario pairs run, and the pairs selected, when the budget cut the run to a sample.
        package var sample: (run: Int, of: Int)?
        package var perSecond: Double { Double(ran) / seconds }
    }

    /// The simulated profile on `jobs` workers.
    package func simulatedRun(jobs: Int) throws -> Figure { try time(simulated, jobs: jobs) }

    /// Starts and warms `drivers` drivers on a few scenarios run as widely, so that start-up (about a second a
    /// driver) is not counted in ``liveRun(drivers:)``.
    package func warmUp(drivers: Int) throws {
        let plan = RunPlan(
            suites: suites, adapters: Array(live.prefix(2)), filters: ["first-request.*", "redirect.*"], jobs: drivers)
        _ = try RunSession.run(plan, reporter: NullReporter())
    }

    /// The real engine with `drivers` drivers on every scenario (after ``warmUp(drivers:)``).
    package func liveRun(drivers: Int) throws -> Figure { try time(live, jobs: drivers) }

    private func time(_ adapters: [Adapter], jobs: Int) throws -> Figure {
        let plan = RunPlan(suites: suites, adapters: adapters, filters: filters, jobs: jobs)
        guard let budget else { return try Figure.measuring(plan) }
        return try Figure.sampling(plan, within: budget)
    }

    /// Every selected adapter × scenario pair in a fixed order that mixes adapters and suites (by a hash of the
    /// pair), so that its first slices are a sample of the whole run's mix, and the same one from run to run.
    static func mixedPairs(of plan: RunPlan) -> [RunPlan.Pair] {
        plan.jobsInOrder.map { RunPlan.Pair(adapter: $0.adapter.name, scenario: $0.scenario.id) }
            .sorted { mixKey($0) < mixKey($1) }
    }

    /// FNV-1a over `adapter scenario`, then MurmurHash3's finalizer so that the last bytes (`s1`, `s2`, …) move the
    /// high bits too: stable across runs and platforms, unlike `Hasher`.
    private static func mixKey(_ pair: RunPlan.Pair) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (pair.adapter + " " + pair.scenario).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }
}

extension LiveEngineBenchmark.Figure {
    /// `plan` run whole, timed; skipped scenarios not counted.
    static func measuring(_ plan: RunPlan) throws -> Self {
        // The session ends after the time is taken (a deferred end runs after the return value is made).
        let session = RunSession()
        defer { session.end() }
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try session.run(plan, reporter: NullReporter())
        return Self(ran: summary.total - summary.skipped, seconds: (clock.now - start).inSeconds)
    }

    /// `adapters` run on every scenario of `suites` with `jobs` workers, timed; skipped scenarios not counted.
    static func measuring(_ adapters: [Adapter], on suites: [Suite], jobs: Int) throws -> Self {
        try measuring(RunPlan(suites: suites, adapters: adapters, jobs: jobs))
    }

    /// `plan`'s pairs in the mixed order, slice after slice (each wide enough to keep every worker busy), until the
    /// time spent reaches `budget`: the rate over the slices run. The slices' tails, where workers wait for the
    /// last scenario, cost a little against one run of the whole.
    static func sampling(_ plan: RunPlan, within budget: Duration) throws -> Self {
        let pairs = LiveEngineBenchmark.mixedPairs(of: plan)
        let slice = max(plan.jobs * 16, 32)
        var figure = Self(ran: 0, seconds: 0, sample: (0, pairs.count))
        var start = 0
        while start < pairs.count, figure.seconds < budget.inSeconds {
            var part = plan
            part.pairs = Set(pairs[start..<min(start + slice, pairs.count)])
            let measured = try measuring(part)
            figure.ran += measured.ran
            figure.seconds += measured.seconds
            start = min(start + slice, pairs.count)
            figure.sample = (start, pairs.count)
        }
        if start == pairs.count { figure.sample = nil }
        return figure
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
