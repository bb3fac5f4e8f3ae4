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
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let seed: OptionKey<String?> = .valued("seed", "N", "the seed the scenarios are drawn from (default 1)")
        static let count: OptionKey<String?> = .valued("count", "N", "scenarios to draw (default 200)")
        static let strategy: OptionKey<[String]?> = .repeatable(
            "strategy", "NAME", "a strategy or library port (repeatable; default wk-no-sync)")
        static let profile: OptionKey<String?> = .valued("profile", "PROFILE", "the simulated side (default webkitgtk)")
        static let against: OptionKey<String?> = .valued(
            "against", "PROFILE", "the other side (default webkitgtk-live: the real engine)")
        static let jobs: OptionKey<String?> = .valued(
            "jobs", "N", "scenarios run at once on the other side (default: the number of cores)")
        static let timeBudget: OptionKey<String?> = .valued(
            "time-budget", "SECONDS", "stop drawing when spent; what ran is compared and cut down (default: none)")
        static let minimize: OptionKey<String?> = .valued(
            "minimize", "N", "kinds of difference cut down to a minimal case (default 8)")
        static let tries: OptionKey<String?> = .valued(
            "tries", "N", "candidates run per case while cutting it down (default 150)")
        static let caseTime: OptionKey<String?> = .valued(
            "case-time", "SECONDS", "time spent cutting down one case, at most (default 120)")
        static let known: OptionKey<String?> = .valued(
            "known", "FILE", "kinds of difference known, one per line: SIGNATURE | CAUSE (default: none)")
        static let folder: OptionKey<String?> = .valued("folder", "DIR", "default Reports/explore")
    }

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
            Key.seed, Key.count, Key.strategy, Key.profile, Key.against, Key.jobs, Key.timeBudget, Key.minimize,
            Key.tries, Key.caseTime, Key.known, Key.folder, SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 explored, every kind of difference known (or no --known) · 1 a kind of difference not in
            --known · 2 invalid input or usage · 3 the other engine is missing
                        · \(ExitStatus.signalsHelp):
                          the summary of the batches that finished, marked as interrupted, nothing cut down after it
            """,
        runsScenarios: true)

    /// What an exploration's command line asks for, decoded once from the keys; a bad value is a usage error
    /// before anything runs.
    struct Options {
        var explorer: Explorer.Options
        var jobs: Int
        var profile: String
        var against: String
        var strategies: [String]
        var knownPath: String?
        var schemaPath: String?

        /// - Throws: ``UsageError`` naming the option and the bad value.
        init(_ args: CommandLineArguments) throws {
            let seed = try args[Key.seed].map { text -> UInt64 in
                guard let seed = UInt64(text) else {
                    throw UsageError("option '--seed': '\(text)' is not a whole number in [0, 2^64)")
                }
                return seed
            } ?? 1
            let count = try args.integer(Key.count, in: 1...1_000_000) ?? 200
            jobs = try args.integer(Key.jobs, in: 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
            let minimize = try args.integer(Key.minimize, in: 0...1000) ?? 8
            let tries = try args.integer(Key.tries, in: 1...100_000) ?? 150
            let budget = try args[Key.timeBudget].map { text -> Duration in
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 7 * 86_400 else {
                    throw UsageError("option '--time-budget': '\(text)' is not a number of seconds in (0, 604800]")
                }
                return .milliseconds(Int(seconds * 1000))
            }
            let caseTime = try args.integer(Key.caseTime, in: 1...86_400) ?? 120
            profile = args[Key.profile] ?? "webkitgtk"
            against = args[Key.against] ?? String(StrategyAdapterCatalog.liveSuffix.dropFirst())
            strategies = args[Key.strategy] ?? ["wk-no-sync"]
            knownPath = args[Key.known]
            schemaPath = args[SharedOptions.schema]
            explorer = Explorer.Options(seed: seed, count: count, folder: args[Key.folder] ?? "Reports/explore")
            explorer.timeBudget = budget
            explorer.minimizeLimit = minimize
            explorer.triesPerCase = tries
            explorer.timePerCase = .seconds(caseTime)
            explorer.interruption = { Interruption.signal.map { Interruption.name(of: $0) } }
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let pairs = try adapterPairs(options)
        let folder = options.explorer.folder
        let known: [String: String]
        do {
            known = try options.knownPath.map(readKnown) ?? [:]
        } catch {
            output.err("\(error)")
            return .invalidInput
        }
        try ReportFolders.prepare(
            [.init("--folder", folder + "/summary.md")],
            reading: CommandInput.suiteExtras(args)
                + (options.knownPath.map { [CommandInput($0, role: "the known kinds (--known)")] } ?? []),
            output: output)
        if "@" + options.against == StrategyAdapterCatalog.liveSuffix,
           let missing = RunOptions.liveEngineMissing(output: output)
        {
            return missing
        }
        let schema: SuiteSchema
        do {
            schema = try SuiteSchema.locateAndLoad(explicitPath: options.schemaPath)
        } catch {
            output.err("\(error)")
            return .invalidInput
        }
        let engines = engines(SuiteLoader(schema: schema), pairs: pairs, liveJobs: options.jobs, output: output)
        let result = try Explorer(engines: engines, options: options.explorer, log: { output.err($0) }).explore()
        return report(result, folder: folder, known: options.knownPath == nil ? nil : known, output: output)
    }

    /// A strategy, as the simulated profile's adapter and as the other side's.
    typealias AdapterPair = (strategy: String, simulated: Adapter, live: Adapter)

    /// Each strategy as the simulated profile's adapter and the other side's.
    /// - Throws: ``UsageError`` for a strategy either side lacks.
    private static func adapterPairs(_ options: Options) throws -> [AdapterPair] {
        let registry = AdapterCatalog.registry
        return try options.strategies.map { strategy in
            guard let simulated = registry.adapter(named: "\(strategy)@\(options.profile)") else {
                throw UsageError(
                    "option '--strategy'/'--profile': no adapter '\(strategy)@\(options.profile)' (list adapters names them)")
            }
            guard let live = registry.adapter(named: "\(strategy)@\(options.against)") else {
                throw UsageError(
                    "option '--strategy'/'--against': no adapter '\(strategy)@\(options.against)' (list adapters names them)")
            }
            return (strategy, simulated, live)
        }
    }

    /// How the explorer loads a suite and runs scenarios: through `RunSession`, so a signal stops it gracefully.
    private static func engines(
        _ loader: SuiteLoader, pairs: [AdapterPair], liveJobs: Int, output: CommandOutput
    ) -> Explorer.Engines {
        let timeLimit = Duration.seconds(30)
        return Explorer.Engines(
            load: { path in try loader.loadSuite(at: path) },
            run: { suites, adapters, jobs in
                var plan = RunPlan(suites: suites, adapters: adapters, jobs: jobs, timeLimit: timeLimit)
                plan.keepsObservations = true
                let collector = CollectingReporter()
                _ = try RunSession.run(plan, reporter: collector, output: output)
                return collector.results
            },
            reference: AdapterCatalog.registry.adapter(named: "reference") ?? .reference, pairs: pairs,
            simulatedJobs: ProcessInfo.processInfo.activeProcessorCount, liveJobs: liveJobs)
    }

    /// Writes the summary and says how it ended; `known` (nil without --known) decides whether a kind of difference
    /// fails the run.
    private static func report(
        _ result: ExplorationResult, folder: String, known: [String: String]?, output: CommandOutput
    ) -> ExitStatus {
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
        guard let known else { return .success }
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
