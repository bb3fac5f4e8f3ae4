import Foundation
import Reporting

extension ExplorationResult {
    /// `summary.md`: the figures, then each kind of difference with its case.
    package func markdown(command: String) -> String {
        func seconds(_ duration: Duration) -> String {
            String(format: "%.0f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        var lines: [String] = [
            "# Exploration, seed \(seed)\(interruptedBy.map { " (interrupted by \($0))" } ?? "")", "",
            "`\(command)`", "",
        ]
        if let signal = interruptedBy {
            lines += ["**Interrupted by \(signal)**: the figures hold the batches that finished; cases not cut down are listed with their first example.", ""]
        }
        lines += [
            "| | |", "|---|---|",
            "| strategies | \(strategies.joined(separator: ", ")) |",
            "| scenarios drawn | \(generated)\(stoppedByTimeBudget ? " (stopped by the time budget)" : "") |",
            "| run on both engines | \(scenarios) (\(dropped.count) the reference could not finish, left out) |",
            "| cells compared | \(tally.compared) (\(tally.notCompared) not compared: skipped on a side) |",
            "| agree | \(tally.agreed) (\(Agreement.percent(tally.rate))) |",
            "| order only | \(tally.orderOnly) |",
            "| disagree | \(tally.disagreed), \(groups.count) kinds |",
            "| time | \(seconds(generationTime)) to generate and compare, \(seconds(elapsed)) in all |",
            "",
            "## Kinds of difference", "",
        ]
        if groups.isEmpty { lines.append("None.") }
        for (index, group) in groups.enumerated() {
            lines.append("\(index + 1). **\(group.signature)**: \(group.cells) cells; first seen in `\(group.example.scenarioID)` on `\(group.example.strategy)`")
            guard let finding = group.finding else { continue }
            let folder = URL(fileURLWithPath: finding.folder).lastPathComponent
            lines.append("   - case: [`findings/\(folder)/case.xml`](findings/\(folder)/case.xml), \(finding.steps) steps and checks after \(finding.tries) tries\(finding.isMinimal ? "" : " (tries ran out: not minimal)")\(finding.reproduced ? "" : "; **did not show the difference again when re-run**")")
            if let simulated = finding.simulatedSaw, let live = finding.liveSaw {
                lines.append("   - simulated: `\(simulated)`")
                lines.append("   - live: `\(live)`")
            }
        }
        if !dropped.isEmpty {
            lines += ["", "## Left out", ""]
            lines += dropped.prefix(20).map { "- `\($0.scenarioID)`: \($0.reason)" }
            if dropped.count > 20 { lines.append("- … and \(dropped.count - 20) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `summary.json`: the same, for a program.
    package func json() throws -> String {
        struct Document: Encodable {
            var seed: UInt64
            var strategies: [String]
            var generated, scenarios, dropped, compared, agreed, orderOnly, notCompared: Int
            var rate: Double?
            var stoppedByTimeBudget: Bool
            var interruptedBy: String?
            var kinds: [Kind]
        }
        struct Kind: Encodable {
            var signature: String
            var cells: Int
            var strategy: String
            var scenario: String
            var finding: String?
            var minimal: Bool?
            var reproduced: Bool?
        }
        let document = Document(
            seed: seed, strategies: strategies, generated: generated, scenarios: scenarios, dropped: dropped.count,
            compared: tally.compared, agreed: tally.agreed, orderOnly: tally.orderOnly, notCompared: tally.notCompared,
            rate: tally.rate, stoppedByTimeBudget: stoppedByTimeBudget, interruptedBy: interruptedBy,
            kinds: groups.map {
                Kind(
                    signature: $0.signature, cells: $0.cells, strategy: $0.example.strategy, scenario: $0.example.scenarioID,
                    finding: $0.finding.map { URL(fileURLWithPath: $0.folder).lastPathComponent }, minimal: $0.finding?.isMinimal,
                    reproduced: $0.finding?.reproduced)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
