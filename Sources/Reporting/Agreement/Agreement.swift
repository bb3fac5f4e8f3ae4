import FileAccess
import Foundation
import XMLSupport
import HarnessCore

/// How often a simulated engine's verdicts hold on a real one: each strategy's results on the simulated profile
/// and on the live engine, paired cell by cell (strategy × scenario).
///
/// Two results **agree** when they have the same status and every check observed the same thing, passing checks
/// included (two headers a `contains` check accepts can still differ). When they differ only in the order of the
/// cookies a check observed (a header, `document.cookie`, a store's list), the cell is **order only**: its own
/// class, neither agreement nor disagreement, as the order is the one thing a cookie jar is free to choose. An
/// error never agrees with anything (it is no outcome), and a cell the live engine skipped (a virtual clock it
/// cannot move, a POST it cannot load) is not compared: it is counted apart, with the reason.
package struct Agreement: Sendable {
    /// How a cell's two results compare.
    package enum Verdict: String, Sendable, Hashable {
        case agree
        /// The same status and checks; some observed cookie list in another order.
        case orderOnly = "order-only"
        case disagree
        /// One side skipped.
        case notCompared = "not-compared"
    }

    /// One strategy × scenario pair.
    package struct Cell: Sendable {
        package var strategy: String
        package var suiteID: String
        package var scenarioID: String
        package var title: String
        package var simulated: ScenarioResult
        package var live: ScenarioResult
        /// The checked-in cause of a disagreement that is known and explained, if any.
        package var knownCause: String?
        /// The scenario opens a web view (one that never does tests the native store only, the same on both).
        package var opensWebView = true

        /// Both results could be judged: neither was skipped, and the real engine's result is not known to vary
        /// from run to run (a known cause starting with ``Agreement/timingDependent``: a library's unawaited copies
        /// racing the engine), which no single run can compare.
        package var isCompared: Bool { notComparedReason == nil }

        /// Why the cell is not compared (nil when it is): the side that skipped and its reason, or the known cause
        /// saying the real engine's result varies from run to run.
        package var notComparedReason: String? {
            if let cause = knownCause, cause.hasPrefix(Agreement.timingDependent) { return "known to vary: \(cause)" }
            if case .skipped(let reason) = live.status { return "skipped on the real engine: \(reason)" }
            if case .skipped(let reason) = simulated.status { return "skipped on the simulated engine: \(reason)" }
            return nil
        }

        package var verdict: Verdict {
            guard isCompared else { return .notCompared }
            if Agreement.sameOutcome(simulated.status, live.status), simulated.observations == live.observations { return .agree }
            // Results read back from a report carry no observations: nothing says their difference is order only.
            if Agreement.sameChecksFailing(simulated.status, live.status), !simulated.observations.isEmpty,
               simulated.observations.count == live.observations.count,
               zip(simulated.observations, live.observations).allSatisfy({ $0.hasSameItemsIgnoringOrder(as: $1) })
            {
                return .orderOnly
            }
            return .disagree
        }

        package var agrees: Bool { verdict == .agree }
    }

    /// Per strategy: cells compared and how they compare, over all cells and over those that open a web view.
    package struct Tally: Sendable, Hashable {
        package var strategy: String
        package var compared = 0
        package var agreed = 0
        package var orderOnly = 0
        package var notCompared = 0
        /// Compared cells whose scenario opens a web view, and how many of them agree.
        package var webViewCompared = 0
        package var webViewAgreed = 0

        package init(strategy: String, compared: Int = 0, agreed: Int = 0, orderOnly: Int = 0, notCompared: Int = 0) {
            self.strategy = strategy
            self.compared = compared
            self.agreed = agreed
            self.orderOnly = orderOnly
            self.notCompared = notCompared
        }

        /// Cells that agree, every observation compared; nil when no cell was compared (every one skipped on a
        /// side): nothing was measured, which is neither agreement nor disagreement.
        package var rate: Double? { compared == 0 ? nil : Double(agreed) / Double(compared) }
        /// The same over the cells that open a web view: what a sync strategy's verdict rests on.
        package var webViewRate: Double? { webViewCompared == 0 ? nil : Double(webViewAgreed) / Double(webViewCompared) }
        package var disagreed: Int { compared - agreed - orderOnly }

        mutating func add(_ cell: Cell) {
            let verdict = cell.verdict
            guard verdict != .notCompared else {
                notCompared += 1
                return
            }
            compared += 1
            if verdict == .agree { agreed += 1 }
            if verdict == .orderOnly { orderOnly += 1 }
            if cell.opensWebView {
                webViewCompared += 1
                if verdict == .agree { webViewAgreed += 1 }
            }
        }

        static func + (a: Tally, b: Tally) -> Tally {
            var sum = Tally(
                strategy: a.strategy, compared: a.compared + b.compared, agreed: a.agreed + b.agreed,
                orderOnly: a.orderOnly + b.orderOnly, notCompared: a.notCompared + b.notCompared)
            sum.webViewCompared = a.webViewCompared + b.webViewCompared
            sum.webViewAgreed = a.webViewAgreed + b.webViewAgreed
            return sum
        }
    }

    package var simulatedProfile: String
    package var liveProfile: String
    package var cells: [Cell]

    /// Pairs results by strategy and scenario: `simulated` and `live` name each result's strategy (the adapter name
    /// without its profile suffix).
    package init(
        simulated: [ScenarioResult], live: [ScenarioResult], simulatedProfile: String, liveProfile: String,
        strategy: (AdapterInfo) -> String, knownCauses: KnownDisagreements = KnownDisagreements(),
        opensWebView: (_ suiteID: String, _ scenarioID: String) -> Bool = { _, _ in true }
    ) {
        self.simulatedProfile = simulatedProfile
        self.liveProfile = liveProfile
        var liveByKey: [String: ScenarioResult] = [:]
        for result in live { liveByKey[strategy(result.adapter) + "\u{0}" + result.scenarioID] = result }
        cells = simulated.compactMap { result in
            let name = strategy(result.adapter)
            guard let other = liveByKey[name + "\u{0}" + result.scenarioID] else { return nil }
            return Cell(
                strategy: name, suiteID: result.suiteID, scenarioID: result.scenarioID, title: result.title,
                simulated: result, live: other, knownCause: knownCauses.cause(strategy: name, scenario: result.scenarioID),
                opensWebView: opensWebView(result.suiteID, result.scenarioID))
        }
    }

    /// The agreement of each strategy's results on `simulatedProfile` with its results on `liveProfile`: adapters
    /// named `STRATEGY@PROFILE` are paired by strategy; a cell opens a web view when its scenario in `suites` does.
    package static func ofStrategies(
        simulated: [ScenarioResult], live: [ScenarioResult], suites: [Suite], simulatedProfile: String = "webkitgtk",
        liveProfile: String = "webkitgtk-live", knownCauses: KnownDisagreements = KnownDisagreements()
    ) -> Agreement {
        var webView: Set<String> = []
        for suite in suites {
            for scenario in suite.scenarios where scenario.requiredCapabilities.contains(.webView) {
                webView.insert(suite.id + "\u{0}" + scenario.id)
            }
        }
        return Agreement(
            simulated: simulated, live: live, simulatedProfile: simulatedProfile, liveProfile: liveProfile,
            strategy: { String($0.name.prefix { $0 != "@" }) }, knownCauses: knownCauses,
            opensWebView: { webView.contains($0 + "\u{0}" + $1) })
    }

    /// Same status, and for failures the same checks failing with the same messages.
    package static func sameOutcome(_ a: Status, _ b: Status) -> Bool {
        sameStatus(a, b) { "\($0.location) \($0.message)" }
    }

    /// Same status, and for failures the same checks failing (whatever their messages say).
    static func sameChecksFailing(_ a: Status, _ b: Status) -> Bool {
        sameStatus(a, b) { "\($0.location)" }
    }

    /// Both passed, or both failed with the same failures as `key` tells them apart.
    private static func sameStatus(_ a: Status, _ b: Status, key: (Failure) -> String) -> Bool {
        switch (a, b) {
        case (.passed, .passed): true
        case (.failed(let x), .failed(let y)): x.all.map(key) == y.all.map(key)
        default: false
        }
    }

    /// Strategies in the order their cells first appear.
    package var tallies: [Tally] {
        var order: [String] = []
        var byStrategy: [String: Tally] = [:]
        for cell in cells {
            if byStrategy[cell.strategy] == nil {
                order.append(cell.strategy)
                byStrategy[cell.strategy] = Tally(strategy: cell.strategy)
            }
            byStrategy[cell.strategy]!.add(cell)
        }
        return order.map { byStrategy[$0]! }
    }

    /// Every strategy together.
    package var overall: Tally {
        tallies.reduce(Tally(strategy: "all"), +)
    }

    package var disagreements: [Cell] { cells.filter { $0.verdict == .disagree } }

    /// Cells neither agreeing nor disagreeing: one side skipped, or the real engine's result is known to vary.
    package var notComparedCells: [Cell] { cells.filter { !$0.isCompared } }

    /// Cells whose observations differ only in order.
    package var orderOnlyCells: [Cell] { cells.filter { $0.verdict == .orderOnly } }

    /// Disagreements without a checked-in cause: what a change to the simulation (or to WebKitGTK) brought.
    package var unexplained: [Cell] { disagreements.filter { $0.knownCause == nil } }

    /// Causes listed for cells that now agree (or are no longer compared): entries to remove from the file.
    package func staleCauses(in known: KnownDisagreements) -> [KnownDisagreements.Entry] {
        let open = Set(disagreements.map { $0.strategy + "\u{0}" + $0.scenarioID })
            .union(cells.filter { $0.knownCause?.hasPrefix(Agreement.timingDependent) == true }.map { $0.strategy + "\u{0}" + $0.scenarioID })
        let present = Set(cells.map { $0.strategy + "\u{0}" + $0.scenarioID })
        return known.entries.filter { entry in
            let key = entry.strategy + "\u{0}" + entry.scenario
            return present.contains(key) && !open.contains(key)
        }
    }

    /// How a known cause starts when the real engine's result of the cell varies between runs: the cell is not
    /// compared (neither agreeing nor disagreeing), so the figures do not move with the race.
    package static let timingDependent = "timing-dependent:"

    /// `97.4%`.
    /// `99.9%`; `n/a` for a rate over no cell.
    package static func percent(_ rate: Double?) -> String {
        guard let rate else { return "n/a" }
        return String(format: "%.1f%%", rate * 100)
    }

    /// One line per result: the status and, for a failure, the message; an error's or a skip's first line.
    package static func observation(_ status: Status) -> String {
        switch status {
        case .passed: "pass"
        case .failed(let failure): "fail at \(failure.location): \(failure.message)"
        case .skipped(let reason): "skip: \(reason)"
        case .errored(let detail): "error: \(detail.split(separator: "\n").first.map(String.init) ?? "")"
        }
    }
}

