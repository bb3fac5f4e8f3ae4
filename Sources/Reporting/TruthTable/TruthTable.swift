/// Where each web-view strategy breaks, counted: one row per strategy adapter of a profile, one column per
/// hand-written suite, each cell the scenarios that failed out of those that ran.
///
/// The README's truth table is this table, regenerated from a run and checked by a test: its prose rows say *why*
/// a strategy breaks, this says *where*, and a change that moves a failure from one suite to another, or adds or
/// removes one, changes the table.
///
/// The store-parser suites are left out: `parser`, `jar-rules` and the imported corpora (`Suites/conformance/`, the
/// http-state cases) test the engine's cookie jar, which is the same jar under every strategy of a profile, so every
/// row would repeat what `uiwebview` (and `reference`) fail there, and they are three quarters of the scenarios.
package struct TruthTable: Sendable, Hashable {
    /// One suite × one adapter.
    package struct Cell: Sendable, Hashable {
        /// Scenarios that ran (passed, failed or errored); skipped ones are not counted.
        package var ran = 0
        /// Scenarios that failed or errored.
        package var failed = 0
        package var errored = 0
        /// Failures of scenarios tagged `security`.
        package var securityFailures = 0

        package init() {}

        mutating func add(_ record: JSONResultRecord) {
            switch record.status {
            case "pass": ran += 1
            case "fail":
                ran += 1
                failed += 1
                if record.securityRelevant { securityFailures += 1 }
            case "error":
                ran += 1
                failed += 1
                errored += 1
            default: break
            }
        }

        static func + (a: Cell, b: Cell) -> Cell {
            var sum = a
            sum.ran += b.ran
            sum.failed += b.failed
            sum.errored += b.errored
            sum.securityFailures += b.securityFailures
            return sum
        }
    }

    /// One adapter.
    package struct Row: Sendable, Hashable {
        package var adapter: String
        /// One per column of ``TruthTable/suites``.
        package var cells: [Cell]
        /// The scenarios whose failure was a security one, in the order of the columns, then of the results.
        package var securityFailures: [String]

        package var total: Cell { cells.reduce(Cell(), +) }
    }

    /// The profile the rows belong to (`ios`, `ios-11`, `webkitgtk`).
    package var profile: String
    /// The column suites, in ``suiteOrder`` and then by id.
    package var suites: [String]
    /// In the order the adapters were given; an adapter without a result in the table's suites has no row.
    package var rows: [Row]
    /// Adapters that were asked for and had no result.
    package var missingAdapters: [String]

    /// The hand-written suites in the order `Suites/README.md` lists them: the columns' order. Another suite comes
    /// after them, by id.
    package static let suiteOrder = ["first-request", "cross-domain", "redirect", "http-only", "persistence", "expiry", "same-site"]

    /// Whether a suite is one of the store-parser suites the table leaves out (see the type's discussion).
    /// - Parameter file: the suite's file as loaded or as recorded in the results (`Suites/conformance/…`).
    package static func isStoreParserSuite(id: String, file: String) -> Bool {
        id == "parser" || id == "jar-rules" || file.split(separator: "/").dropLast().contains("conformance")
    }

    /// Tallies `records` of `adapters` (other adapters' records and the store-parser suites are ignored).
    ///
    /// A record present twice (the same adapter and scenario, from two files) counts once: the last one.
    package init(records: [JSONResultRecord], adapters: [String], profile: String) {
        self.profile = profile
        let wanted = Set(adapters)
        struct Key: Hashable { var adapter: String, scenario: String }
        var last: [Key: JSONResultRecord] = [:]
        var order: [Key] = []
        for record in records where wanted.contains(record.adapter) && !Self.isStoreParserSuite(id: record.suite, file: record.suiteFile) {
            let key = Key(adapter: record.adapter, scenario: record.scenario)
            if last.updateValue(record, forKey: key) == nil { order.append(key) }
        }
        let kept = order.compactMap { last[$0] }
        suites = Set(kept.map(\.suite)).sorted { a, b in
            let (x, y) = (Self.suiteOrder.firstIndex(of: a) ?? Int.max, Self.suiteOrder.firstIndex(of: b) ?? Int.max)
            return x != y ? x < y : a < b
        }
        let column = Dictionary(uniqueKeysWithValues: suites.enumerated().map { ($1, $0) })
        var rows: [Row] = []
        var missing: [String] = []
        for adapter in adapters {
            let own = kept.filter { $0.adapter == adapter }
            guard !own.isEmpty else {
                missing.append(adapter)
                continue
            }
            var row = Row(adapter: adapter, cells: Array(repeating: Cell(), count: suites.count), securityFailures: [])
            for record in own { row.cells[column[record.suite]!].add(record) }
            row.securityFailures = suites.flatMap { suite in
                own.filter { $0.suite == suite && $0.status == "fail" && $0.securityRelevant }.map(\.scenario)
            }
            rows.append(row)
        }
        self.rows = rows
        missingAdapters = missing
    }
}
