import FileAccess
import Foundation
import XMLSupport
import AdapterCatalog
import HarnessCore
import ProcessCleanup
import Reporting

/// `cookie-harness compare`: suites × adapters side by side → `matrix.md` and `matrix.html`.
///
/// Comparing is not a pass/fail check: the exit status is 0 whatever the adapters do, 2 for invalid input and 3
/// when the matrix cannot be written. With `--from-json` nothing runs: the matrix is built from results files
/// written by `run` (one per run, several to put runs side by side).
enum CompareCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let adapter: OptionKey<[String]?> = .repeatable(
            "adapter", "NAME", "an adapter to compare (repeatable); with --from-json, one of those in the files")
        static let markdown: OptionKey<String?> = .valued(
            "markdown", "FILE", "where the Markdown goes (default Reports/matrix.md)")
        static let html: OptionKey<String?> = .valued(
            "html", "FILE", "where the HTML page goes (default Reports/matrix.html)")
        static let fromJSON: OptionKey<[String]?> = .repeatable(
            "from-json", "FILE",
            """
            build the matrix from results files (Reports/results.json, as written by 'run', or
            a report folder holding one) instead of running; every PATH is then one too
            """)
    }

    static let spec = CommandSpec(
        name: "compare", overview: "[PATH...] [options]", brief: "adapters side by side: Reports/matrix.md and matrix.html",
        forms: [
            CommandSpec.Form(
                "[PATH...]",
                options: [
                    Key.adapter, SharedOptions.external, Key.markdown, Key.html, SharedOptions.filter,
                    SharedOptions.tag, SharedOptions.jobs, SharedOptions.pairedTimeLimit, SharedOptions.expectations,
                    SharedOptions.schema,
                ]),
            CommandSpec.Form(
                "--from-json FILE...",
                options: [Key.adapter, Key.markdown, Key.html, SharedOptions.filter, SharedOptions.tag]),
        ],
        description: """
            Runs every scenario of the suites in PATH (files or folders; default: Suites/) on each adapter (default: every
            adapter in the catalog) and writes a matrix of scenarios × adapters with a consensus column, as Markdown and
            as a self-contained HTML page (default: Reports/matrix.md and Reports/matrix.html). Expectation files mark
            which failures are expected, as for 'run'; unexpected results stand out in the matrix.

            The matrix names adapters as --adapter takes them. The HTML page groups the adapters by profile (the
            web-view sync strategies profile by profile, the cookie stores last) and, inside a group, by family
            (NAME[:variant]). With more than 12 adapters each group starts folded into one summary column (per
            scenario, how many of its adapters pass, fail, skip or err, and how many unexpectedly); ticking the
            group's box (or clicking its name) opens it, and the page's script then draws its cells from data kept in
            the page; a link opens the groups it names (matrix.html#open=ios-18,webkitgtk). It also folds an
            imported corpus (Suites/conformance/, the http-state cases) into one line of totals that a box unfolds.
            The consensus compares what the adapters were seen to do: two adapters failing different checks, or
            observing different values, do not agree; 'ref ✔' means the reference passed with the majority,
            'ref ✘ same' that it failed as they did.
            """,
        options: [
            Key.adapter, SharedOptions.external, Key.markdown, Key.html, SharedOptions.filter, SharedOptions.tag,
            SharedOptions.jobs, SharedOptions.pairedTimeLimit, SharedOptions.expectations, SharedOptions.schema,
            Key.fromJSON,
        ],
        epilogue: """
            exit codes: 0 matrix written (whatever the results) · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp):
                          the matrix of what finished, marked as interrupted
            """,
        runsScenarios: true)

    static let defaultMarkdownPath = "Reports/matrix.md"
    static let defaultHTMLPath = "Reports/matrix.html"

    /// What a comparison's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// anything runs or is read.
    struct Options {
        var paths: [String]
        var markdownPath: String
        var htmlPath: String
        /// Where the results come from: a run (its adapters, workers and time limit) or `--from-json`'s files.
        var source: Source
        /// `--adapter` as given, which `--from-json` picks from the files' adapters.
        var adapterNames: [String]?
        var filters: [String]
        var tags: [String]

        /// - Throws: ``UsageError`` for one path for both pages, an option that runs given with `--from-json`, or
        ///   a bad adapter, `--jobs` or `--time-limit`.
        init(_ args: CommandLineArguments) throws {
            paths = args.positional
            markdownPath = args[Key.markdown] ?? defaultMarkdownPath
            htmlPath = args[Key.html] ?? defaultHTMLPath
            adapterNames = args[Key.adapter]
            filters = args[SharedOptions.filter] ?? []
            tags = args[SharedOptions.tag] ?? []
            if markdownPath == htmlPath {
                throw UsageError("options '--markdown' and '--html': both name '\(markdownPath)'")
            }
            guard let jsonFiles = args[Key.fromJSON] else {
                source = .running(try RunOptions(args))
                return
            }
            source = .resultsFiles(jsonFiles)
            let runningOnly: [any CommandOption] = [
                SharedOptions.jobs, SharedOptions.pairedTimeLimit, SharedOptions.expectations, SharedOptions.schema,
                SharedOptions.external,
            ]
            for option in runningOnly where args.contains(option) {
                throw UsageError("option '--\(option.spec.name)' has no effect with '--from-json': nothing runs")
            }
        }

        enum Source {
            case running(RunOptions)
            case resultsFiles([String])
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        switch options.source {
        case .resultsFiles(let jsonFiles):
            return try fromJSON((jsonFiles + options.paths).map(JSONResultsFile.resolve), options, output: output)
        case .running(let runOptions):
            return try runAndCompare(args, options, runOptions, output: output)
        }
    }

    // MARK: Running

    private static func runAndCompare(
        _ args: CommandLineArguments, _ options: Options, _ runOptions: RunOptions, output: CommandOutput
    ) throws -> ExitStatus {
        let (markdownPath, htmlPath) = (options.markdownPath, options.htmlPath)
        guard let inputs = try SuiteInputs.load(for: args, output: output) else { return .invalidInput }
        let plan = RunPlan(
            index: inputs.index, adapters: runOptions.adapters, filters: options.filters,
            tags: options.tags, jobs: runOptions.jobs, timeLimit: runOptions.timeLimit,
            expectation: inputs.expectedStatus
        )
        if plan.jobCount == 0 { output.err("cookie-harness: warning: no scenario matches the selection; the matrix is empty") }
        try ReportFolders.prepare(
            [.init("--markdown", markdownPath), .init("--html", htmlPath)],
            reading: CommandInput.suites(options.paths) + CommandInput.suiteExtras(args), output: output)
        let titles = Dictionary(inputs.index.outlines.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let reporter = MultiReporter([
            ConsoleReporter(plannedTotal: plan.jobCount, sink: { output.errRaw($0) }),
            MatrixReporter(markdownPath: markdownPath, htmlPath: htmlPath, suiteTitles: titles),
        ])
        // Out-of-process adapters get `stop` when the run is over (PROTOCOL.md, "Life cycle").
        do {
            _ = try RunSession.run(plan, reporter: reporter, output: output)
        } catch {
            output.err("cookie-harness: error: writing the matrix: \(error)")
            return .infrastructureFailure
        }
        if let signal = Interruption.signal {
            output.err("cookie-harness: interrupted by \(Interruption.name(of: signal)): the rest are skipped as interrupted; partial matrix: \(markdownPath), \(htmlPath)")
            return .interrupted(by: signal)
        }
        output.err("matrix: \(markdownPath), \(htmlPath)")
        return .success
    }

    // MARK: From results files

    private static func fromJSON(_ files: [String], _ options: Options, output: CommandOutput) throws -> ExitStatus {
        let (markdownPath, htmlPath) = (options.markdownPath, options.htmlPath)
        var results: [ScenarioResult] = []
        var newest = Date(timeIntervalSince1970: 0)
        do {
            for file in files {
                let (fileResults, modified) = try readResults(file)
                results += fileResults
                newest = max(newest, modified)
            }
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }

        let known = orderedUnique(results.map(\.adapter))
        if let wanted = options.adapterNames {
            for name in wanted where !known.contains(where: { $0.name == name || qualified($0) == name }) {
                throw UsageError("option '--adapter': no results for adapter '\(name)' in \(files.joined(separator: ", ")) "
                    + "(found: \(orderedUnique(known.map(label)).joined(separator: ", ")))")
            }
            results.removeAll { result in !wanted.contains { $0 == result.adapter.name || $0 == qualified(result.adapter) } }
        }
        let (filters, tags) = (options.filters, options.tags)
        results.removeAll { result in
            (!filters.isEmpty && !filters.contains { Glob.matches($0, result.scenarioID) })
                || (!tags.isEmpty && !tags.contains(where: result.tags.contains))
        }
        if results.isEmpty { output.err("cookie-harness: warning: no result matches the selection; the matrix is empty") }

        try ReportFolders.prepare(
            [.init("--markdown", markdownPath), .init("--html", htmlPath)],
            reading: files.map { CommandInput($0, role: "a results file to compare (--from-json)") }, output: output)
        let run = RunInfo(startedAt: newest, hostname: "", adapters: orderedUnique(results.map(\.adapter)))
        let reporter = MatrixReporter(markdownPath: markdownPath, htmlPath: htmlPath, source: files.joined(separator: ", "))
        do {
            try reporter.begin(run)
            for result in results { try reporter.report(result) }
            try reporter.finish(results.reduce(into: RunSummary()) { $0.add($1) })
        } catch {
            output.err("cookie-harness: error: writing the matrix: \(error)")
            return .infrastructureFailure
        }
        output.err("matrix: \(markdownPath), \(htmlPath) (\(results.count) results from \(files.count) \(files.count == 1 ? "file" : "files"))")
        return .success
    }

    /// The results in one file written by `JSONResultsReporter`, and when it was written.
    /// - Throws: ``InputError`` naming the file and, for bad JSON, where in it.
    static func readResults(_ file: String) throws -> ([ScenarioResult], Date) {
        do {
            try InputFile.requireRegularFile(file)
        } catch {
            throw InputError("\(error)")
        }
        let records: [JSONResultRecord]
        do {
            records = try JSONResultsFile.read(file)
        } catch {
            throw InputError(error.description)
        }
        let modified = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
        do {
            return (try records.map(ScenarioResult.init), modified)
        } catch {
            throw InputError("\(file): error: \((error as? ReportError)?.message ?? "\(error)")")
        }
    }

    private static func label(_ adapter: AdapterInfo) -> String { Matrix.label(for: adapter) }

    /// `name@profile`, which --adapter also accepts for a results file whose adapter names lack their profile.
    private static func qualified(_ adapter: AdapterInfo) -> String {
        adapter.profile.isEmpty ? adapter.name : "\(adapter.name)@\(adapter.profile)"
    }

    private static func orderedUnique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
