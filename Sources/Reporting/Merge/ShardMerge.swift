import Foundation

/// Joins the results of `run --shard I/N` runs into the results of one run: the same records, in the order the
/// unsharded run writes them (adapter, then suite, then scenario as loaded).
///
/// Shards are checked first (``ShardAssignment``): every file one shard, none twice, none missing, and no
/// (adapter, scenario) pair in two files. The order within an adapter comes from `scenarioOrder` — the scenario
/// ids of the suites as loaded, which the caller reads from the same suites the shards ran — and, for scenarios it
/// does not know, from the reports themselves: suites in the order they first appear, then shard by shard.
package struct ShardMerge: Sendable {
    /// One shard's report, read.
    package struct Shard<Item: Sendable>: Sendable {
        package var path: String
        package var items: [Item]
        package init(path: String, items: [Item]) {
            self.path = path
            self.items = items
        }
    }

    /// The ids of every scenario of the suites in load order; empty when the suites are not at hand.
    package var scenarioOrder: [String]
    /// N from `--expect-shards`, when given.
    package var expectedShards: Int?

    package init(scenarioOrder: [String] = [], expectedShards: Int? = nil) {
        self.scenarioOrder = scenarioOrder
        self.expectedShards = expectedShards
    }

    /// Identity and place of one item in any report.
    package struct Key: Hashable, Sendable {
        package var adapter: String
        package var suite: String
        package var scenario: String
        package init(adapter: String, suite: String, scenario: String) {
            self.adapter = adapter
            self.suite = suite
            self.scenario = scenario
        }
    }

    /// The items of every shard in the unsharded run's order, after checking the shards.
    /// - Throws: ``InvalidResultsInput`` for shards that do not make one run, or a pair present twice.
    package func merge<Item>(_ shards: [Shard<Item>], key: (Item) -> Key) throws(InvalidResultsInput) -> (items: [Item], shards: ShardAssignment) {
        let assignment = try ShardAssignment(
            files: shards.map { ($0.path, $0.items.map { key($0).scenario }) }, expectedCount: expectedShards)
        // Shard order, so that first appearances follow shard 1, 2, …
        let ordered = zip(shards, assignment.indexes).sorted { ($0.1 ?? Int.max) < ($1.1 ?? Int.max) }.map(\.0)

        var seen: [Key: String] = [:]
        var duplicates: [String] = []
        var adapterRank: [String: Int] = [:]
        var suiteRank: [String: Int] = [:]
        for shard in ordered {
            for item in shard.items {
                let k = key(item)
                if let other = seen[k] {
                    duplicates.append("merge: error: \(k.adapter) \(k.scenario) is in both \(other) and \(shard.path) (overlapping shards)")
                }
                seen[k] = shard.path
                if adapterRank[k.adapter] == nil { adapterRank[k.adapter] = adapterRank.count }
                if suiteRank[k.suite] == nil { suiteRank[k.suite] = suiteRank.count }
            }
        }
        if !duplicates.isEmpty {
            let shown = duplicates.prefix(10) + (duplicates.count > 10 ? ["… and \(duplicates.count - 10) more"] : [])
            throw InvalidResultsInput(shown.joined(separator: "\n"))
        }

        var ordinal: [String: Int] = [:]
        for (position, id) in scenarioOrder.enumerated() where ordinal[id] == nil { ordinal[id] = position }
        var placed: [(Place, Item)] = []
        for (shardNumber, shard) in ordered.enumerated() {
            for (position, item) in shard.items.enumerated() {
                let k = key(item)
                let place = ordinal[k.scenario].map { Place(adapter: adapterRank[k.adapter]!, known: $0, suite: 0, shard: 0, position: 0) }
                    ?? Place(adapter: adapterRank[k.adapter]!, known: Int.max, suite: suiteRank[k.suite]!, shard: shardNumber, position: position)
                placed.append((place, item))
            }
        }
        return (placed.sorted { $0.0 < $1.0 }.map(\.1), assignment)
    }

    /// Merged JSON results, after checking the shards.
    package func mergeResults(_ shards: [Shard<JSONResultRecord>]) throws(InvalidResultsInput) -> [JSONResultRecord] {
        try merge(shards) { Key(adapter: $0.adapter, suite: $0.suite, scenario: $0.scenario) }.items
    }

    /// Writes records as `run --json` does: a JSON array, one compact record per line, keys sorted; like every
    /// report (``ReportDestination``): atomically, through a symlink, or through to a device or FIFO.
    ///
    /// - Parameter identity: The merged run's identity (``checkedIdentity(of:allowingDifferentRuns:expectedShards:)``),
    ///   written beside the results with their digest, as `run` does; nil writes none.
    package static func writeResults(_ records: [JSONResultRecord], to path: String, identity: RunIdentity? = nil) throws {
        var bytes = Array("[".utf8)
        for (index, record) in records.enumerated() {
            bytes.append(contentsOf: (index == 0 ? "\n" : ",\n").utf8)
            bytes.append(contentsOf: record.jsonBytes)
        }
        bytes.append(contentsOf: "\n]\n".utf8)
        try ReportDestination.publish(String(decoding: bytes, as: UTF8.self), to: path)
        if var identity, RunIdentity.isWritten(forResults: path) {
            var digest = SHA256()
            digest.update(bytes)
            identity.results = RunIdentity.Results(sha256: digest.finalize(), records: records.count)
            try ReportDestination.publish(identity.text, to: RunIdentity.path(forResults: path))
        }
    }

    /// The identity of the run the shards make, after checking that they are the shards of one run, each once, none
    /// missing: the same suites and expectation files (by digest), adapters, selection, harness version and shard
    /// count, and every shard 1…N present once (a run without `--shard` is shard 1/1).
    ///
    /// - Parameter allowingDifferentRuns: Merge shards that differ in anything but their index anyway (the merged
    ///   identity is then the first shard's).
    /// - Throws: ``InvalidResultsInput`` naming the shards and what differs, the shard given twice or the one missing.
    package static func checkedIdentity(
        of shards: [(path: String, identity: RunIdentity)], allowingDifferentRuns: Bool = false, expectedShards: Int? = nil
    ) throws(InvalidResultsInput) -> RunIdentity {
        guard let first = shards.first else { throw InvalidResultsInput("merge: error: no report to merge") }
        if !allowingDifferentRuns {
            for shard in shards.dropFirst() {
                let differences = first.identity.wholeRun.differences(from: shard.identity.wholeRun)
                if !differences.isEmpty {
                    throw InvalidResultsInput(
                        "merge: error: \(first.path) and \(shard.path) are not shards of one run: they differ in "
                            + differences.joined(separator: "; ") + " (pass --allow-different-runs to merge them anyway)")
                }
            }
        }
        let count = first.identity.shard?.count ?? 1
        if let expectedShards, expectedShards != shards.count {
            throw InvalidResultsInput(
                "merge: error: --expect-shards \(expectedShards) but \(shards.count) \(shards.count == 1 ? "report was" : "reports were") given")
        }
        if let expectedShards, expectedShards != count {
            throw InvalidResultsInput("merge: error: --expect-shards \(expectedShards), but \(first.path) is a shard of a run of \(count)")
        }
        var byIndex: [Int: String] = [:]
        for shard in shards {
            let index = shard.identity.shard?.index ?? 1
            if let other = byIndex[index] {
                throw InvalidResultsInput("merge: error: \(other) and \(shard.path) both hold shard \(index)/\(count) (overlapping shards)")
            }
            byIndex[index] = shard.path
        }
        let missing = (1...max(count, 1)).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw InvalidResultsInput(
                "merge: error: missing shard " + missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
                    + " (the run identities say the run had \(count) shards; given: " + byIndex.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
                    + "): merged without it, the shards would pass for the whole run")
        }
        var merged = first.identity
        merged.shard = nil
        merged.results = nil
        return merged
    }
}

/// Where an item goes in the merged order: adapter, then the scenario's place in the suites (or, unknown there,
/// its suite's first appearance, its shard and its place in that shard).
private struct Place: Comparable {
    var adapter: Int, known: Int, suite: Int, shard: Int, position: Int
    static func < (a: Place, b: Place) -> Bool {
        (a.adapter, a.known, a.suite, a.shard, a.position) < (b.adapter, b.known, b.suite, b.shard, b.position)
    }
}
