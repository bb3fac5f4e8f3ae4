import AdapterCatalog
import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// `cookie-harness update-expectations RESULTS`: a run's unexpected results written back into the expectation files
/// (``ExpectationUpdater``), as web-platform-tests' `update-metadata` does.
enum UpdateExpectationsCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let expectationsDir: OptionKey<String?> = .valued(
            "expectations-dir", "DIR", "the folder of expectation files (default Suites/expectations)")
        static let adapter: OptionKey<[String]?> = .repeatable(
            "adapter", "NAME", "only this adapter's results (repeatable)")
        static let dryRun: OptionKey<Bool> = .flag("dry-run", "list the changes, write nothing")
        static let suites: OptionKey<[String]?> = .repeatable(
            "suites", "PATH", "the suites the run used (repeatable; default Suites)")
    }

    static let spec = CommandSpec(
        name: "update-expectations", overview: "RESULTS...",
        brief: "a run's unexpected results into the expectation files (draft causes)",
        forms: [CommandSpec.Form("RESULTS...")],
        description: """
            Reads the JSON results of runs (files written by 'run --json', or report folders holding results.json) and
            updates the expectation files in DIR (default Suites/expectations) so that the same run would have no
            unexpected result:
              a new failure          an entry status="fail" with observed= and a DRAFT cause to review
              another failure        observed= updated, the cause kept, a review comment before the entry
              a pass that was not    the file's own entry removed (an inherited one overridden by status="pass")
            Comments, causes, extends= and order are kept; entries whose scenario= is a pattern are never edited;
            errors are listed, never written. A new adapter gets a new file, ADAPTER.xml.

            Only the results of a run that used these files are written: 'run --json FILE' writes the run's identity
            beside its results (FILE.run.json: the suite and expectation files it loaded, with their digests), and
            results without one, of a run that loaded no expectation file from DIR (a suite folder run alone), or of
            files edited since are refused. Updating twice from the same results changes nothing the second time.

            The names in a results file are checked, not trusted: only scenarios of the loaded suites (--suites) and
            adapters built into this harness are written, as literal ids. An adapter run with --external is refused:
            its file belongs outside the suite folders (plain runs would refuse it there), given to 'run' with
            --expectations FILE. Every file is checked against the schema before any is replaced, and all are replaced
            or none (a signal that arrives while they are renamed into place waits for the last one).
            """,
        options: [
            Key.expectationsDir, Key.adapter, Key.dryRun, Key.suites, SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 done (or nothing to do) · 2 invalid input or usage (nothing written)
                        · 3 a file cannot be written or would not be valid (nothing written)
                        · \(ExitStatus.signalsHelp): stopped at once, no file half-written
            """)

    /// What an update's command line asks for, decoded once from the keys: a missing RESULTS is a usage error
    /// before anything is read.
    struct Options {
        var resultsPaths: [String]
        var expectationsDirectory: String
        /// `--adapter`'s names; empty: every adapter's results.
        var adapters: Set<String>
        var suitePaths: [String]
        var schemaPath: String?
        var dryRun: Bool

        /// - Throws: ``UsageError`` for no RESULTS.
        init(_ args: CommandLineArguments) throws {
            resultsPaths = args.positional
            guard !resultsPaths.isEmpty else {
                throw UsageError("update-expectations needs the results of a run (RESULTS: a results.json or a report folder)")
            }
            expectationsDirectory = args[Key.expectationsDir] ?? "Suites/expectations"
            adapters = Set(args[Key.adapter] ?? [])
            suitePaths = args[Key.suites] ?? SuiteInputs.defaultPaths
            schemaPath = args[SharedOptions.schema]
            dryRun = args[Key.dryRun]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let directory = options.expectationsDirectory
        // The files it writes must not be the results it reads.
        try ReportFolders.refuseOverwriting(
            CommandInput(directory, role: "--expectations-dir \(directory)", kind: .xmlFolder),
            reading: options.resultsPaths.map { CommandInput(JSONResultsFile.resolve($0), role: "the results file given as RESULTS") })
        guard let read = readRuns(options.resultsPaths, adapters: options.adapters, output: output) else {
            return .invalidInput
        }
        let (runs, results) = read
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            output.err("\(directory): error: no such folder (--expectations-dir names the folder of expectation files)")
            return .invalidInput
        }
        let registry = AdapterCatalog.registry
        // The listed adapters, and the library ports with options (composed by name) whose results are given.
        let known = Set(registry.adapters.map(\.name) + Set(results.map(\.adapter)).filter(registry.knows))
        // The files of DIR now, read once: what is expected now, and what each run's files are compared with.
        let folder = RunExpectationCheck.resolved(directory)
        let filesNow = RunExpectationCheck.files(in: folder)
        let inputs: SuiteInputs
        do {
            let suites = options.suitePaths
            let loaded = try SuiteInputs.load(suites, schemaPath: options.schemaPath, knownAdapters: known)
            // The files of DIR say what is expected now, also when DIR is not among the suites.
            let loadedFiles = Set(loaded.expectationFiles.map(RunExpectationCheck.absolute))
            let missing = filesNow.keys.sorted().map { folder + "/" + $0 }.filter { !loadedFiles.contains($0) }
            inputs = missing.isEmpty
                ? loaded
                : try SuiteInputs.load(
                    suites, schemaPath: options.schemaPath, extraExpectations: missing, knownAdapters: known)
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }
        let updater = ExpectationUpdater(
            directory: directory, schema: inputs.schema, scenarioIDs: Set(inputs.index.scenarioIDs), adapters: known,
            currentExpectation: inputs.expectedStatus)
        guard let stale = staleFiles(runs, directory: directory, folder: folder, now: filesNow, output: output) else {
            return .invalidInput
        }
        return update(updater, from: results, stale: stale, dryRun: options.dryRun, output: output)
    }

    /// The runs in RESULTS and their results (only `adapters`' when any are given); nil after printing why one
    /// cannot be read.
    private static func readRuns(
        _ paths: [String], adapters: Set<String>, output: CommandOutput
    ) -> (runs: [JSONResultsFile.SavedRun], results: [ExpectationUpdater.Result])? {
        var results: [ExpectationUpdater.Result] = []
        var runs: [JSONResultsFile.SavedRun] = []
        for argument in paths {
            let run: JSONResultsFile.SavedRun
            do {
                run = try JSONResultsFile.readRun(JSONResultsFile.resolve(argument), keepingTranscripts: false)
            } catch {
                output.err(error.description)
                return nil
            }
            runs.append(run)
            results += run.records.filter { adapters.isEmpty || adapters.contains($0.adapter) }.map {
                ExpectationUpdater.Result(
                    adapter: $0.adapter, scenario: $0.scenario, status: $0.status, expectedStatus: $0.expectedStatus,
                    unexpected: $0.unexpected, message: $0.message)
            }
        }
        return (runs, results)
    }

    /// Results say what differs from the expectation files their run loaded: only those files, as they are now,
    /// can take them (a run of one folder loaded none, and another version's entries would be undone or doubled).
    /// The files changed since the runs; nil after printing why a run is refused.
    private static func staleFiles(
        _ runs: [JSONResultsFile.SavedRun], directory: String, folder: String, now filesNow: [String: String],
        output: CommandOutput
    ) -> [String]? {
        var stale: [String] = []
        for run in runs {
            switch RunExpectationCheck(run: run, directory: directory, folder: folder, now: filesNow) {
            case .matches: break
            case .refused(let reason):
                output.err(reason)
                output.err("update-expectations: nothing was written")
                return nil
            case .changedSince(let differences): stale += differences
            }
        }
        return stale
    }

    /// Plans the changes and writes them (all or none), or lists them under --dry-run.
    private static func update(
        _ updater: ExpectationUpdater, from results: [ExpectationUpdater.Result], stale: [String], dryRun: Bool,
        output: CommandOutput
    ) -> ExitStatus {
        let changes: [ExpectationUpdater.Change]
        do {
            let plan = try updater.plan(results)
            if !stale.isEmpty, !plan.changes.isEmpty {
                // Files already updated from these results plan nothing (the command is idempotent); any other
                // change would be computed against files the run did not use.
                output.err(
                    "update-expectations: error: the expectation files changed since the run, so its results no longer say what to change in them:\n"
                        + stale.prefix(10).map { "  " + $0 }.joined(separator: "\n") + (stale.count > 10 ? "\n  … and \(stale.count - 10) more" : "")
                        + "\nrun the suites again and update from the new results")
                output.err("update-expectations: nothing was written")
                return .invalidInput
            }
            changes = dryRun || plan.changes.isEmpty ? plan.changes : try updater.write(plan)
        } catch {
            output.err(error.description)
            output.err("update-expectations: nothing was written")
            return error.kind == .invalidInput ? .invalidInput : .infrastructureFailure
        }
        for change in changes { output.out(change.description) }
        let written = dryRun ? " (dry run: nothing written)" : ""
        output.err(changes.isEmpty ? "nothing to update" : "\(changes.count) change(s)\(written)")
        return .success
    }
}
