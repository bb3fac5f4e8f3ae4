import Foundation
import Reporting

/// `cookie-harness diff BASELINE CURRENT`: what changed between two saved runs, per adapter.
enum DiffCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let markdown: OptionKey<String?> = .valued(
            "markdown", "FILE", "also write the diff as Markdown (a pull-request comment, or \"$GITHUB_STEP_SUMMARY\")")
        static let allowDifferentRuns: OptionKey<Bool> = .flag(
            "allow-different-runs",
            "compare shards, runs of other selections, or a CURRENT lacking an adapter of BASELINE")
        static let json: OptionKey<String?> = .valued("json", "FILE", "also write the diff as JSON")
    }

    static let spec = CommandSpec(
        name: "diff", overview: "BASELINE CURRENT", brief: "what changed between two runs' results; exit 1 on a regression",
        forms: [CommandSpec.Form("BASELINE CURRENT")],
        description: """
            Compares two runs' JSON results (files written by 'run --json', or report folders holding results.json),
            result by result for each (adapter, scenario): newly failing, newly erroring, newly passing, changed (the
            same status with another cause or expectation), appeared, disappeared. The changes go to standard output,
            adapter by adapter.
            """,
        options: [
            Key.markdown, Key.allowDifferentRuns, Key.json,
        ],
        epilogue: """
            A regression is a result that newly fails (pass or skip → fail), newly errors, or is unexpected now while it
            was expected in the baseline.

            Runs are checked by the identity beside their results (results.run.json, written by 'run --json'): a shard
            is not compared with another shard or a whole run, nor runs of different --filter or --tag (exit 2), and an
            adapter that has results in BASELINE and none in CURRENT is a regression (exit 1), unless
            --allow-different-runs. A results file that lists an (adapter, scenario) twice is refused (exit 2).

            A CURRENT run that was interrupted (results skipped as "interrupted by SIGINT") or holds no result gives no
            verdict: exit 1. The console lists 50 changes per adapter and 200 in all; --json has every one.

            exit codes: 0 no regression · 1 something regressed, or CURRENT is incomplete · 2 invalid input or usage
                        · 3 a file cannot be written
                        · \(ExitStatus.signalsHelp): stopped at once, no report half-written
            """)

    /// What a diff's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// anything is read.
    struct Options {
        /// BASELINE and CURRENT, each resolved to its results file (a report folder gives its results.json).
        var baselinePath: String
        var currentPath: String
        var markdownPath: String?
        var jsonPath: String?
        var allowDifferentRuns: Bool

        /// - Throws: ``UsageError`` for other than two results, or one path for both reports.
        init(_ args: CommandLineArguments) throws {
            guard args.positional.count == 2 else {
                throw UsageError("diff needs two arguments, BASELINE and CURRENT (got \(args.positional.count))")
            }
            markdownPath = args[Key.markdown]
            jsonPath = args[Key.json]
            if let markdownPath, markdownPath == jsonPath {
                throw UsageError("options '--markdown' and '--json': both name '\(markdownPath)'")
            }
            baselinePath = JSONResultsFile.resolve(args.positional[0])
            currentPath = JSONResultsFile.resolve(args.positional[1])
            allowDifferentRuns = args[Key.allowDifferentRuns]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let (baselinePath, currentPath) = (options.baselinePath, options.currentPath)
        // Refused before anything is read: an empty path, a directory, the same file for both, a compared file.
        let reports = [(Key.markdown, options.markdownPath), (Key.json, options.jsonPath)].compactMap { key, path in
            path.map { ReportFolders.Report("--" + key.name, $0) }
        }
        try ReportFolders.prepare(
            reports,
            reading: [
                CommandInput(baselinePath, role: "the results compared as BASELINE"),
                CommandInput(currentPath, role: "the results compared as CURRENT"),
            ],
            output: output)
        let diff: ResultsDiff
        let baseline: JSONResultsFile.SavedRun, current: JSONResultsFile.SavedRun
        do {
            // Statuses and messages only: two big runs' transcripts need not be in memory at once.
            baseline = try JSONResultsFile.readRun(baselinePath, keepingTranscripts: false)
            current = try JSONResultsFile.readRun(currentPath, keepingTranscripts: false)
            // A pair listed twice (a failure, then a pass) would be read as its last result and hide the first.
            for run in [baseline, current] { try JSONResultsFile.refuseRepeatedPairs(run) }
            if !options.allowDifferentRuns, let problem = differentRuns(baseline, current) {
                output.err("cookie-harness: error: \(problem): the diff would show what the runs left out as changes, or hide them; "
                    + "diff runs of the same selection (pass --allow-different-runs to compare them anyway)")
                return .invalidInput
            }
            diff = ResultsDiff(
                baseline: baseline.records, current: current.records, baselineSource: baselinePath, currentSource: currentPath)
        } catch {
            output.err(error.description)
            return .invalidInput
        }
        output.out(diff.text)
        if let failure = publish(diff, markdownPath: options.markdownPath, jsonPath: options.jsonPath, output: output) {
            return failure
        }
        return verdict(
            diff, baseline: baseline, current: current, currentPath: currentPath, baselinePath: baselinePath,
            allowDifferentRuns: options.allowDifferentRuns, output: output)
    }

    /// Writes the diff as Markdown and JSON where asked; the failure's exit status after printing it, nil when written.
    private static func publish(
        _ diff: ResultsDiff, markdownPath: String?, jsonPath: String?, output: CommandOutput
    ) -> ExitStatus? {
        do {
            // Like every report (ReportDestination): a device or FIFO is written through, a symlink followed.
            if let path = markdownPath {
                try ReportDestination.publish(diff.markdown(), to: path)
            }
            if let path = jsonPath {
                try ReportDestination.publish(String(decoding: try diff.json(), as: UTF8.self), to: path)
            }
        } catch let error as ReportError {
            output.err(error.description)
            return .infrastructureFailure
        } catch {
            output.err("cookie-harness: error: writing the diff: \((error as NSError).localizedDescription)")
            return .infrastructureFailure
        }
        return nil
    }

    /// Whether CURRENT regressed from BASELINE, and whether it can say so: an incomplete CURRENT, or one without an
    /// adapter BASELINE ran, fails instead of passing for want of results.
    private static func verdict(
        _ diff: ResultsDiff, baseline: JSONResultsFile.SavedRun, current: JSONResultsFile.SavedRun, currentPath: String,
        baselinePath: String, allowDifferentRuns: Bool, output: CommandOutput
    ) -> ExitStatus {
        if let reason = diff.baselineIncomplete {
            output.err("cookie-harness: warning: BASELINE \(baselinePath) is incomplete (\(reason)); what it lacks shows as appeared")
        }
        // An interrupted or empty run has no regression only because it has few results: no verdict, a failure.
        if let reason = diff.currentIncomplete {
            output.err("cookie-harness: error: CURRENT \(currentPath) is incomplete (\(reason)): it cannot show that nothing regressed; diff a run that finished")
            return .unexpectedResults
        }
        // An adapter that ran in the baseline and has no result now has not stopped regressing: it stopped being run.
        let gone = Set(baseline.records.map(\.adapter)).subtracting(current.records.map(\.adapter)).sorted()
        if !gone.isEmpty, !allowDifferentRuns {
            output.err("cookie-harness: error: CURRENT \(currentPath) has no result of \(gone.count == 1 ? "adapter" : "adapters") "
                + gone.prefix(10).joined(separator: ", ") + (gone.count > 10 ? ", …" : "")
                + ", which BASELINE has: a whole adapter gone is not 'no regression' (pass --allow-different-runs if it was dropped on purpose)")
            return .unexpectedResults
        }
        return diff.hasRegressions ? .unexpectedResults : .success
    }

    /// What makes the two runs incomparable, from their identities: a shard against another shard or the whole run,
    /// or different selections (`--filter`, `--tag`, a rerun). Suites and expectation files may differ: that is what
    /// a diff shows.
    static func differentRuns(_ baseline: JSONResultsFile.SavedRun, _ current: JSONResultsFile.SavedRun) -> String? {
        guard let a = baseline.identity, let b = current.identity else { return nil }
        if a.shard != b.shard {
            return "BASELINE is \(a.shard.map { "shard \($0)" } ?? "a whole run") and CURRENT \(b.shard.map { "shard \($0)" } ?? "a whole run")"
        }
        if a.selection != b.selection {
            return "BASELINE ran \(a.selection) and CURRENT \(b.selection)"
        }
        return nil
    }
}
