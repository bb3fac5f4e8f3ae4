import AdapterCatalog
import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// `cookie-harness update-expectations RESULTS`: a run's unexpected results written back into the expectation files
/// (``ExpectationUpdater``), as web-platform-tests' `update-metadata` does.
enum UpdateExpectationsCommand: HarnessCommand {
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
            .valued("expectations-dir", "DIR", "the folder of expectation files (default Suites/expectations)"),
            .valued("adapter", "NAME", repeatable: true, "only this adapter's results (repeatable)"),
            .flag("dry-run", "list the changes, write nothing"),
            .valued("suites", "PATH", repeatable: true, "the suites the run used (repeatable; default Suites)"),
            SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 done (or nothing to do) · 2 invalid input or usage (nothing written)
                        · 3 a file cannot be written or would not be valid (nothing written)
                        · \(ExitStatus.signalsHelp): stopped at once, no file half-written
            """)

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        guard !args.positional.isEmpty else {
            throw UsageError("update-expectations needs the results of a run (RESULTS: a results.json or a report folder)")
        }
        let adapters = Set(args.options["adapter"] ?? [])
        let directory = args.value("expectations-dir") ?? "Suites/expectations"
        // The files it writes must not be the results it reads.
        try ReportFolders.refuseOverwriting(
            CommandInput(directory, role: "--expectations-dir \(directory)", kind: .xmlFolder),
            reading: args.positional.map { CommandInput(JSONResultsFile.resolve($0), role: "the results file given as RESULTS") })
        var results: [ExpectationUpdater.Result] = []
        var runs: [JSONResultsFile.SavedRun] = []
        for argument in args.positional {
            let run: JSONResultsFile.SavedRun
            do {
                run = try JSONResultsFile.readRun(JSONResultsFile.resolve(argument), keepingTranscripts: false)
            } catch {
                output.err(error.description)
                return .invalidInput
            }
            runs.append(run)
            results += run.records.filter { adapters.isEmpty || adapters.contains($0.adapter) }.map {
                ExpectationUpdater.Result(
                    adapter: $0.adapter, scenario: $0.scenario, status: $0.status, expectedStatus: $0.expectedStatus,
                    unexpected: $0.unexpected, message: $0.message)
            }
        }
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
            let suites = args.options["suites"] ?? SuiteInputs.defaultPaths
            let loaded = try SuiteInputs.load(suites, schemaPath: args.value("schema"), knownAdapters: known)
            // The files of DIR say what is expected now, also when DIR is not among the suites.
            let loadedFiles = Set(loaded.expectationFiles.map(RunExpectationCheck.absolute))
            let missing = filesNow.keys.sorted().map { folder + "/" + $0 }.filter { !loadedFiles.contains($0) }
            inputs = missing.isEmpty
                ? loaded : try SuiteInputs.load(suites, schemaPath: args.value("schema"), extraExpectations: missing, knownAdapters: known)
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }
        let updater = ExpectationUpdater(
            directory: directory, schema: inputs.schema, scenarioIDs: Set(inputs.index.scenarioIDs), adapters: known,
            currentExpectation: inputs.expectedStatus)
        // Results say what differs from the expectation files their run loaded: only those files, as they are now,
        // can take them (a run of one folder loaded none, and another version's entries would be undone or doubled).
        var stale: [String] = []
        for run in runs {
            switch RunExpectationCheck(run: run, directory: directory, folder: folder, now: filesNow) {
            case .matches: break
            case .refused(let reason):
                output.err(reason)
                output.err("update-expectations: nothing was written")
                return .invalidInput
            case .changedSince(let differences): stale += differences
            }
        }
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
            changes = args.flags.contains("dry-run") || plan.changes.isEmpty ? plan.changes : try updater.write(plan)
        } catch {
            output.err(error.description)
            output.err("update-expectations: nothing was written")
            return error.kind == .invalidInput ? .invalidInput : .infrastructureFailure
        }
        for change in changes { output.out(change.description) }
        output.err(changes.isEmpty ? "nothing to update" : "\(changes.count) change(s)\(args.flags.contains("dry-run") ? " (dry run: nothing written)" : "")")
        return .success
    }
}