/// The checked-in list of disagreements that remain between the simulation and the real engine, each with its
/// cause: one per line, `STRATEGY SCENARIO-ID CAUSE…`; `#` starts a comment line.
package struct KnownDisagreements: Sendable {
    package struct Entry: Sendable, Hashable {
        package var strategy: String
        package var scenario: String
        package var cause: String
        package var line: Int
    }

    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Reads the list.
    /// - Throws: ``InvalidLine`` naming the file and line of an entry without a cause.
    package init(contentsOf path: String) throws {
        // Not String(contentsOfFile:): it leaks a buffer per file (the results-files fuzz target, LeakSanitizer).
        let data = try InputFile.read(path, maximumSize: XMLTree.defaultMaximumInputSize)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InvalidLine(description: "\(path): error: not UTF-8")
        }
        var entries: [Entry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = trimmed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard parts.count == 3 else {
                throw InvalidLine(description: "\(path):\(index + 1): error: expected 'STRATEGY SCENARIO-ID CAUSE', found '\(trimmed)'")
            }
            entries.append(Entry(strategy: String(parts[0]), scenario: String(parts[1]), cause: String(parts[2]), line: index + 1))
        }
        self.entries = entries
    }

    package struct InvalidLine: Error, CustomStringConvertible {
        package var description: String
    }

    package func cause(strategy: String, scenario: String) -> String? {
        entries.first { $0.strategy == strategy && $0.scenario == scenario }?.cause
    }
}
