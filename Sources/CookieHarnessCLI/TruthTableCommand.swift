import AdapterCatalog
import FileAccess
import Foundation
import HarnessCore
import ProcessCleanup
import Reporting
import StrategyAdapters

/// `cookie-harness truth-table`: where each web-view strategy breaks, as the Markdown table of docs/results/truth-table.md.
///
/// Without results files it runs what it needs (the hand-written suites on the profile's strategy adapters, all
/// simulated: a few seconds in a debug build). Like `compare`, it is not a pass/fail check: the table is written
/// whatever the strategies do; a test compares the copy in docs/results/truth-table.md with it.
enum TruthTableCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let profile: OptionKey<String?> = .valued(
            "profile", "NAME", "ios (default), ios-18, ios-12, ios-11, webkitgtk, or webkitgtk-live (the real engine)")
        static let suites: OptionKey<[String]?> = .repeatable(
            "suites", "PATH", "the suites to run (repeatable; files or folders; default Suites/)")
        static let updateDocs: OptionKey<String?> = .valued(
            "update-docs", "FILE",
            """
            also write the table between the lines '\(TruthTable.beginMarker)' and
            '\(TruthTable.endMarker)' of FILE (the published truth table:
            docs/results/truth-table.md, profile ios)
            """)
    }

    static let spec = CommandSpec(
        name: "truth-table", overview: "[RESULTS...]", brief: "where each web-view strategy breaks, per suite (docs/results/truth-table.md)",
        forms: [CommandSpec.Form("[RESULTS...]")],
        description: """
            Prints a Markdown table to standard output: one row per web-view strategy adapter of the profile (uiwebview
            and every wk-… strategy, with its :as-written and :naive-check variants, then the library ports), one column
            per hand-written suite, each cell the number of scenarios failed out of those run ('3/12'), marked 🔒 when
            one of the failures is a security one and '—' when none ran; the last columns give the totals and the
            security failures by id. The parser, jar-rules and http-state suites test the engine's cookie jar, the same
            under every strategy: they are left out.

            Without RESULTS the suites in --suites (default: Suites/) run on the profile's adapters first. RESULTS are
            results files written by 'run' (or report folders holding results.json): nothing runs, their results of the
            profile's adapters are counted.
            """,
        options: [
            Key.profile, Key.suites, SharedOptions.schema, Key.updateDocs,
        ],
        epilogue: """
            exit codes: 0 table written (whatever the results) · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp):
                          the table of what finished; --update-docs leaves FILE as it was
            """,
        runsScenarios: true)

    /// The published table (docs/results/truth-table.md): the first profile's.
    static let defaultProfile = StrategyAdapterCatalog.profiles[0].name

    /// What a truth table's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// anything runs or is read.
    struct Options {
        /// RESULTS; empty: the suites run.
        var resultsPaths: [String]
        var profile: String
        /// The profile's strategy adapters, the table's rows.
        var adapters: [Adapter]
        var suitePaths: [String]?
        var schemaPath: String?
        var updateDocsPath: String?

        /// - Throws: ``UsageError`` for an unknown profile, `--suites` or `--schema` with RESULTS, or
        ///   `--update-docs` for another profile than the published one.
        init(_ args: CommandLineArguments) throws {
            resultsPaths = args.positional
            profile = args[Key.profile] ?? defaultProfile
            let profile = profile
            adapters = AdapterCatalog.strategyAdapters.filter { $0.info.profile == profile }
            if adapters.isEmpty {
                let known = AdapterCatalog.strategyAdapters.reduce(into: [String]()) { names, adapter in
                    if !names.contains(adapter.info.profile) { names.append(adapter.info.profile) }
                }
                throw UsageError("option '--profile': unknown profile '\(profile)' (known: \(known.joined(separator: ", ")))")
            }
            suitePaths = args[Key.suites]
            schemaPath = args[SharedOptions.schema]
            if !resultsPaths.isEmpty, suitePaths != nil || schemaPath != nil {
                throw UsageError("option '--suites' has no effect with results files: nothing runs")
            }
            updateDocsPath = args[Key.updateDocs]
            if updateDocsPath != nil, profile != defaultProfile {
                throw UsageError("option '--update-docs': the published table is the '\(defaultProfile)' profile's, not '\(profile)'")
            }
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let (profile, adapters, readme) = (options.profile, options.adapters, options.updateDocsPath)

        if let readme {
            // The document is written: never over a suite the run loads, a schema or a results file it reads.
            let inputs = options.resultsPaths.isEmpty
                ? CommandInput.suites(options.suitePaths ?? []) + CommandInput.suiteExtras(args)
                : options.resultsPaths.map { CommandInput(JSONResultsFile.resolve($0), role: "the results file given as RESULTS") }
            try ReportFolders.prepare([.init("--update-docs", readme)], reading: inputs, output: output)
        }

        let records: [JSONResultRecord]
        if options.resultsPaths.isEmpty {
            guard let ran = try run(
                adapters, suitePaths: options.suitePaths ?? [], schemaPath: options.schemaPath, output: output)
            else { return .invalidInput }
            records = ran
        } else {
            var read: [JSONResultRecord] = []
            for path in options.resultsPaths {
                do {
                    read += try JSONResultsFile.read(JSONResultsFile.resolve(path))
                } catch {
                    output.err(error.description)
                    return .invalidInput
                }
            }
            records = read
        }
        let table = TruthTable(records: records, adapters: adapters.map(\.name), profile: profile)
        if !options.resultsPaths.isEmpty, !table.missingAdapters.isEmpty {
            output.err("cookie-harness: warning: no results for \(table.missingAdapters.joined(separator: ", ")); they have no row")
        }
        let markdown = table.markdown()
        output.out(markdown)

        guard let readme else { return .success }
        return DocBlockUpdate.write(markdown, into: readme, block: TruthTable.docBlock, what: "truth table", output: output)
    }

    /// The hand-written suites (the store-parser ones left out) run on `adapters`; nil after printing the errors of
    /// invalid input.
    static func run(
        _ adapters: [Adapter], suitePaths: [String], schemaPath: String?, output: CommandOutput
    ) throws -> [JSONResultRecord]? {
        let inputs: SuiteInputs
        do {
            inputs = try SuiteInputs.load(suitePaths, schemaPath: schemaPath)
        } catch let error as InputError {
            output.err(error.description)
            return nil
        }
        let suites = try inputs.allSuites().filter { !TruthTable.isStoreParserSuite(id: $0.id, file: $0.file) }
        let plan = RunPlan(
            suites: suites, adapters: adapters, jobs: ProcessInfo.processInfo.activeProcessorCount, timeLimit: .seconds(30),
            expectation: inputs.expectedStatus)
        let collector = CollectingReporter()
        _ = try RunSession.run(plan, reporter: collector, output: output)
        return collector.results.map(JSONResultRecord.init)
    }
}
