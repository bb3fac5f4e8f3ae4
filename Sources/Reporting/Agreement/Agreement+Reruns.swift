import HarnessCore

extension Agreement {
    /// How the cause of a cell starts when the real engine answered it two ways within one run: the cell is not
    /// compared, like the checked-in ``Agreement/timingDependent`` ones.
    package static let seenBothWays = Agreement.timingDependent + " seen both ways in this run"

    /// Runs the live side of every unexplained disagreement again, at most `attempts` times, and turns each cell
    /// whose rerun answered otherwise than its first run into a cell not compared, its cause naming both answers.
    ///
    /// A new race (a library's unawaited copy, a web process's cached read) otherwise fails a whole CI run on one
    /// cell that the next run agrees on. A rerun never makes a cell agree: the first answer stands when every rerun
    /// gives it again (then it is unexplained, as before), and one that varies is counted apart, printed, and meant
    /// for the known file.
    ///
    /// - Parameter rerun: Runs the given live adapter × scenario pairs once and returns their results.
    /// - Returns: The cells found to vary, as they now are (their cause set).
    @discardableResult
    package mutating func rerunUnexplained(
        attempts: Int, rerun: (Set<RunPlan.Pair>) throws -> [ScenarioResult]
    ) rethrows -> [Cell] {
        var varying: [Int] = []
        var pending = cells.indices.filter { cells[$0].verdict == .disagree && cells[$0].knownCause == nil }
        for _ in 0..<max(0, attempts) where !pending.isEmpty {
            let pairs = Set(pending.map { RunPlan.Pair(adapter: cells[$0].live.adapter.name, scenario: cells[$0].scenarioID) })
            var again: [RunPlan.Pair: ScenarioResult] = [:]
            for result in try rerun(pairs) { again[RunPlan.Pair(adapter: result.adapter.name, scenario: result.scenarioID)] = result }
            pending = pending.filter { index in
                let first = cells[index].live
                guard let second = again[RunPlan.Pair(adapter: first.adapter.name, scenario: cells[index].scenarioID)],
                      !Self.sameAnswer(first, second)
                else { return true }
                let (was, now) = (Self.observation(first.status), Self.observation(second.status))
                cells[index].knownCause = "\(Self.seenBothWays): first \(was); again \(now)"
                    + (was == now ? " (a check observed otherwise)" : "")
                varying.append(index)
                return false
            }
        }
        return varying.map { cells[$0] }
    }

    /// The same status, failures and observations: one engine answering a scenario the same way twice. Two errors
    /// (or two skips) are the same answer when their first lines are: ``sameOutcome`` never pairs errors, as an error
    /// agrees with nothing, but an engine that errs the same way twice has not varied.
    static func sameAnswer(_ a: ScenarioResult, _ b: ScenarioResult) -> Bool {
        let sameStatus: Bool
        switch (a.status, b.status) {
        case (.errored, .errored), (.skipped, .skipped): sameStatus = observation(a.status) == observation(b.status)
        default: sameStatus = sameOutcome(a.status, b.status)
        }
        return sameStatus && a.observations == b.observations
    }
}
