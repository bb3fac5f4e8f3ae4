import HarnessCore

/// What changed between two runs (a baseline and a current one), per adapter: the answer to "did my change break
/// a case that used to pass?".
///
/// Results are paired by (adapter, scenario). Each pair that differs, and each result present on one side only,
/// becomes a ``Change`` of one ``Change/Kind``. A change is a *regression* when the current result is worse for
/// CI than the baseline one: it newly fails (pass or skip → fail), newly errors (anything → error), or it is
/// unexpected now while it was expected before (a new expectation entry that no longer holds, an unexpected pass).
package struct ResultsDiff: Sendable, Hashable {
    /// One (adapter, scenario) whose result differs.
    package struct Change: Sendable, Hashable, Codable {
        package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// pass or skip → fail.
            case newlyFailing = "newly-failing"
            /// pass, fail or skip → error.
            case newlyErroring = "newly-erroring"
            /// fail or error → pass.
            case newlyPassing = "newly-passing"
            /// The same status with another cause (message), another expectation, or a change between pass and
            /// skip, or error → fail.
            case changed
            /// Only in the current run.
            case appeared
            /// Only in the baseline.
            case disappeared

            /// The heading used in every rendering.
            package var title: String {
                switch self {
                case .newlyFailing: "newly failing"
                case .newlyErroring: "newly erroring"
                case .newlyPassing: "newly passing"
                case .changed: "changed"
                case .appeared: "appeared"
                case .disappeared: "disappeared"
                }
            }
        }

        /// One side of the change.
        package struct Side: Sendable, Hashable, Codable {
            /// `pass`, `fail`, `skip` or `error`.
            package var status: String
            /// `pass`, `fail`, `error` or `flaky`.
            package var expectedStatus: String
            package var unexpected: Bool
            /// The one-line cause: failure message, skip reason or error detail; empty for an expected pass.
            package var message: String
            /// `file:line` of the check that failed, when one did.
            package var location: String?

            package init(_ record: JSONResultRecord) {
                status = record.status
                expectedStatus = record.expectedStatus
                unexpected = record.unexpected
                message = ReportText.capped(record.message)
                location = record.location
            }

            /// `fail (expected)`, `pass (unexpected)`: the status with whether CI accepts it.
            package var label: String {
                "\(status)\(unexpected ? " (unexpected)" : status == "pass" || status == "skip" ? "" : " (expected)")"
            }
        }

        package var adapter: String
        package var scenario: String
        package var suite: String
        package var kind: Kind
        package var regression: Bool
        package var securityRelevant: Bool
        package var baseline: Side?
        package var current: Side?
    }

    /// The counts of one adapter.
    package struct AdapterSummary: Sendable, Hashable, Codable {
        package var adapter: String
        package var baselineResults = 0
        package var currentResults = 0
        package var counts: [String: Int] = [:]
        package var regressions = 0

        package func count(_ kind: Change.Kind) -> Int { counts[kind.rawValue] ?? 0 }
    }

    /// Where the two runs came from, as the user named them.
    package var baselineSource: String
    package var currentSource: String
    /// Every change, adapter by adapter (in the order adapters first appear, baseline first), then by scenario as
    /// the runs wrote them.
    package var changes: [Change]
    /// Every adapter of either run, in the same order, with its counts (adapters without changes included).
    package var adapters: [AdapterSummary]

    /// Why the current run cannot show that nothing regressed (it was interrupted, or holds no result); nil when
    /// it is a whole run.
    package var currentIncomplete: String?
    /// The same for the baseline: its missing results show as `appeared`, which is not a regression.
    package var baselineIncomplete: String?

    /// Whether anything regressed: what makes `diff` exit 1 (as does an incomplete current run).
    package var hasRegressions: Bool { changes.contains(where: \.regression) }

    package func changes(of adapter: String) -> [Change] { changes.filter { $0.adapter == adapter } }

    /// Compares two runs' records.
    ///
    /// A record present twice on one side (the same adapter and scenario) keeps its last occurrence.
    package init(baseline: [JSONResultRecord], current: [JSONResultRecord], baselineSource: String = "baseline",
                currentSource: String = "current") {
        self.baselineSource = baselineSource
        self.currentSource = currentSource
        currentIncomplete = Self.incompleteness(of: current)
        baselineIncomplete = Self.incompleteness(of: baseline)
        struct Key: Hashable { var adapter: String, scenario: String }
        var adapterOrder: [String] = []
        var seenAdapters = Set<String>()
        for record in baseline + current where seenAdapters.insert(record.adapter).inserted {
            adapterOrder.append(record.adapter)
        }
        var before: [Key: JSONResultRecord] = [:]
        for record in baseline { before[Key(adapter: record.adapter, scenario: record.scenario)] = record }
        var after: [Key: JSONResultRecord] = [:]
        for record in current { after[Key(adapter: record.adapter, scenario: record.scenario)] = record }

        // Scenario order: the current run's, then what only the baseline had.
        var order: [Key] = []
        var seenKeys = Set<Key>()
        for record in current + baseline {
            let key = Key(adapter: record.adapter, scenario: record.scenario)
            if seenKeys.insert(key).inserted { order.append(key) }
        }
        var summaries = adapterOrder.map { AdapterSummary(adapter: $0) }
        let index = Dictionary(uniqueKeysWithValues: adapterOrder.enumerated().map { ($1, $0) })
        for (key, _) in before { summaries[index[key.adapter]!].baselineResults += 1 }
        for (key, _) in after { summaries[index[key.adapter]!].currentResults += 1 }

        var found: [Change] = []
        for key in order {
            guard let change = Self.change(before[key], after[key]) else { continue }
            found.append(change)
            summaries[index[key.adapter]!].counts[change.kind.rawValue, default: 0] += 1
            if change.regression { summaries[index[key.adapter]!].regressions += 1 }
        }
        changes = found.enumerated().sorted { a, b in
            let (x, y) = (index[a.element.adapter]!, index[b.element.adapter]!)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        adapters = summaries
    }

    /// `interrupted by SIGINT: 12 of its 40 results were not run or cut short`, `it holds no result`, or nil.
    static func incompleteness(of records: [JSONResultRecord]) -> String? {
        guard !records.isEmpty else { return "it holds no result" }
        var signals: [String] = []
        var count = 0
        for record in records where record.status == "skip" {
            guard let signal = InterruptionReason.signal(in: record.message) else { continue }
            count += 1
            if !signals.contains(signal) { signals.append(signal) }
        }
        guard count > 0 else { return nil }
        return "interrupted by \(signals.joined(separator: ", ")): \(count) of its \(records.count) results were not run or cut short"
    }

    /// The change from `old` to `new`, or nil when nothing a person would care about differs (durations and
    /// transcripts alone do not count: the cause is in the message).
    static func change(_ old: JSONResultRecord?, _ new: JSONResultRecord?) -> Change? {
        guard let any = new ?? old else { return nil }
        let kind: Change.Kind
        var regression = false
        switch (old, new) {
        case (nil, _):
            kind = .appeared
        case (_, nil):
            kind = .disappeared
        case (let old?, let new?):
            switch (old.status, new.status) {
            case ("pass", "fail"), ("skip", "fail"):
                kind = .newlyFailing
                regression = true
            case (let before, "error") where before != "error":
                kind = .newlyErroring
                regression = true
            case ("fail", "pass"), ("error", "pass"):
                kind = .newlyPassing
            default:
                guard old.status != new.status || old.message != new.message || old.location != new.location
                    || old.expectedStatus != new.expectedStatus || old.unexpected != new.unexpected
                else { return nil }
                kind = .changed
            }
            if new.unexpected && !old.unexpected { regression = true }
        }
        return Change(
            adapter: any.adapter, scenario: any.scenario, suite: any.suite, kind: kind, regression: regression,
            securityRelevant: any.securityRelevant, baseline: old.map(Change.Side.init), current: new.map(Change.Side.init))
    }
}
