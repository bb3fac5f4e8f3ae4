import Foundation

/// What to run: suites × adapters, narrowed by selection, with the run's knobs.
public struct RunPlan: Sendable {
    public var suites: [Suite]
    public var adapters: [Adapter]
    /// Scenario id globs (`redirect.*`); a scenario runs when any matches. Empty: all.
    public var filters: [String]
    /// Tags; a scenario runs when it has any of them. Empty: all.
    public var tags: [String]
    /// Run only the scenarios of shard `index` (1-based) of `count`, split by a stable hash of the scenario id.
    public var shard: (index: Int, count: Int)?
    /// Scenarios run at once.
    public var jobs: Int
    /// A scenario running longer than this becomes an error result and the run goes on.
    public var timeLimit: Duration
    /// The expected status of a scenario on an adapter (from the adapter's expectation file).
    public var expectation: @Sendable (_ adapter: String, _ scenario: String) -> ExpectedStatus
    /// Only these adapter × scenario pairs (`run --last-failed`, `--rerun`), on top of the other selections;
    /// nil: every pair.
    public var pairs: Set<Pair>?

    public init(
        suites: [Suite], adapters: [Adapter], filters: [String] = [], tags: [String] = [],
        shard: (index: Int, count: Int)? = nil, jobs: Int = 1, timeLimit: Duration = .seconds(30),
        expectation: @escaping @Sendable (String, String) -> ExpectedStatus = { _, _ in .pass }
    ) {
        self.suites = suites
        self.adapters = adapters
        self.filters = filters
        self.tags = tags
        self.shard = shard
        self.jobs = jobs
        self.timeLimit = timeLimit
        self.expectation = expectation
    }

    /// Whether the selection keeps `scenario`.
    public func selects(_ scenario: Scenario) -> Bool {
        if !filters.isEmpty, !filters.contains(where: { Glob.matches($0, scenario.id) }) { return false }
        if !tags.isEmpty, !tags.contains(where: scenario.tags.contains) { return false }
        if let shard, Int(StableHash.fnv1a(scenario.id) % UInt64(shard.count)) != shard.index - 1 { return false }
        return true
    }

    /// The work, in report order: adapter, then suite, then scenario as loaded.
    public var jobsInOrder: [Job] {
        var jobs: [Job] = []
        for adapter in adapters {
            for suite in suites {
                for scenario in suite.scenarios where selects(scenario) {
                    if let pairs, !pairs.contains(Pair(adapter: adapter.name, scenario: scenario.id)) { continue }
                    jobs.append(Job(adapter: adapter, suite: suite, scenario: scenario))
                }
            }
        }
        return jobs
    }

    /// An adapter's name and a scenario's id: one cell of a run.
    public struct Pair: Hashable, Sendable {
        public var adapter: String
        public var scenario: String
        public init(adapter: String, scenario: String) {
            self.adapter = adapter
            self.scenario = scenario
        }
    }

    /// One (adapter, scenario) pair.
    public struct Job: Sendable {
        public var adapter: Adapter
        public var suite: Suite
        public var scenario: Scenario
    }
}

/// Shell-style globs: `*` any run of characters, `?` one character.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}

/// FNV-1a: the same hash on every machine and every run (Swift's Hasher is seeded per process).
public enum StableHash {
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
