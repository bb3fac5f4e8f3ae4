import Foundation
import HarnessCore

/// Scenarios × adapters: every result of a run laid out side by side, with what most adapters do.
///
/// A run delivers results adapter by adapter; a person comparing implementations reads them scenario by scenario.
/// `Matrix` regroups them: rows are scenarios grouped by suite (in the order first seen), columns are adapters (in
/// the run's order), each cell one outcome. It keeps one small value per result (no transcripts), so memory grows
/// with the number of results, not with their size. The renderers (`markdown`, `html`) only read it.
///
/// A column is an adapter *build*: name, version and profile. The same adapter at two versions (two results files
/// compared with `compare --from-json`) is two columns. A second result for the same column and scenario replaces
/// the first and is counted in `replacedResults`.
package struct Matrix: Sendable {
    /// When and where the results were produced, for the page's header.
    package var run: RunInfo
    /// The adapter whose behaviour the consensus column compares against (the RFC 6265bis reference jar), when
    /// it is one of the columns.
    package var referenceAdapter: String?
    /// Where the results came from when not from a run (`results.json`), shown in the header.
    package var source: String?
    /// Suite titles by suite id, when known (results carry only the id).
    package var suiteTitles: [String: String]

    package private(set) var columns: [Column] = []
    package private(set) var suites: [SuiteGroup] = []
    /// Results that arrived a second time for the same column and scenario; the later one is kept.
    package private(set) var replacedResults = 0

    private var columnIndex: [Column.Key: Int] = [:]
    private var suiteIndex: [String: Int] = [:]

    /// An empty matrix whose columns start with the run's adapters, in the run's order.
    package init(run: RunInfo, referenceAdapter: String? = "reference", source: String? = nil, suiteTitles: [String: String] = [:]) {
        self.run = run
        self.referenceAdapter = referenceAdapter
        self.source = source
        self.suiteTitles = suiteTitles
        for adapter in run.adapters { _ = column(for: adapter) }
    }

    /// Places one result in its row and column.
    package mutating func add(_ result: ScenarioResult) {
        let columnNumber = column(for: result.adapter)
        let suiteNumber: Int
        if let known = suiteIndex[result.suiteID] {
            suiteNumber = known
        } else {
            suiteNumber = suites.count
            suiteIndex[result.suiteID] = suiteNumber
            suites.append(SuiteGroup(id: result.suiteID, file: result.suiteFile))
        }
        if suites[suiteNumber].add(Cell(result), to: result, column: columnNumber) { replacedResults += 1 }
    }

    private mutating func column(for adapter: AdapterInfo) -> Int {
        let key = Column.Key(adapter)
        if let known = columnIndex[key] { return known }
        columns.append(Column(adapter: adapter))
        columnIndex[key] = columns.count - 1
        return columns.count - 1
    }

    // MARK: Reading

    /// Every row, suite by suite.
    package var rows: [Row] { suites.flatMap(\.rows) }

    /// The column of the reference adapter, if it is in the matrix (the first build of that name).
    package var referenceColumn: Int? {
        guard let referenceAdapter else { return nil }
        return columns.firstIndex { $0.adapter.name == referenceAdapter }
    }

    /// What most adapters do for `row`.
    package func consensus(_ row: Row) -> Consensus {
        Consensus(row, columns: columns.count, reference: referenceColumn)
    }

    /// Per-column counts over `rows` (a suite's, or all).
    package func totals(_ rows: [Row]) -> [Totals] {
        var totals = Array(repeating: Totals(), count: columns.count)
        for row in rows {
            for (column, cell) in row.cells { totals[column].add(cell) }
        }
        return totals
    }

    /// The columns in the order a person reads them: the web-view sync strategies first, then the cookie stores
    /// on their own, each group in the run's order.
    package var displayColumnOrder: [Int] {
        columns.indices.filter { !columns[$0].isStore } + columns.indices.filter { columns[$0].isStore }
    }

    /// The first store column in ``displayColumnOrder``, when strategies come before it: where the page draws
    /// the line between the two groups.
    package var firstStoreColumn: Int? {
        let order = displayColumnOrder
        guard let position = order.firstIndex(where: { columns[$0].isStore }), position > 0 else { return nil }
        return order[position]
    }

    /// Every tag, sorted, for filters.
    package var tags: [String] { Set(rows.flatMap(\.tags)).sorted() }

    /// The name `--adapter` takes (`wk-no-sync`, `wk-no-sync@ios-11`, `curl`): the profile is not added, as
    /// `wk-no-sync@ios` would name no adapter.
    package static func label(for adapter: AdapterInfo) -> String {
        adapter.name
    }

    /// Column labels that stay unique: the adapter's name, with ` version` added where two builds share one.
    package var columnLabels: [String] {
        let plain = columns.map(\.label)
        return columns.indices.map { index in
            plain.filter { $0 == plain[index] }.count > 1 ? "\(plain[index]) \(columns[index].adapter.version)" : plain[index]
        }
    }
}

// MARK: - Parts

