import HarnessCore

/// Which shard of `run --shard I/N` each report file holds, worked out from the scenarios in it.
///
/// `run --shard I/N` keeps a scenario when the stable hash of its id (``StableHash``) modulo N is I − 1, so the
/// scenario ids alone say which shard a file is, and whether N files make a whole run: every file's scenarios
/// must fall in one shard, no two files in the same one, and none missing. Reports do not record the shard, so
/// reports written before `merge` existed can be merged too.
package struct ShardAssignment: Sendable, Hashable {
    /// N.
    package var count: Int
    /// The shard (1-based) of each file in the order given; nil for a file without results (an empty shard).
    package var indexes: [Int?]

    /// The largest shard count tried when none is given.
    static let largestGuess = 64

    /// Works out the shards of `files` (each a path and the scenario ids in it).
    ///
    /// - Parameter expectedCount: N when the user knows it (`--expect-shards N`); otherwise the number of files is
    ///   tried first, then larger counts, so that a missing shard is named as such.
    /// - Throws: ``InvalidResultsInput`` for files that are not shards of one run, two files holding one shard,
    ///   a missing shard, or the wrong number of files for `expectedCount`.
    package init(files: [(path: String, scenarios: [String])], expectedCount: Int?) throws(InvalidResultsInput) {
        guard !files.isEmpty else { throw InvalidResultsInput("merge: error: no report to merge") }
        if let expectedCount {
            guard files.count == expectedCount else {
                throw InvalidResultsInput(
                    "merge: error: --expect-shards \(expectedCount) but \(files.count) \(files.count == 1 ? "report was" : "reports were") given")
            }
            count = expectedCount
            indexes = try Self.indexes(of: files, count: expectedCount)
        } else {
            let candidates = Array(files.count...max(files.count, Self.largestGuess))
            guard let found = candidates.lazy.compactMap({ n in (try? Self.indexes(of: files, count: n)).map { (n, $0) } }).first else {
                // Explain with the count the user most likely meant.
                _ = try Self.indexes(of: files, count: files.count)
                throw InvalidResultsInput("merge: error: the reports are not shards of one run")
            }
            (count, indexes) = found
        }
        try check(files.map(\.path))
    }

    /// The shard of each file under `count`, or the first file whose scenarios fall in two shards.
    static func indexes(of files: [(path: String, scenarios: [String])], count: Int) throws(InvalidResultsInput) -> [Int?] {
        try files.map { file throws(InvalidResultsInput) -> Int? in
            guard let first = file.scenarios.first else { return nil }
            let index = shard(of: first, count: count)
            if let other = file.scenarios.first(where: { shard(of: $0, count: count) != index }) {
                throw InvalidResultsInput(
                    "\(file.path): error: not one shard of \(count): \(first) is in shard \(index)/\(count), "
                        + "\(other) in shard \(shard(of: other, count: count))/\(count) (was it written by 'run --shard I/\(count)'? "
                        + "--expect-shards N says how many shards the run had)")
            }
            return index
        }
    }

    /// The 1-based shard `run --shard I/N` puts a scenario in (RunPlan.selects).
    package static func shard(of scenario: String, count: Int) -> Int {
        Int(StableHash.fnv1a(scenario) % UInt64(count)) + 1
    }

    /// Refuses two files of one shard and missing shards (files without results may stand for the missing ones).
    private func check(_ paths: [String]) throws(InvalidResultsInput) {
        var problems: [String] = []
        var holder: [Int: String] = [:]
        for (path, index) in zip(paths, indexes) {
            guard let index else { continue }
            if let first = holder[index] {
                problems.append("merge: error: \(first) and \(path) both hold shard \(index)/\(count) (overlapping shards)")
            } else {
                holder[index] = path
            }
        }
        let missing = (1...count).filter { holder[$0] == nil }
        let empty = indexes.filter { $0 == nil }.count
        if missing.count > empty {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            problems.append("merge: error: missing \(missing.count == 1 ? "shard" : "shards") \(names): "
                + "the reports given hold shards \(holder.keys.sorted().map(String.init).joined(separator: ", ")) of \(count)")
        }
        if !problems.isEmpty { throw InvalidResultsInput(problems.joined(separator: "\n")) }
    }
}
