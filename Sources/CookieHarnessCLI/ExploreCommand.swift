import AdapterCatalog
import Exploration
import FileAccess
import Foundation
import HarnessCore
import ProcessCleanup
import Reporting
import StrategyAdapters
import SuiteFormat

/// `cookie-harness explore`: generated scenarios on the simulated profile and on the real engine, every
/// observation compared; each kind of difference cut down to a minimal suite file with both transcripts (issue 42).
enum ExploreCommand: HarnessCommand {
    static let spec = CommandSpec(
        name: "explore", overview: "[options]",
        brief: "generated scenarios on two engines: differences found and cut down",
        forms: [CommandSpec.Form("")],
        description: """
            Draws --count scenarios from --seed over the whole suite vocabulary (routes with Set-Cookie lines from a
            grammar of edge values, redirects across hosts, schemes and sites, every page, app and store step), has
            the reference jar fill in their checks, then runs them with each strategy on the simulated profile
            (NAME@--profile) and on the other engine (NAME@--against, the real WebKitGTK by default), pairing cells as
            `agreement` does. Each kind of difference (the first observation that differs, and the classes of cookies
            only one side saw there) is counted; the most frequent --minimize kinds are cut down by delta debugging to
            a minimal suite file, written with both transcripts in FOLDER/findings/NN/. The same seed draws the same
            scenarios; FOLDER/generated/ keeps them, FOLDER/summary.md and summary.json say what was found.
            """,
        options: [
            .valued("seed", "N", "the seed the scenarios are drawn from (default 1)"),
            .valued("count", "N", "scenarios to draw (default 200)"),
            .valued("strategy", "NAME", repeatable: true, "a strategy or library port (repeatable; default wk-no-sync)"),
            .valued("profile", "PROFILE", "the simulated side (default webkitgtk)"),
            .valued("against", "PROFILE", "the other side (default webkitgtk-live: the real engine)"),
            .valued("jobs", "N", "scenarios run at once on the other side (default: the number of cores)"),
            .valued("time-budget", "SECONDS", "stop drawing when spent; what ran is compared and cut down (default: none)"),
            .valued("minimize", "N", "kinds of difference cut down to a minimal case (default 8)"),
            .valued("tries", "N", "candidates run per case while cutting it down (default 150)"),
            .valued("case-time", "SECONDS", "time spent cutting down one case, at most (default 120)"),
            .valued("known", "FILE", "kinds of difference known, one per line: SIGNATURE | CAUSE (default: none)"),
            .valued("folder", "DIR", "default Reports/explore"),
            SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 explored, every kind of difference known (or no --known) · 1 a kind of difference not in
            --known · 2 invalid input or usage · 3 the other engine is missing
                        · \(ExitStatus.signalsHelp):
                          the summary of the batches that finished, marked as interrupted, nothing cut down after it
            """,
        runsScenarios: true)

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let seed = try args.value("seed").map { text -> UInt64 in
            guard let seed = UInt64(text) else { throw UsageError("option '--seed': '\(text)' is not a whole number in [0, 2^64)") }
            return seed
        } ?? 1
        let count = try args.integer("count", in: 1...1_000_000) ?? 200
        let jobs = try args.integer("jobs", in: 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
        let minimize = try args.integer("minimize", in: 0...1000) ?? 8
        let tries = try args.integer("tries", in: 1...100_000) ?? 150
        let budget = try args.value("time-budget").map { text -> Duration in
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 7 * 86_400 else {
                throw UsageError("option '--time-budget': '\(text)' is not a number of seconds in (0, 604800]")
            }
            return .milliseconds(Int(seconds * 1000))
        }
        let caseTime = try args.integer("case-time", in: 1...86_400) ?? 120
        let profile = args.value("profile") ?? "webkitgtk"
        let against = args.value("against") ?? String(StrategyAdapterCatalog.liveSuffix.dropFirst())
        let folder = args.value("folder") ?? "Reports/explore"
        let strategies = args.options["strategy"] ?? ["wk-no-sync"]
        let registry = AdapterCatalog.registry
        var pairs: [(strategy: String, simulated: Adapter, live: Adapter)] = []
        for strategy in strategies {
            guard let simulated = registry.adapter(named: "\(strategy)@\(profile)") else {
                throw UsageError("option '--strategy'/'--profile': no adapter '\(strategy)@\(profile)' (list adapters names them)")
            }
            guard let live = registry.adapter(named: "\(strategy)@\(against)") else {
                throw UsageError("option '--strategy'/'--against': no adapter '\(strategy)@\(against)' (list adapters names them)")
            }
            pairs.append((strategy, simulated, live))
        }
        let known: [String: String]
        do {
            known = try args.value("known").map(readKnown) ?? [:]
        } catch {
            output.err("\(error)")
            return .invalidInput
        }
        try ReportFolders.prepare(
            [.init("--folder", folder + "/summary.md")],
            reading: CommandInput.suiteExtras(args) + (args.value("known").map { [CommandInput($0, role: "the known kinds (--known)")] } ?? []),
            output: output)
        if "@" + against == StrategyAdapterCatalog.liveSuffix, let missing = RunOptions.liveEngineMissing(output: output) {
            return missing
        }
        let schema: SuiteSchema
        do {
            schema = try SuiteSchema.locateAndLoad(explicitPath: args.value("schema"))
        } catch {
            output.err("\(error)")
            return .invalidInput
        }
        let loader = SuiteLoader(schema: schema)
        let timeLimit = Duration.seconds(30)
        let engines = Explorer.Engines(
            load: { path in try loader.loadSuite(at: path) },
            run: { suites, adapters, jobs in
                var plan = RunPlan(suites: suites, adapters: adapters, jobs: jobs, timeLimit: timeLimit)
                plan.keepsObservations = true
                let collector = CollectingReporter()
                _ = try RunSession.run(plan, reporter: collector, output: output)
                return collector.results
            },
            reference: registry.adapter(named: "reference") ?? .reference, pairs: pairs,
            simulatedJobs: ProcessInfo.processInfo.activeProcessorCount, liveJobs: jobs)
        var options = Explorer.Options(seed: seed, count: count, folder: folder)
        options.timeBudget = budget
        options.minimizeLimit = minimize
        options.triesPerCase = tries
        options.timePerCase = .seconds(caseTime)
        options.interruption = { Interruption.signal.map { Interruption.name(of: $0) } }
        let result = try Explorer(engines: engines, options: options, log: { output.err($0) }).explore()

        let command = (["cookie-harness", "explore"] + CommandLine.arguments.dropFirst(2)).joined(separator: " ")
        do {
            try AtomicFile.write(result.markdown(command: command), to: folder + "/summary.md")
            try AtomicFile.write(try result.json(), to: folder + "/summary.json")
        } catch {
            output.err("cookie-harness: error: writing the exploration summary: \(error)")
            return .infrastructureFailure
        }
        output.err("explore: \(result.scenarios) scenarios, \(result.tally.compared) cells, \(Agreement.percent(result.tally.rate)) agree, "
            + "\(result.groups.count) kinds of difference: \(folder)/summary.md")
        if let signal = Interruption.signal {
            output.err("cookie-harness: interrupted by \(Interruption.name(of: signal)): the summary holds the batches that finished, marked as interrupted")
            return .interrupted(by: signal)
        }
        guard args.value("known") != nil else { return .success }
        let unknown = result.groups.filter { known[$0.signature] == nil }
        for group in unknown {
            output.err("explore: not in --known: \(group.signature) (\(group.cells) cells; first \(group.example.scenarioID) on \(group.example.strategy))")
        }
        return unknown.isEmpty ? .success : .unexpectedResults
    }

    /// `SIGNATURE | CAUSE` per line; `#` starts a comment.
    private static func readKnown(_ path: String) throws -> [String: String] {
        let data = try InputFile.read(path, maximumSize: 1 << 20)
        guard let text = String(validating: data, as: UTF8.self) else { throw InputError("\(path): error: not UTF-8") }
        var known: [String: String] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = trimmed.components(separatedBy: " | ")
            guard parts.count == 2, !parts[1].isEmpty else {
                throw InputError("\(path):\(index + 1): error: expected 'SIGNATURE | CAUSE', found '\(trimmed)'")
            }
            known[parts[0]] = parts[1]
        }
        return known
    }
}
