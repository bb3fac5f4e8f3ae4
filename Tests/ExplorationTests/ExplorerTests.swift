import Exploration
import Foundation
import HarnessCore
import Reporting
import StrategyAdapters
import SuiteFormat
import SyncStrategies
import Testing
import TestSupport
import WebKitModel

/// The loop on two simulated profiles that differ (webkitgtk and ios-12): it finds differences, files them by
/// kind, cuts one down to a case that still shows it, and does the same again from the same seed.
@Suite struct ExplorerTests {
    private func explore(
        seed: UInt64, in directory: TestDirectory, interruption: @escaping @Sendable () -> String? = { nil }
    ) throws -> ExplorationResult {
        let schema = try BuiltInSuites.schema.get()
        let kind = try #require(SyncStrategyKind.all.first { $0.name == "wk-no-sync" })
        let engines = Explorer.Engines(
            load: { try SuiteLoader(schema: schema).loadSuite(at: $0) },
            run: { suites, adapters, jobs in
                var plan = RunPlan(suites: suites, adapters: adapters, jobs: jobs)
                plan.keepsObservations = true
                let collector = CollectingReporter()
                _ = try Runner().run(plan, reporter: collector)
                return collector.results
            },
            reference: .reference,
            pairs: [("wk-no-sync", StrategyAdapterCatalog.adapter(for: kind, on: .webkitgtk), StrategyAdapterCatalog.adapter(for: kind, on: .ios12))],
            simulatedJobs: 2, liveJobs: 2)
        var options = Explorer.Options(seed: seed, count: 60, folder: directory.path)
        options.batchSize = 30
        options.minimizeLimit = 1
        options.triesPerCase = 80
        options.interruption = interruption
        return try Explorer(engines: engines, options: options).explore()
    }

    @Test func findsFilesAndCutsDownDifferences() throws {
        let directory = try TestDirectory()
        let result = try explore(seed: 5, in: directory)
        #expect(result.generated == 60)
        #expect(result.interruptedBy == nil)
        #expect(result.tally.compared > 40)
        #expect(result.tally.agreed < result.tally.compared, "webkitgtk and ios-12 differ; nothing was found")
        let first = try #require(result.groups.first)
        #expect(first.cells >= (result.groups.last?.cells ?? 0))
        let finding = try #require(first.finding)
        #expect(finding.reproduced, "the case written does not show '\(first.signature)' again")
        for file in ["case.xml", "simulated.txt", "live.txt"] {
            #expect(FileManager.default.fileExists(atPath: finding.folder + "/" + file), "\(file) missing")
        }
        let original = try #require(try SuiteLoader(schema: try BuiltInSuites.schema.get())
            .loadSuite(at: directory.path + "/generated/explore-1.xml").scenarios.first { $0.id == first.example.scenarioID }
            ?? (try? SuiteLoader(schema: try BuiltInSuites.schema.get()).loadSuite(at: directory.path + "/generated/explore-2.xml"))?
                .scenarios.first { $0.id == first.example.scenarioID })
        let cut = try SuiteLoader(schema: try BuiltInSuites.schema.get()).loadSuite(at: finding.folder + "/case.xml")
        #expect(cut.scenarios.count == 1)
        #expect(cut.scenarios[0].steps.count < original.steps.count, "nothing was cut")
        let summary = result.markdown(command: "cookie-harness explore --seed 5")
        #expect(summary.contains(first.signature))
    }

    @Test("a signal stops the run between batches: what finished is compared and marked, nothing is cut down")
    func interruptedRunKeepsWhatFinished() throws {
        let asked = Counter()
        // The first batch runs; the signal arrives before the second.
        let result = try explore(seed: 5, in: try TestDirectory()) { asked.next() > 1 ? "SIGINT" : nil }
        #expect(result.interruptedBy == "SIGINT")
        #expect(result.generated == 30)
        #expect(result.tally.compared > 20)
        #expect(result.groups.allSatisfy { $0.finding == nil })
        let summary = result.markdown(command: "cookie-harness explore")
        #expect(summary.hasPrefix("# Exploration, seed 5 (interrupted by SIGINT)"))
        #expect(try result.json().contains("\"interruptedBy\" : \"SIGINT\""))
    }

    @Test func theSameSeedFindsTheSameThings() throws {
        let a = try explore(seed: 9, in: try TestDirectory())
        let b = try explore(seed: 9, in: try TestDirectory())
        #expect(a.signatures == b.signatures)
        #expect(a.tally.agreed == b.tally.agreed)
        #expect(a.groups.map(\.cells) == b.groups.map(\.cells))
    }
}

/// How many times it was asked, thread-safely (the interruption is asked from the explorer's thread).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
