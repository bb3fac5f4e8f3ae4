import Foundation
import AdapterCatalog
import HarnessCore
import ProcessCleanup
import Reporting

/// `cookie-harness run`: suites × adapters → JUnit XML, JSON results and a console summary.
enum RunCommand: HarnessCommand {
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
            SharedOptions.adapter, SharedOptions.external,
            .valued("junit", "FILE", "where the JUnit XML report goes (default Reports/junit.xml)"),
            .valued("json", "FILE", "where the JSON results go (default Reports/results.json; the run's identity beside it)"),
            SharedOptions.filter, SharedOptions.tag,
            .valued("shard", "I/N", "only shard I of N (stable split by scenario id, for CI matrix jobs)"),
            SharedOptions.jobs, SharedOptions.timeLimit, SharedOptions.expectations, SharedOptions.schema,
            .flag("allow-empty", "a selection that matches no scenario is not an error (it is, exit 2, by default)"),
            .flag(
                "last-failed",
                """
                run only the adapter × scenario pairs that were unexpected in the previous run's JSON
                results (the --json path, default Reports/results.json), which this run replaces
                """),
            .valued(
                "rerun", "FILE",
                """
                the same from the JSON results FILE (or a report folder holding results.json)
                Without --adapter, the adapters of those pairs run (an external one needs its
                --external again); --filter, --tag and --shard narrow the pairs further; nothing
                to rerun exits 2 unless --allow-empty; --last-failed and --rerun exclude each other
                """),
            .flag(
                "verbose",
                """
                print each unexpected result in full, as 'show SCENARIO --adapter NAME' does: every
                check with its outcome and the whole transcript
                """),
        ],
        epilogue: """
            A report path may be a device or FIFO (written through, e.g. /dev/stdout) or a symlink (its target written).
            SIGINT, SIGTERM, SIGHUP (the terminal or SSH session closed) and SIGQUIT (Ctrl-\\) stop the run: no new
            scenario, the running ones lose their adapters, partial reports marked as interrupted, exit 128 + the signal.

            exit codes: 0 all as expected · 1 unexpected results · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp): partial reports, marked as interrupted
            """,
        runsScenarios: true)

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let shard = try args.value("shard").map(parseShard)
        let junitPath = args.value("junit") ?? "Reports/junit.xml"
        let jsonPath = args.value("json") ?? "Reports/results.json"
        // Read before this run's reports replace them.
        let lastFailed = args.flags.contains("last-failed")
        var rerun: RerunSelection?
        if lastFailed || args.value("rerun") != nil {
            if lastFailed, args.value("rerun") != nil {
                throw UsageError("options '--last-failed' and '--rerun' both choose the results to rerun; give one")
            }
            do {
                rerun = try RerunSelection(path: args.value("rerun") ?? jsonPath, lastFailed: lastFailed)
            } catch {
                output.err(error.description)
                return .invalidInput
            }
        }
        var adapterArgs = args
        if let rerun, args.options["adapter"] == nil {
            // The adapters of the pairs, not the defaults; external ones come with their --external.
            let external = Set((args.options["external"] ?? []).compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
            adapterArgs.options["adapter"] = rerun.adapterNames.filter { !external.contains($0) }
        }
        let options: RunOptions
        do {
            options = try RunOptions(adapterArgs)
        } catch let error as UsageError where rerun != nil && args.options["adapter"] == nil {
            throw UsageError("\(error.description) — named by the unexpected results of \(rerun!.source); an external adapter needs its --external NAME=COMMAND again")
        }
        // Refused before anything runs: an empty path, a directory, a socket, the same file for both reports, a
        // report over an input (a suite, an expectation file, the results to rerun: --last-failed's are the --json
        // report by design, which this run replaces).
        let rerunInput = args.value("rerun").map { CommandInput(JSONResultsFile.resolve($0), role: "the results file given to --rerun") }
        do {
            try ReportFolders.prepare(
                [.init("--junit", junitPath), .init("--json", jsonPath)]
                    + (RunIdentity.isWritten(forResults: jsonPath) ? [.init("--json's run identity", RunIdentity.path(forResults: jsonPath))] : []),
                reading: CommandInput.suites(args.positional) + CommandInput.suiteExtras(args) + (rerunInput.map { [$0] } ?? []),
                output: output)
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }

        guard let inputs = try SuiteInputs.load(for: args, output: output, adapters: options.adapters.map(\.name)) else { return .invalidInput }

        var plan = RunPlan(
            index: inputs.index, adapters: options.adapters, filters: args.options["filter"] ?? [],
            tags: args.options["tag"] ?? [], shard: shard, jobs: options.jobs, timeLimit: options.timeLimit,
            expectation: inputs.expectedStatus
        )
        if let rerun {
            plan.pairs = Set(rerun.pairs)
            let option = RerunSelection.optionName(lastFailed: lastFailed)
            if rerun.pairs.isEmpty, !args.flags.contains("allow-empty") {
                output.err("cookie-harness: error: nothing to rerun: \(rerun.source) has no unexpected results (\(option)); pass --allow-empty if an empty run is what you want")
                return .invalidInput
            }
            let known = Set(inputs.index.scenarioIDs)
            let gone = rerun.pairs.filter { !known.contains($0.scenario) }
            if !gone.isEmpty {
                output.err("cookie-harness: warning: \(gone.count) of the \(rerun.pairs.count) pairs to rerun name scenarios that are not in the suites, not run: "
                    + gone.prefix(5).map { "\($0.adapter) \(ConsoleText.visible($0.scenario))" }.joined(separator: ", ") + (gone.count > 5 ? ", …" : ""))
            }
        }
        // Counted once from the outlines (a million scenarios take a moment), for the checks and the console.
        let jobCount = plan.jobCount
        if let rerun { output.err("rerunning \(jobCount) of the \(rerun.pairs.count) unexpected results of \(rerun.source)") }
        // A typo in --filter or --tag, or a shard of a run too small to split, must not leave CI green.
        if jobCount == 0, !args.flags.contains("allow-empty") {
            output.err("cookie-harness: error: no scenario matches the selection (filters: \((args.options["filter"] ?? []).joined(separator: " ")), "
                + "tags: \((args.options["tag"] ?? []).joined(separator: " ")), shard: \(args.value("shard") ?? "none")"
                + (rerun.map { ", the unexpected results of \($0.source)" } ?? "") + "); "
                + "pass --allow-empty if an empty run is what you want")
            return .invalidInput
        }
        // --verbose: each unexpected result as `show` prints it, from the scenario as written.
        let scenarios = !args.flags.contains("verbose") ? [:]
            : Dictionary(try inputs.allSuites().flatMap(\.scenarios).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let explain: ((ScenarioResult) -> [String])? =
            !args.flags.contains("verbose") ? nil : { result in
                scenarios[result.scenarioID].map {
                    ScenarioWalkthrough(scenario: $0, result: result, source: ScenarioWalkthrough.writtenLines(of: $0)).lines
                } ?? []
            }
        let reporter = MultiReporter([
            ConsoleReporter(plannedTotal: jobCount, sink: { output.errRaw($0) }, explain: explain),
            JUnitReporter(path: junitPath),
            JSONResultsReporter(
                path: jsonPath,
                identity: inputs.runIdentity(
                    adapters: options.adapters.map(\.name),
                    selection: RunIdentity.Selection(
                        filters: args.options["filter"] ?? [], tags: args.options["tag"] ?? [],
                        rerunOf: rerun.flatMap { RunIdentity.digest(ofFile: $0.source) }),
                    shard: shard.map { RunIdentity.Shard(index: $0.index, count: $0.count) })),
        ])
        let summary: RunSummary
        do {
            summary = try RunSession.run(plan, reporter: reporter, output: output)
        } catch {
            output.err("cookie-harness: error: writing reports: \(error)")
            return Interruption.signal.map { ExitStatus.interrupted(by: $0) } ?? .infrastructureFailure
        }
        if let signal = Interruption.signal {
            output.err(
                "cookie-harness: interrupted by \(Interruption.name(of: signal)): \(summary.total - summary.skipped) scenarios finished, the rest are skipped as interrupted; partial reports: \(junitPath), \(jsonPath)")
            return ExitStatus.interrupted(by: signal)
        }
        output.err("reports: \(junitPath), \(jsonPath)")
        if let note = MissingExpectationsHint.note(paths: args.positional, inputs: inputs, unexpected: summary.unexpected) {
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
