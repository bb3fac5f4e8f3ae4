import Foundation
import HarnessCore
import Reporting

/// What an exploration found: how many generated cells agree, and each kind of difference with how often it
/// happened, a first example and, for the most frequent kinds, the case cut down to its minimum.
package struct ExplorationResult: Sendable {
    package struct Example: Sendable, Hashable {
        package var strategy: String
        package var scenarioID: String
    }

    /// A minimized case on disk.
    package struct Finding: Sendable, Hashable {
        /// `findings/NN`: `case.xml`, `simulated.txt`, `live.txt`.
        package var folder: String
        package var strategy: String
        package var tries: Int
        /// False when the budget of tries ran out before no cut kept the difference.
        package var isMinimal: Bool
        /// Steps and checks left in the case.
        package var steps: Int
        /// Whether the case, run once more as written, still shows the difference (false: it comes and goes).
        package var reproduced = false
        package var simulatedSaw: String?
        package var liveSaw: String?
    }

    /// One kind of difference.
    package struct Group: Sendable, Hashable {
        package var signature: String
        package var cells: Int
        package var example: Example
        package var finding: Finding?
    }

    package var seed: UInt64
    package var strategies: [String]
    /// Scenarios drawn.
    package var generated = 0
    /// Scenarios run on both engines (drawn minus dropped).
    package var scenarios = 0
    /// Scenarios the reference could not run to their end, with why.
    package var dropped: [CheckFilling.Dropped] = []
    package var tally = Agreement.Tally(strategy: "all")
    /// Kinds of difference, the most frequent first (ties: the first seen first).
    package private(set) var groups: [Group] = []
    package var stoppedByTimeBudget = false
    /// The signal that stopped the run (e.g. SIGINT), if one did: the figures hold the batches that finished.
    package var interruptedBy: String?
    package var generationTime: Duration = .zero
    package var elapsed: Duration = .zero

    package init(seed: UInt64, strategies: [String]) {
        self.seed = seed
        self.strategies = strategies
    }

    /// Counts one batch's cells and files its disagreements by kind.
    package mutating func add(_ agreement: Agreement) {
        let batch = agreement.overall
        tally.compared += batch.compared
        tally.agreed += batch.agreed
        tally.orderOnly += batch.orderOnly
        tally.notCompared += batch.notCompared
        tally.webViewCompared += batch.webViewCompared
        tally.webViewAgreed += batch.webViewAgreed
        for cell in agreement.disagreements {
            let signature = Difference.signature(cell.simulated, cell.live) ?? "outcome differs"
            if let index = groups.firstIndex(where: { $0.signature == signature }) {
                groups[index].cells += 1
            } else {
                groups.append(Group(signature: signature, cells: 1, example: Example(strategy: cell.strategy, scenarioID: cell.scenarioID)))
            }
        }
        // Stable: equal counts keep the order they were first seen in.
        groups = groups.enumerated().sorted { ($0.element.cells, -$0.offset) > ($1.element.cells, -$1.offset) }.map(\.element)
    }

    /// Sets the finding of group `index` (the order of ``groups``).
    package mutating func setFinding(_ finding: Finding, at index: Int) {
        groups[index].finding = finding
    }

    /// The signatures of every kind of difference found.
    package var signatures: [String] { groups.map(\.signature) }
}
