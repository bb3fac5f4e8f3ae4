import FileAccess
import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// `cookie-harness explore`'s loop: generated suites run by the reference jar (which fills their checks), then by
/// each strategy on two engines (the simulated profile and the real one, or any two), paired cell by cell as an
/// ``Agreement`` pairs them; each kind of difference (``Difference/signature(_:_:)``) gets one case cut down by the
/// ``Minimizer`` and written with both transcripts.
///
/// The engines are reached through ``Engines``, so the loop is the same for the command (the real WebKitGTK) and
/// for a test (two simulated profiles).
package struct Explorer {
    /// How suites are read and run: what the command wires to the loader and its run session.
    package struct Engines {
        /// Reads (and checks) one suite file.
        package var load: (String) throws -> Suite
        /// Runs `suites` on `adapters`, `jobs` at once, keeping observations.
        package var run: (_ suites: [Suite], _ adapters: [Adapter], _ jobs: Int) throws -> [ScenarioResult]
        package var reference: Adapter
        /// Per strategy: its adapter on each side.
        package var pairs: [(strategy: String, simulated: Adapter, live: Adapter)]
        package var simulatedJobs: Int
        package var liveJobs: Int

        package init(
            load: @escaping (String) throws -> Suite,
            run: @escaping ([Suite], [Adapter], Int) throws -> [ScenarioResult], reference: Adapter,
            pairs: [(strategy: String, simulated: Adapter, live: Adapter)], simulatedJobs: Int, liveJobs: Int
        ) {
            self.load = load
            self.run = run
            self.reference = reference
            self.pairs = pairs
            self.simulatedJobs = simulatedJobs
            self.liveJobs = liveJobs
        }
    }

    package struct Options: Sendable {
        package var seed: UInt64
        /// Scenarios to generate.
        package var count: Int
        package var batchSize = 50
        /// The generation stops when it is spent (the scenarios run so far are compared); nil: no limit.
        package var timeBudget: Duration?
        /// Kinds of difference cut down to a minimal case (the others are listed with a first example).
        package var minimizeLimit = 8
        /// Candidates tried per case.
        package var triesPerCase = 150
        /// Time spent cutting down one case, at most.
        package var timePerCase: Duration = .seconds(120)
        /// Where the generated suites, the findings and the summary go.
        package var folder: String
        /// Asked before each batch and each case: the name of the signal that stopped the run (the batches that
        /// finished are compared, nothing is cut down), or nil to go on.
        package var interruption: @Sendable () -> String? = { nil }

        package init(seed: UInt64, count: Int, folder: String) {
            self.seed = seed
            self.count = count
            self.folder = folder
        }
    }

    package var engines: Engines
    package var options: Options
    /// Progress lines (the console).
    package var log: (String) -> Void

    package init(engines: Engines, options: Options, log: @escaping (String) -> Void = { _ in }) {
        self.engines = engines
        self.options = options
        self.log = log
    }

    package func explore() throws -> ExplorationResult {
        let started = ContinuousClock.now
        let generator = ScenarioGenerator(seed: options.seed)
        let generatedFolder = options.folder + "/generated"
        try FileManager.default.createDirectory(atPath: generatedFolder, withIntermediateDirectories: true)
        var result = ExplorationResult(seed: options.seed, strategies: engines.pairs.map(\.strategy))
        var batch = 0
        // Each scenario drawn, with its suite, by id: what a case is cut down from.
        var drawn: [String: (scenario: DraftElement, suite: DraftElement)] = [:]
        while result.generated < options.count {
            if let signal = options.interruption() {
                result.interruptedBy = signal
                break
            }
            if let budget = options.timeBudget, ContinuousClock.now - started > budget {
                result.stoppedByTimeBudget = true
                break
            }
            batch += 1
            let size = min(options.batchSize, options.count - result.generated)
            let draft = generator.suite(batch: batch, scenarios: size)
            let path = generatedFolder + "/\(ScenarioGenerator.suiteID(batch: batch)).xml"
            try AtomicFile.write(try draft.document(namespace: SuiteSchema.namespace), to: path)
            let unfilled = try engines.load(path)
            let reference = try engines.run([unfilled], [engines.reference], engines.simulatedJobs)
            let (filled, dropped) = CheckFilling.fill(draft, from: reference)
            try AtomicFile.write(try filled.document(namespace: SuiteSchema.namespace), to: path)
            let suite = try engines.load(path)
            result.generated += size
            result.dropped += dropped
            result.scenarios += suite.scenarios.count
            for scenario in filled.children where scenario.name == "scenario" {
                drawn[scenario[attribute: "id"] ?? ""] = (scenario, filled)
            }
            let simulated = try engines.run([suite], engines.pairs.map(\.simulated), engines.simulatedJobs)
            let live = try engines.run([suite], engines.pairs.map(\.live), engines.liveJobs)
            let agreement = Agreement(
                simulated: simulated, live: live, simulatedProfile: "simulated", liveProfile: "live",
                strategy: { info in engines.pairs.first { $0.simulated.name == info.name || $0.live.name == info.name }?.strategy ?? info.name })
            result.add(agreement)
            log("explore: batch \(batch): \(result.scenarios) scenarios, \(result.tally.compared) cells compared, "
                + "\(Agreement.percent(result.tally.rate)) agree, \(result.groups.count) kinds of difference")
        }
        result.generationTime = ContinuousClock.now - started
        // One case per kind of difference, the most frequent kinds first.
        for index in result.groups.indices.prefix(options.minimizeLimit) {
            if let signal = options.interruption() {
                result.interruptedBy = signal
                break
            }
            let example = result.groups[index].example
            guard let (scenario, suite) = drawn[example.scenarioID],
                  let pair = engines.pairs.first(where: { $0.strategy == example.strategy })
            else { continue }
            log("explore: cutting down \(example.scenarioID) on \(example.strategy): \(result.groups[index].signature)")
            result.setFinding(try minimize(
                Self.oneScenario(scenario, of: suite), signature: result.groups[index].signature, pair: pair,
                name: String(format: "%02d", index + 1)), at: index)
        }
        result.elapsed = ContinuousClock.now - started
        return result
    }

    /// A suite of `scenario` alone, with every origin of `suite`.
    static func oneScenario(_ scenario: DraftElement, of suite: DraftElement) -> DraftElement {
        var single = suite
        single.children = suite.children.filter { $0.name != "scenario" } + [scenario]
        return single
    }

    private func minimize(
        _ draft: DraftElement, signature: String, pair: (strategy: String, simulated: Adapter, live: Adapter), name: String
    ) throws -> ExplorationResult.Finding {
        let scratch = options.folder + "/findings/.candidate-\(name).xml"
        try FileManager.default.createDirectory(atPath: options.folder + "/findings", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        func results(_ candidate: DraftElement) -> (ScenarioResult, ScenarioResult)? {
            guard let text = try? candidate.document(namespace: SuiteSchema.namespace),
                  (try? AtomicFile.write(text, to: scratch)) != nil,
                  let suite = try? engines.load(scratch),
                  let simulated = try? engines.run([suite], [pair.simulated], 1).first,
                  let live = try? engines.run([suite], [pair.live], 1).first
            else { return nil }
            return (simulated, live)
        }
        var minimizer = Minimizer(budget: options.triesPerCase, deadline: .now + options.timePerCase) { candidate in
            guard let (simulated, live) = results(candidate) else { return false }
            return Difference.signature(simulated, live) == signature
        }
        let outcome = minimizer.minimize(draft)
        let folder = options.folder + "/findings/\(name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let casePath = folder + "/case.xml"
        try AtomicFile.write(try outcome.draft.document(namespace: SuiteSchema.namespace), to: casePath)
        var finding = ExplorationResult.Finding(
            folder: folder, strategy: pair.strategy, tries: outcome.tries, isMinimal: outcome.isMinimal,
            steps: max(0, (outcome.draft.children.last?.children.count ?? 1) - 1))
        // The transcripts of the case as written (its line numbers are the file's).
        if let suite = try? engines.load(casePath),
           let simulated = try engines.run([suite], [pair.simulated], 1).first,
           let live = try engines.run([suite], [pair.live], 1).first
        {
            try AtomicFile.write(Self.transcript(simulated), to: folder + "/simulated.txt")
            try AtomicFile.write(Self.transcript(live), to: folder + "/live.txt")
            finding.reproduced = Difference.signature(simulated, live) == signature
            if let (a, b) = Difference.firstDifference(simulated, live) {
                finding.simulatedSaw = a.description
                finding.liveSaw = b.description
            }
        }
        return finding
    }

    /// A result as a person reads it: the adapter, the outcome, what each check saw, the transcript.
    static func transcript(_ result: ScenarioResult) -> String {
        var lines = ["\(result.adapter.name) · \(result.scenarioID)", "outcome: \(Agreement.observation(result.status))", "", "checks:"]
        lines += result.observations.map { "  \($0.location.line): \($0)" }
        lines += ["", "transcript:"] + result.transcript.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
