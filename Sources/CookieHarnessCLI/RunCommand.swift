import Foundation
import AdapterCatalog
import HarnessCore
import ProcessCleanup
import Reporting

/// `cookie-harness run`: suites × adapters → JUnit XML, JSON results and a console summary.
enum RunCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let junit: OptionKey<String?> = .valued(
            "junit", "FILE", "where the JUnit XML report goes (default Reports/junit.xml)")
        static let json: OptionKey<String?> = .valued(
            "json", "FILE", "where the JSON results go (default Reports/results.json; the run's identity beside it)")
        static let shard: OptionKey<String?> = .valued(
            "shard", "I/N", "only shard I of N (stable split by scenario id, for CI matrix jobs)")
        static let allowEmpty: OptionKey<Bool> = .flag(
            "allow-empty", "a selection that matches no scenario is not an error (it is, exit 2, by default)")
        static let lastFailed: OptionKey<Bool> = .flag(
            "last-failed",
            """
            run only the adapter × scenario pairs that were unexpected in the previous run's JSON
            results (the --json path, default Reports/results.json), which this run replaces
            """)
        static let rerun: OptionKey<String?> = .valued(
            "rerun", "FILE",
            """
            the same from the JSON results FILE (or a report folder holding results.json)
            Without --adapter, the adapters of those pairs run (an external one needs its
            --external again); --filter, --tag and --shard narrow the pairs further; nothing
            to rerun exits 2 unless --allow-empty; --last-failed and --rerun exclude each other
            """)
        static let verbose: OptionKey<Bool> = .flag(
            "verbose",
            """
            print each unexpected result in full, as 'show SCENARIO --adapter NAME' does: every
            check with its outcome and the whole transcript
            """)
    }

    static let spec = CommandSpec(
        name: "run", overview: "[PATH...] [options]",
        brief: "run suites (default Suites/) on adapters; reports in Reports/",
        forms: [CommandSpec.Form("[PATH...]")],
        description: """
            Runs every scenario of the suites in PATH (files or folders; default: Suites/) on each adapter (default:
            every adapter but those on a real engine; see 'cookie-harness list adapters') and writes the reports
            (default: Reports/junit.xml and Reports/results.json). Expectation files (<expectations adapter=…>) found
            among the suites, or given with --expectations, say which scenarios an adapter is expected to fail; the
            run fails only on unexpected results. Beside the JSON results goes the run's identity (results.run.json for
            results.json: the suite and expectation files loaded with their SHA-256, the adapters, the selection, the
            shard, the results' own digest), which merge, diff and update-expectations check before they trust them.
            """,
        options: [
            SharedOptions.adapter, SharedOptions.external, Key.junit, Key.json, SharedOptions.filter,
            SharedOptions.tag, Key.shard, SharedOptions.jobs, SharedOptions.timeLimit, SharedOptions.expectations,
            SharedOptions.schema, Key.allowEmpty, Key.lastFailed, Key.rerun, Key.verbose,
        ],
        epilogue: """
            A report path may be a device or FIFO (written through, e.g. /dev/stdout) or a symlink (its target written).
            SIGINT, SIGTERM, SIGHUP (the terminal or SSH session closed) and SIGQUIT (Ctrl-\\) stop the run: no new
            scenario, the running ones lose their adapters, partial reports marked as interrupted, exit 128 + the signal.

            exit codes: 0 all as expected · 1 unexpected results · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp): partial reports, marked as interrupted
            """,
        runsScenarios: true)

    /// What a run's command line asks for beyond ``RunOptions``, decoded once from the keys: the steps of ``run``
    /// read fields, and a bad value is a usage error before anything is read or written.
    struct Options {
        var paths: [String]
        /// `--adapter` as given; nil: the defaults, or the adapters of the pairs to rerun.
        var adapters: [String]?
        /// The names `--external` gives, which a rerun's adapters must not repeat.
        var externalNames: Set<String>
        var junitPath: String
        var jsonPath: String
        var filters: [String]
        var tags: [String]
        var shard: (index: Int, count: Int)?
        /// `--shard` as written, for the message of an empty selection.
        var shardText: String?
        var lastFailed: Bool
        var rerunPath: String?
        var allowEmpty: Bool
        var verbose: Bool

        /// - Throws: ``UsageError`` for a bad `--shard`, or `--last-failed` with `--rerun`.
        init(_ args: CommandLineArguments) throws {
            shardText = args[Key.shard]
            shard = try shardText.map(parseShard)
            paths = args.positional
            adapters = args[SharedOptions.adapter]
            externalNames = Set((args[SharedOptions.external] ?? []).compactMap {
                $0.split(separator: "=", maxSplits: 1).first.map(String.init)
            })
            junitPath = args[Key.junit] ?? "Reports/junit.xml"
            jsonPath = args[Key.json] ?? "Reports/results.json"
            filters = args[SharedOptions.filter] ?? []
            tags = args[SharedOptions.tag] ?? []
            lastFailed = args[Key.lastFailed]
            rerunPath = args[Key.rerun]
            allowEmpty = args[Key.allowEmpty]
            verbose = args[Key.verbose]
            if lastFailed, rerunPath != nil {
                throw UsageError("options '--last-failed' and '--rerun' both choose the results to rerun; give one")
            }
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        // Read before this run's reports replace them.
        var rerun: RerunSelection?
        if options.lastFailed || options.rerunPath != nil {
            do {
                rerun = try RerunSelection(path: options.rerunPath ?? options.jsonPath, lastFailed: options.lastFailed)
            } catch {
                output.err(error.description)
                return .invalidInput
            }
        }
        let runOptions = try runOptions(args, options, rerun: rerun)
        guard try prepareReports(options, args, output: output) else { return .invalidInput }
        let adapterNames = runOptions.adapters.map(\.name)
        guard let inputs = try SuiteInputs.load(for: args, output: output, adapters: adapterNames) else { return .invalidInput }
        var plan = RunPlan(
            index: inputs.index, adapters: runOptions.adapters, filters: options.filters, tags: options.tags,
            shard: options.shard, jobs: runOptions.jobs, timeLimit: runOptions.timeLimit,
            expectation: inputs.expectedStatus
        )
        if let rerun {
            guard narrow(&plan, to: rerun, options, known: Set(inputs.index.scenarioIDs), output: output) else {
                return .invalidInput
            }
        }
        // Counted once from the outlines (a million scenarios take a moment), for the checks and the console.
        let jobCount = plan.jobCount
        if let rerun { output.err("rerunning \(jobCount) of the \(rerun.pairs.count) unexpected results of \(rerun.source)") }
        // A typo in --filter or --tag, or a shard of a run too small to split, must not leave CI green.
        if jobCount == 0, !options.allowEmpty {
            output.err(
                "cookie-harness: error: no scenario matches the selection (filters: \(options.filters.joined(separator: " ")), "
                + "tags: \(options.tags.joined(separator: " ")), shard: \(options.shardText ?? "none")"
                + (rerun.map { ", the unexpected results of \($0.source)" } ?? "") + "); "
                + "pass --allow-empty if an empty run is what you want")
            return .invalidInput
        }
        let reporter = try reporter(
            options, inputs: inputs, adapters: adapterNames, rerun: rerun, jobCount: jobCount, output: output)
        return finish(plan, reporter: reporter, options, inputs: inputs, output: output)
    }

    /// The adapters, workers and time limit; a rerun without `--adapter` runs the adapters of its pairs, not the
    /// defaults (an external one comes with its `--external`).
    private static func runOptions(
        _ args: CommandLineArguments, _ options: Options, rerun: RerunSelection?
    ) throws -> RunOptions {
        guard let rerun, options.adapters == nil else { return try RunOptions(args) }
        do {
            return try RunOptions(args, adapterNames: rerun.adapterNames.filter { !options.externalNames.contains($0) })
        } catch let error as UsageError {
            throw UsageError("\(error.description) — named by the unexpected results of \(rerun.source); "
                + "an external adapter needs its --external NAME=COMMAND again")
        }
    }

    /// Refuses, before anything runs, an empty path, a directory, a socket, the same file for both reports, a report
    /// over an input (a suite, an expectation file, the results to rerun: --last-failed's are the --json report by
    /// design, which this run replaces); false after printing why.
    private static func prepareReports(
        _ options: Options, _ args: CommandLineArguments, output: CommandOutput
    ) throws -> Bool {
        let rerunInput = options.rerunPath.map {
            CommandInput(JSONResultsFile.resolve($0), role: "the results file given to --rerun")
        }
        let identity = RunIdentity.isWritten(forResults: options.jsonPath)
            ? [ReportFolders.Report("--json's run identity", RunIdentity.path(forResults: options.jsonPath))] : []
        do {
            try ReportFolders.prepare(
                [.init("--junit", options.junitPath), .init("--json", options.jsonPath)] + identity,
                reading: CommandInput.suites(options.paths) + CommandInput.suiteExtras(args)
                    + (rerunInput.map { [$0] } ?? []),
                output: output)
            return true
        } catch let error as InputError {
            output.err(error.description)
            return false
        }
    }

    /// Narrows `plan` to the pairs to rerun, warning about those whose scenario the suites no longer have; false
    /// after printing why when there is nothing to rerun and an empty run was not allowed.
    private static func narrow(
        _ plan: inout RunPlan, to rerun: RerunSelection, _ options: Options, known: Set<String>, output: CommandOutput
    ) -> Bool {
        plan.pairs = Set(rerun.pairs)
        let option = RerunSelection.optionName(lastFailed: options.lastFailed)
        if rerun.pairs.isEmpty, !options.allowEmpty {
            output.err("cookie-harness: error: nothing to rerun: \(rerun.source) has no unexpected results (\(option)); pass --allow-empty if an empty run is what you want")
            return false
        }
        let gone = rerun.pairs.filter { !known.contains($0.scenario) }
        if !gone.isEmpty {
            output.err("cookie-harness: warning: \(gone.count) of the \(rerun.pairs.count) pairs to rerun name scenarios that are not in the suites, not run: "
                + gone.prefix(5).map { "\($0.adapter) \(ConsoleText.visible($0.scenario))" }.joined(separator: ", ") + (gone.count > 5 ? ", …" : ""))
        }
        return true
    }

    /// The console (with each unexpected result in full under --verbose, as `show` prints it, from the scenario as
    /// written), the JUnit report and the JSON results with the run's identity.
    private static func reporter(
        _ options: Options, inputs: SuiteInputs, adapters: [String], rerun: RerunSelection?, jobCount: Int,
        output: CommandOutput
    ) throws -> MultiReporter {
        let scenarios = !options.verbose ? [:]
            : Dictionary(try inputs.allSuites().flatMap(\.scenarios).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let explain: ((ScenarioResult) -> [String])? =
            !options.verbose ? nil : { result in
                scenarios[result.scenarioID].map {
                    ScenarioWalkthrough(scenario: $0, result: result, source: ScenarioWalkthrough.writtenLines(of: $0)).lines
                } ?? []
            }
        return MultiReporter([
            ConsoleReporter(plannedTotal: jobCount, sink: { output.errRaw($0) }, explain: explain),
            JUnitReporter(path: options.junitPath),
            JSONResultsReporter(
                path: options.jsonPath,
                identity: inputs.runIdentity(
                    adapters: adapters,
                    selection: RunIdentity.Selection(
                        filters: options.filters, tags: options.tags,
                        rerunOf: rerun.flatMap { RunIdentity.digest(ofFile: $0.source) }),
                    shard: options.shard.map { RunIdentity.Shard(index: $0.index, count: $0.count) })),
        ])
    }

    /// Runs `plan` into `reporter` and says how it ended: the reports' paths, an interruption, the exit status.
    private static func finish(
        _ plan: RunPlan, reporter: MultiReporter, _ options: Options, inputs: SuiteInputs, output: CommandOutput
    ) -> ExitStatus {
        let summary: RunSummary
        do {
            summary = try RunSession.run(plan, reporter: reporter, output: output)
        } catch {
            output.err("cookie-harness: error: writing reports: \(error)")
            return Interruption.signal.map { ExitStatus.interrupted(by: $0) } ?? .infrastructureFailure
        }
        let reports = "\(options.junitPath), \(options.jsonPath)"
        if let signal = Interruption.signal {
            output.err(
                "cookie-harness: interrupted by \(Interruption.name(of: signal)): \(summary.total - summary.skipped) scenarios finished, the rest are skipped as interrupted; partial reports: \(reports)")
            return ExitStatus.interrupted(by: signal)
        }
        output.err("reports: \(reports)")
        let unexpected = summary.unexpected
        if let note = MissingExpectationsHint.note(paths: options.paths, inputs: inputs, unexpected: unexpected) {
            output.err(note)
        }
        return summary.unexpected == 0 ? .success : .unexpectedResults
    }

    /// `I/N` with 1 ≤ I ≤ N.
    static func parseShard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError("option '--shard': '\(text)' is not I/N with 1 <= I <= N")
        }
        return (index, count)
    }
}
