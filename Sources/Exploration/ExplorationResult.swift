import Foundation
import HarnessCore
import Reporting

/// What an exploration found: how many generated cells agree, and each kind of difference with how often it
/// happened, a first example and, for the most frequent kinds, the case cut down to its minimum.
public struct ExplorationResult: Sendable {
    public struct Example: Sendable, Hashable {
        public var strategy: String
        public var scenarioID: String
    }

    /// A minimized case on disk.
    public struct Finding: Sendable, Hashable {
        /// `findings/NN`: `case.xml`, `simulated.txt`, `live.txt`.
        public var folder: String
        public var strategy: String
        public var tries: Int
        /// False when the budget of tries ran out before no cut kept the difference.
        public var isMinimal: Bool
        /// Steps and checks left in the case.
        public var steps: Int
        /// Whether the case, run once more as written, still shows the difference (false: it comes and goes).
        public var reproduced = false
        public var simulatedSaw: String?
        public var liveSaw: String?
    }

    /// One kind of difference.
    public struct Group: Sendable, Hashable {
        public var signature: String
        public var cells: Int
        public var example: Example
        public var finding: Finding?
    }

    public var seed: UInt64
    public var strategies: [String]
    /// Scenarios drawn.
    public var generated = 0
    /// Scenarios run on both engines (drawn minus dropped).
    public var scenarios = 0
    /// Scenarios the reference could not run to their end, with why.
    public var dropped: [CheckFilling.Dropped] = []
    public var tally = Agreement.Tally(strategy: "all")
    /// Kinds of difference, the most frequent first (ties: the first seen first).
    public private(set) var groups: [Group] = []
    public var stoppedByTimeBudget = false
    /// The signal that stopped the run (e.g. SIGINT), if one did: the figures hold the batches that finished.
    public var interruptedBy: String?
    public var generationTime: Duration = .zero
    public var elapsed: Duration = .zero

    public init(seed: UInt64, strategies: [String]) {
        self.seed = seed
        self.strategies = strategies
    }

    /// Counts one batch's cells and files its disagreements by kind.
    public mutating func add(_ agreement: Agreement) {
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
    public mutating func setFinding(_ finding: Finding, at index: Int) {
        groups[index].finding = finding
    }

    /// The signatures of every kind of difference found.
    public var signatures: [String] { groups.map(\.signature) }
}