extension Matrix {
    /// One adapter build.
    package struct Column: Sendable, Hashable {
        package var adapter: AdapterInfo

        /// The adapter's name, as `--adapter` takes it.
        package var label: String { Matrix.label(for: adapter) }

        /// A cookie store on its own (no web view, so no platform profile), not a web-view strategy.
        package var isStore: Bool { adapter.profile.isEmpty }

        struct Key: Hashable {
            var name: String
            var version: String
            var profile: String
            init(_ adapter: AdapterInfo) {
                name = adapter.name
                version = adapter.version
                profile = adapter.profile
            }
        }
    }

    /// The rows of one suite.
    package struct SuiteGroup: Sendable {
        package var id: String
        package var file: String
        package private(set) var rows: [Row] = []
        private var rowIndex: [String: Int] = [:]

        init(id: String, file: String) {
            self.id = id
            self.file = file
        }

        /// An imported corpus (`Suites/conformance/…`, the http-state cases): hundreds of generated cases that the
        /// page folds into one line of totals and shows after the hand-written suites.
        package var isCorpus: Bool {
            file.split(separator: "/").dropLast().contains("conformance")
        }

        /// Returns whether a cell was already there.
        mutating func add(_ cell: Cell, to result: ScenarioResult, column: Int) -> Bool {
            let number: Int
            if let known = rowIndex[result.scenarioID] {
                number = known
            } else {
                number = rows.count
                rowIndex[result.scenarioID] = number
                rows.append(Row(scenarioID: result.scenarioID, title: result.title, tags: result.tags))
            }
            return rows[number].cells.updateValue(cell, forKey: column) != nil
        }
    }

    /// One scenario across the adapters.
    package struct Row: Sendable {
        package var scenarioID: String
        package var title: String
        package var tags: [String]
        /// By column number; a column without a cell did not run the scenario (filtered, or absent from a file).
        package var cells: [Int: Cell] = [:]

        /// Tagged `security`: a cookie sent where it must not go, or an HttpOnly cookie exposed to script.
        package var isSecurityRelevant: Bool { tags.contains("security") }
        /// Some adapter's result differs from its expectation.
        package var hasUnexpected: Bool { cells.values.contains(where: \.isUnexpected) }
    }

    /// One outcome, reduced to what the matrix shows.
    package struct Cell: Sendable, Hashable {
        package enum Outcome: String, Sendable, Hashable, CaseIterable {
            case pass, fail, skip, error
        }

        package var outcome: Outcome
        /// The failure message, skip reason or error detail; for an unexpected pass, why it was expected to fail
        /// (`expected to fail because …`); empty for a plain pass.
        package var message: String
        /// `file:line` of the expectation that failed.
        package var location: String?
        package var expected: ExpectedStatus
        package var isUnexpected: Bool
        /// A failed check guards against a leak or an exposure (``ScenarioResult/isSecurityRelevant``).
        package var isSecurityFailure: Bool
        /// What the adapter was seen to do, for the consensus: the outcome, and for a failure every failed check
        /// with what it observed. Two adapters that fail different checks, or observe different values, differ.
        package var observation: String

        init(_ result: ScenarioResult) {
            switch result.status {
            case .passed: outcome = .pass; observation = "pass"
            case .failed(let failure):
                outcome = .fail
                location = failure.location.description
                observation = "fail\n" + failure.all.map { "\($0.location): \($0.message)" }.joined(separator: "\n")
            case .skipped: outcome = .skip; observation = "skip"
            case .errored: outcome = .error; observation = "error"
            }
            // An unexpected pass has no message of its own: what the reader needs is why it was expected to fail.
            message = ReportText.capped(
                outcome == .pass ? (result.isUnexpected ? result.expectationPhrase : "") : result.oneLineMessage)
            expected = result.expected
            isUnexpected = result.isUnexpected
            isSecurityFailure = result.isSecurityRelevant
        }

        /// An expected failure or error: listed in the adapter's expectation file.
        package var isExpectedFailure: Bool { !isUnexpected && (outcome == .fail || outcome == .error) }
    }

