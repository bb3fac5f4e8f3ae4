import Foundation

/// What to run: suites × adapters, narrowed by selection, with the run's knobs.
///
/// The suites come as a ``ScenarioSource`` (SuiteFormat's `SuiteIndex` for files): the plan counts and selects its
/// jobs from outlines, and the runner takes them one at a time from a ``JobCursor``, which reads a file the source
/// did not keep when it reaches it.
public struct RunPlan: Sendable {
    public var index: any ScenarioSource
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
    /// Whether results carry every check's ``Observation`` (an agreement compares them; other runs need not keep
    /// them in memory).
    public var keepsObservations = false

    public init(
        index: any ScenarioSource, adapters: [Adapter], filters: [String] = [], tags: [String] = [],
        shard: (index: Int, count: Int)? = nil, jobs: Int = 1, timeLimit: Duration = .seconds(30),
        expectation: @escaping @Sendable (String, String) -> ExpectedStatus = { _, _ in .pass }
    ) {
        self.index = index
        self.adapters = adapters
        self.filters = filters
        self.tags = tags
        self.shard = shard
        self.jobs = jobs
        self.timeLimit = timeLimit
        self.expectation = expectation
    }

    /// A plan over suites built in memory (every one kept).
    public init(
        suites: [Suite], adapters: [Adapter], filters: [String] = [], tags: [String] = [],
        shard: (index: Int, count: Int)? = nil, jobs: Int = 1, timeLimit: Duration = .seconds(30),
        expectation: @escaping @Sendable (String, String) -> ExpectedStatus = { _, _ in .pass }
    ) {
        self.init(
            index: SuitesInMemory(suites), adapters: adapters, filters: filters, tags: tags, shard: shard, jobs: jobs,
            timeLimit: timeLimit, expectation: expectation)
    }

    /// Whether the selection keeps `scenario`.
    public func selects(_ scenario: Scenario) -> Bool { selects(id: scenario.id, tags: scenario.tags) }

    /// Whether the selection keeps the scenario with this id and these tags.
    public func selects(id: String, tags scenarioTags: [String]) -> Bool {
        if !filters.isEmpty, !filters.contains(where: { Glob.matches($0, id) }) { return false }
        if !tags.isEmpty, !tags.contains(where: scenarioTags.contains) { return false }
        if let shard, Int(StableHash.fnv1a(id) % UInt64(shard.count)) != shard.index - 1 { return false }
        return true
    }

    /// Whether the plan runs the scenario with this id and these tags on `adapter`.
    func runs(id: String, tags: [String], on adapter: String) -> Bool {
        guard selects(id: id, tags: tags) else { return false }
        return pairs?.contains(Pair(adapter: adapter, scenario: id)) ?? true
    }

    /// How many jobs the plan has, counted from the outlines (no suite is read).
    public var jobCount: Int {
        var count = 0
        for adapter in adapters {
            for outline in index.outlines {
                for ordinal in 0..<outline.scenarioCount
                where runs(id: outline.scenarioID(at: ordinal), tags: outline.tags(at: ordinal), on: adapter.name) {
                    count += 1
                }
            }
        }
        return count
    }

    /// The work, in report order: adapter, then suite, then scenario as loaded. Every suite the index did not keep
    /// is read again: for small plans and tests; a run takes its jobs from a ``JobCursor``.
    public var jobsInOrder: [Job] {
        var cursor = JobCursor(self)
        return Array(AnyIterator { cursor.next() })
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
        /// Why the scenario cannot run: its file could not be read again, or changed during the run (the job's
        /// suite and scenario then hold only what the outline knows: ids and tags). Nil for a runnable job.
        public var unreadable: String?
        /// The job holds only what the outline knows (after an interruption, no file is read again to report
        /// the scenarios that did not run).
        public var isOutlineOnly = false
    }
}

/// The jobs of a plan in report order (adapter, file, scenario), one at a time: a file the index did not keep is
/// read when the cursor reaches it and let go when the cursor leaves it, so a run holds one such file at a time.
public struct JobCursor {
    private let plan: RunPlan
    private var adapter = 0
    private var file = 0
    private var ordinal = 0
    /// The suite of `file`, read when the cursor first needed it for the current adapter.
    private var current: (file: Int, suite: Result<Suite, any Error>)?

    public init(_ plan: RunPlan) {
        self.plan = plan
    }

    /// The next job, or nil at the end.
    ///
    /// - Parameter reading: false after an interruption: a file is not read again, the job holds the outline's
    ///   id and tags only (``RunPlan/Job/isOutlineOnly``), enough to report it as not run.
    public mutating func next(reading: Bool = true) -> RunPlan.Job? {
        let index = plan.index
        while adapter < plan.adapters.count {
            let adapterValue = plan.adapters[adapter]
            while file < index.outlines.count {
                let outline = index.outlines[file]
                while ordinal < outline.scenarioCount {
                    defer { ordinal += 1 }
                    let id = outline.scenarioID(at: ordinal)
                    let tags = outline.tags(at: ordinal)
                    guard plan.runs(id: id, tags: tags, on: adapterValue.name) else { continue }
                    guard reading || index.isRetained(file) else {
                        var job = placeholder(id: id, tags: tags, outline: outline, adapter: adapterValue, unreadable: nil)
                        job.isOutlineOnly = true
                        return job
                    }
                    if current?.file != file {
                        current = (file, Result { try index.suite(at: file) })
                    }
                    switch current!.suite {
                    case .success(let suite):
                        if ordinal < suite.scenarios.count, suite.scenarios[ordinal].id == id {
                            return RunPlan.Job(adapter: adapterValue, suite: suite, scenario: suite.scenarios[ordinal])
                        }
                        return placeholder(
                            id: id, tags: tags, outline: outline, adapter: adapterValue,
                            unreadable: "\(outline.file) changed during the run: scenario \(ordinal + 1) of the file is no longer \(id)")
                    case .failure(let error):
                        return placeholder(
                            id: id, tags: tags, outline: outline, adapter: adapterValue,
                            unreadable: "\(outline.file) could not be read again during the run: \(error)")
                    }
                }
                ordinal = 0
                file += 1
                current = nil
            }
            file = 0
            adapter += 1
        }
        return nil
    }

    private func placeholder(
        id: String, tags: [String], outline: SuiteOutline, adapter: Adapter, unreadable: String?
    ) -> RunPlan.Job {
        let location = SuiteLocation(file: outline.file, line: 0)
        return RunPlan.Job(
            adapter: adapter, suite: Suite(id: outline.id, title: outline.title, file: outline.file),
            scenario: Scenario(id: id, title: "", tags: tags, steps: [], location: location), unreadable: unreadable)
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
