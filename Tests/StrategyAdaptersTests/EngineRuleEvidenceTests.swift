import Foundation
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import TestSupport
import Testing
import WebKitModel

/// Issue 19, "Evidence for every rule": each fixed rule of the simulated engine (DESIGN §6, 1–11) names what it rests
/// on, on Apple's WebKit and on WebKitGTK, and the live cells it names still exist and still come out as it says.
@Suite("the simulated engine's rules and their evidence")
struct EngineRuleEvidenceTests {
    @Test("every rule names its evidence on both platforms, from rule 1 to rule 11")
    func everyRuleHasEvidence() {
        #expect(EngineRule.allCases.map(\.rawValue) == Array(1...11))
        for rule in EngineRule.allCases {
            #expect(!rule.statement.isEmpty, "rule \(rule.rawValue) states nothing")
            #expect(!rule.appleEvidence.source.isEmpty, "rule \(rule.rawValue) names no Apple evidence")
            #expect(!rule.webKitGTKEvidence.source.isEmpty, "rule \(rule.rawValue) names no WebKitGTK evidence")
        }
    }

    @Test("a rule measured on WebKitGTK names a live cell unless the real engine cannot observe it")
    func measuredRulesNameCells() {
        for rule in EngineRule.allCases where rule.webKitGTKEvidence.confidence == .confirmed {
            let observable = !rule.webKitGTKEvidence.source.hasPrefix("not observable")
            #expect(observable == !rule.measuredCells.isEmpty,
                    "rule \(rule.rawValue): a measured rule shows in a live cell, an unobservable one in none")
        }
    }

    @Test("every cell a rule names is a scenario of the suites on a live adapter, with the outcome its expectation file gives")
    func cellsHoldAsClaimed() throws {
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectationSet.get()
        let scenarios = Set(loaded.suites.flatMap { $0.scenarios.map(\.id) })
        let liveAdapters = Set(StrategyAdapterCatalog.live.map(\.name))
        for rule in EngineRule.allCases {
            for cell in rule.measuredCells {
                #expect(scenarios.contains(cell.scenario), "rule \(rule.rawValue): no scenario \(cell.scenario)")
                #expect(liveAdapters.contains(cell.adapter), "rule \(rule.rawValue): no live adapter \(cell.adapter)")
                let expected = expectations.expectedStatus(adapter: cell.adapter, scenario: cell.scenario).status
                #expect(expected == (cell.passes ? .pass : .fail),
                        "rule \(rule.rawValue): \(cell.scenario) on \(cell.adapter) is expected to \(expected.rawValue), the rule says it \(cell.passes ? "passes" : "fails")")
            }
        }
    }

    @Test("docs/engines.md shows the table `list rules` prints, and docs/results/agreement.md its summary", arguments: [
        ("docs/engines.md", "engine-rules", EngineRule.evidenceTable),
        ("docs/results/agreement.md", "engine-rules-summary", EngineRule.summaryTable),
    ])
    func documentedTableIsCurrent(file: String, marker: String, table: String) throws {
        let text = try String(contentsOfFile: RepositoryFiles.path(file), encoding: .utf8)
        let begin = "<!-- \(marker):begin -->\n", end = "\n<!-- \(marker):end -->"
        let block = try #require(text.range(of: begin).flatMap { start in
            text.range(of: end, range: start.upperBound..<text.endIndex).map { text[start.upperBound..<$0.lowerBound] }
        }, "\(file) has no \(marker) block")
        #expect(String(block) == table, "regenerate the block of \(file) from EngineRule:\n\(table)")
    }
}