    /// What most adapters do for one scenario, and whether the reference does the same.
    ///
    /// Adapters agree when they are seen to do the same thing: the same outcome and, for a failure, the same
    /// failed checks observing the same values (``Cell/observation``); two adapters that fail differently do not
    /// agree. Only adapters that ran the scenario vote (a skip says the adapter cannot run it, not what it does);
    /// when every adapter skipped, the consensus is "skip". A tie between the largest groups is a split, with no
    /// majority.
    package struct Consensus: Sendable, Hashable {
        /// Cells per outcome.
        package var counts: [Cell.Outcome: Int]
        /// The outcome of the largest group of adapters seen to do the same (or `.skip` when none ran); nil for a
        /// tie or no cells.
        package var majority: Cell.Outcome?
        /// The size of that group.
        package var majorityCount: Int
        /// How many adapters ran the scenario (pass, fail or error); the denominator of "pass 9/11".
        package var voters: Int
        /// Distinct observations per outcome among the voters: `fail` seen two ways is 2.
        package var ways: [Cell.Outcome: Int]
        /// The reference's outcome, when the reference is a column and has a cell in this row.
        package var reference: Cell.Outcome?
        /// Whether the reference was seen to do what the majority group does; nil when there is no reference
        /// cell, no majority, the reference skipped, or it is the only adapter that ran the scenario (agreeing
        /// with itself says nothing).
        package var referenceAgrees: Bool?

        init(_ row: Row, columns: Int, reference column: Int?) {
            var counts: [Cell.Outcome: Int] = [:]
            for cell in row.cells.values { counts[cell.outcome, default: 0] += 1 }
            self.counts = counts
            voters = counts[.pass, default: 0] + counts[.fail, default: 0] + counts[.error, default: 0]
            let referenceCell = column.flatMap { row.cells[$0] }
            reference = referenceCell?.outcome
            var groups: [String: (outcome: Cell.Outcome, count: Int)] = [:]
            for cell in row.cells.values where cell.outcome != .skip {
                groups[cell.observation, default: (cell.outcome, 0)].count += 1
            }
            var ways: [Cell.Outcome: Int] = [:]
            for group in groups.values { ways[group.outcome, default: 0] += 1 }
            self.ways = ways
            let top = groups.values.map(\.count).max() ?? 0
            let leaders = groups.filter { $0.value.count == top }
            if voters == 0 {
                majority = counts[.skip, default: 0] > 0 ? .skip : nil
                majorityCount = counts[.skip, default: 0]
                referenceAgrees = nil
            } else if leaders.count == 1, let leader = leaders.first {
                majority = leader.value.outcome
                majorityCount = leader.value.count
                if let referenceCell, referenceCell.outcome != .skip, voters > 1 {
                    referenceAgrees = referenceCell.observation == leader.key
                } else {
                    referenceAgrees = nil
                }
            } else {
                majority = nil
                majorityCount = 0
                referenceAgrees = nil
            }
        }

        /// Adapters that ran the scenario were not all seen to do the same thing.
        package var differs: Bool { ways.values.reduce(0, +) > 1 }

        /// `pass 9/11`, `skip 3/3`, `fail 2/3 · 1 fails otherwise`, `split pass 2 · fail 2 (2 ways)`, with
        /// `(+2 skip)` when some adapters skipped.
        package var summary: String {
            let skipped = counts[.skip, default: 0]
            let skipNote = skipped > 0 ? " (+\(skipped) skip)" : ""
            switch majority {
            case .skip?:
                return "skip \(skipped)/\(skipped)"
            case let majority?:
                let otherwise = counts[majority, default: 0] - majorityCount
                let verb = majority == .pass ? "passes" : majority == .fail ? "fails" : "errs"
                return "\(majority.rawValue) \(majorityCount)/\(voters)" + (otherwise > 0 ? " · \(otherwise) \(verb) otherwise" : "") + skipNote
            case nil:
                guard voters > 0 else { return "not run" }
                let parts = [Cell.Outcome.pass, .fail, .error].compactMap { outcome in
                    counts[outcome].map { count in
                        "\(outcome.rawValue) \(count)" + (ways[outcome, default: 1] > 1 ? " (\(ways[outcome]!) ways)" : "")
                    }
                }
                return "split " + parts.joined(separator: " · ") + skipNote
            }
        }

        /// What the reference did, for the consensus column: `ref ✔` only when the reference passed with the
        /// majority; `ref ✘ same` when it failed as the majority did; `ref: fail` (or `ref: fails otherwise`)
        /// when it differs (`agrees` false), or in a split (`agrees` nil). Nil without a reference cell, or when
        /// there is nothing to compare it with.
        package var referenceNote: (text: String, agrees: Bool?)? {
            guard let reference, reference != .skip else { return nil }
            switch referenceAgrees {
            case true?:
                return (reference == .pass ? "ref ✔" : "ref \(reference.symbol) same", true)
            case false?:
                return (reference == majority && reference != .pass ? "ref: \(reference == .fail ? "fails" : "errs") otherwise" : "ref: \(reference.rawValue)", false)
            case nil:
                return majority == nil && voters > 1 ? ("ref: \(reference.rawValue)", nil) : nil
            }
        }
    }

    /// Per-column counts.
    package struct Totals: Sendable, Hashable {
        package var pass = 0
        package var fail = 0
        package var skip = 0
        package var error = 0
        /// Failures and errors listed in the expectation file.
        package var expectedFailures = 0
        /// Results that differ from their expectation.
        package var unexpected = 0
        /// Failures whose failed check guards against a leak or an exposure.
        package var securityFailures = 0

        mutating func add(_ cell: Cell) {
            switch cell.outcome {
            case .pass: pass += 1
            case .fail: fail += 1
            case .skip: skip += 1
            case .error: error += 1
            }
            if cell.isExpectedFailure { expectedFailures += 1 }
            if cell.isUnexpected { unexpected += 1 }
            if cell.isSecurityFailure { securityFailures += 1 }
        }

        package var total: Int { pass + fail + skip + error }

        /// Adds another column's counts (a group's totals).
        mutating func add(_ other: Totals) {
            pass += other.pass
            fail += other.fail
            skip += other.skip
            error += other.error
            expectedFailures += other.expectedFailures
            unexpected += other.unexpected
            securityFailures += other.securityFailures
        }
    }
}
