import AdapterCatalog
import Foundation
import HarnessCore
import Reporting
import StrategyAdapters
import SyncStrategies

/// `cookie-harness agreement`: every strategy on the simulated `webkitgtk` profile and on the real WebKitGTK
/// engine, over the hand-written suites, cell by cell; the agreement rate per strategy and overall, and each
/// disagreement with both observations and transcripts (Markdown, HTML, JSON).
enum AgreementCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let strategy: OptionKey<[String]?> = .repeatable(
            "strategy", "NAME",
            "a strategy or library port to compare, e.g. wk-request-header (repeatable; default: all)")
        static let jobs: OptionKey<String?> = .valued(
            "jobs", "N", "scenarios run in parallel: N WebKitGTK drivers (default: the number of cores)")
        static let known: OptionKey<String?> = .valued(
            "known", "FILE",
            "the checked-in disagreements and their causes (default Suites/agreement/webkitgtk-live.txt)")
        static let reruns: OptionKey<String?> = .valued(
            "reruns", "N",
            "an unexplained cell's live side run again up to N times (default 2); two answers: not compared")
        static let minRate: OptionKey<String?> = .valued(
            "min-rate", "PERCENT", "fail (exit 1) when the overall agreement is below this (default 0: never)")
        static let markdown: OptionKey<String?> = .valued("markdown", "FILE", "default Reports/agreement.md")
        static let html: OptionKey<String?> = .valued("html", "FILE", "default Reports/agreement.html")
        static let json: OptionKey<String?> = .valued("json", "FILE", "default Reports/agreement.json")
        static let updateDocs: OptionKey<String?> = .valued(
            "update-docs", "FILE",
            """
            also write the figures between the lines '\(Agreement.docBlock.beginMarker)' and
            '\(Agreement.docBlock.endMarker)' of FILE (docs/results/agreement.md); an interrupted run leaves it
            """)
    }

    static let spec = CommandSpec(
        name: "agreement", overview: "[PATH...] [options]",
        brief: "the simulated webkitgtk profile vs the real engine, cell by cell",
        forms: [CommandSpec.Form("[PATH...]")],
        description: """
            Runs each strategy on the simulated webkitgtk profile (NAME@webkitgtk) and on the real engine
            (NAME@webkitgtk-live) over the hand-written suites in PATH (default: Suites/, without imported corpora), and
            pairs the results: two cells agree when they have the same status and every check, passing ones included,
            observed the same thing; cells whose observations differ only in the order of a cookie list are a class of
            their own ("order only"). Cells the real engine cannot serve are skipped and not compared. Disagreements
            listed with their cause in the known file are reported as known. The rate over the cells whose scenario opens
            a web view is given apart (the others test the native store only).
            """,
        options: [
            Key.strategy, SharedOptions.filter, Key.jobs, SharedOptions.pairedTimeLimit, Key.known, Key.reruns,
            Key.minRate, Key.markdown, Key.html, Key.json, SharedOptions.schema, SharedOptions.expectations, Key.updateDocs,
        ],
        epilogue: """
            exit codes: 0 written, every disagreement known, rate at or above --min-rate · 1 an unexplained disagreement
            or a rate below --min-rate · 2 invalid input or usage · 3 infrastructure failure (the engine is missing)
                        · \(ExitStatus.signalsHelp):
                          the report of what finished, marked as interrupted
            """,
        runsScenarios: true)

    static var defaultKnownPath: String { PackageFiles.join(PackageFiles.folder("Suites"), "agreement/webkitgtk-live.txt") }

    /// What an agreement's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// minutes of runs.
    struct Options {
        var paths: [String]
        var strategies: [SyncStrategyKind]
        var jobs: Int
        var timeLimit: Duration
        var reruns: Int
        /// `--min-rate` as a fraction; nil when not given.
        var minimumRate: Double?
        /// `--known` as given; nil: the default file, when it exists.
        var knownPath: String?
        var reports: (markdown: String, html: String, json: String)
        var updateDocsPath: String?
        var filters: [String]

        /// - Throws: ``UsageError`` naming the option and the bad value.
        init(_ args: CommandLineArguments) throws {
            strategies = try AgreementCommand.strategies(args[Key.strategy])
            jobs = try args.integer(Key.jobs, in: 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
            timeLimit = try RunOptions.timeLimit(args)
            reruns = try args.integer(Key.reruns, in: 0...10) ?? 2
            minimumRate = try AgreementCommand.minimumRate(args)
            paths = args.positional
            knownPath = args[Key.known]
            reports = (
                markdown: args[Key.markdown] ?? "Reports/agreement.md", html: args[Key.html] ?? "Reports/agreement.html",
                json: args[Key.json] ?? "Reports/agreement.json")
            updateDocsPath = args[Key.updateDocs]
            filters = args[SharedOptions.filter] ?? []
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let (kinds, jobs, timeLimit) = (options.strategies, options.jobs, options.timeLimit)
        guard let known = knownDisagreements(options.knownPath, output: output) else { return .invalidInput }
        // Refused before the runs (minutes of them): a bad report path, or one over an input.
        let reports = options.reports
        try ReportFolders.prepare(
            [.init("--markdown", reports.markdown), .init("--html", reports.html), .init("--json", reports.json)],
            reading: CommandInput.suites(options.paths) + CommandInput.suiteExtras(args)
                + [CommandInput(known.path, role: "the known-disagreements file (--known)")],
            output: output)
        // Minutes of runs are not spent for a README that cannot take the figures.
        if let readme = options.updateDocsPath,
           (try? String(contentsOfFile: readme, encoding: .utf8)).flatMap(Agreement.docBlock.block(in:)) == nil
        {
            output.err("\(readme): error: needs one line '\(Agreement.docBlock.beginMarker)' and, after it, one line '\(Agreement.docBlock.endMarker)'")
            return .invalidInput
        }
        if let missing = RunOptions.liveEngineMissing(output: output) { return missing }
        guard let inputs = try SuiteInputs.load(for: args, output: output) else { return .invalidInput }
        let suites = try inputs.allSuites().filter { $0.provenance == nil }
        let filters = options.filters

        func run(_ adapters: [Adapter], jobs: Int, pairs: Set<RunPlan.Pair>? = nil) throws -> [ScenarioResult] {
            var plan = RunPlan(
                suites: suites, adapters: adapters, filters: filters, jobs: jobs, timeLimit: timeLimit,
                expectation: inputs.expectedStatus)
            plan.keepsObservations = true
            plan.pairs = pairs
            let collector = CollectingReporter()
            let console = ConsoleReporter(plannedTotal: plan.jobCount, sink: { output.errRaw($0) })
            _ = try RunSession.run(plan, reporter: MultiReporter([console, collector]), output: output)
            return collector.results
        }
        let registry = AdapterCatalog.registry
        let simulatedAdapters = kinds.compactMap { registry.adapter(named: "\($0.name)@webkitgtk") }
        let liveAdapters = kinds.compactMap { registry.adapter(named: $0.name + StrategyAdapterCatalog.liveSuffix) }
        let started = ContinuousClock.now
        let simulated = try run(simulatedAdapters, jobs: ProcessInfo.processInfo.activeProcessorCount)
        let live = try run(liveAdapters, jobs: jobs)
        var agreement = Agreement.ofStrategies(simulated: simulated, live: live, suites: suites, knownCauses: known.list)
        let varying = try agreement.rerunUnexplained(attempts: options.reruns) { try run(liveAdapters, jobs: jobs, pairs: $0) }
        let elapsed = ContinuousClock.now - started

        return finish(
            agreement, varying: varying, known: known, reports: reports,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            minimum: options.minimumRate, updateDocsPath: options.updateDocsPath, output: output)
    }

    /// The known-disagreements file (`--known`, or the default one when it exists); nil after printing why it
    /// cannot be read.
    private static func knownDisagreements(
        _ knownPath: String?, output: CommandOutput
    ) -> (list: KnownDisagreements, path: String)? {
        let path = knownPath ?? defaultKnownPath
        do {
            let list = FileManager.default.fileExists(atPath: path) || knownPath != nil
                ? try KnownDisagreements(contentsOf: path) : KnownDisagreements()
            return (list, path)
        } catch {
            output.err("\(error)")
            return nil
        }
    }

    /// `--min-rate` as a fraction; nil when not given.
    private static func minimumRate(_ args: CommandLineArguments) throws -> Double? {
        try args[Key.minRate].map { text -> Double in
            guard let percent = Double(text), (0...100).contains(percent) else {
                throw UsageError("option '--min-rate': '\(text)' is not a percentage in [0, 100]")
            }
            return percent / 100
        }
    }

    /// The reports written, the console told (disagreements, varying cells, stale causes), the figures put in the
    /// docs when asked, and the verdict: unexplained disagreements or a rate below `minimum` fail.
    private static func finish(
        _ agreement: Agreement, varying: [Agreement.Cell], known: (list: KnownDisagreements, path: String),
        reports: (markdown: String, html: String, json: String), seconds: Double, minimum: Double?,
        updateDocsPath: String?, output: CommandOutput
    ) -> ExitStatus {
        let (markdownPath, htmlPath, jsonPath) = reports
        let knownPath = known.path
        do {
            try AgreementReport.write(agreement, markdownPath: markdownPath, htmlPath: htmlPath, jsonPath: jsonPath)
        } catch {
            output.err("cookie-harness: error: writing the agreement report: \(error)")
            return .infrastructureFailure
        }
        output.err(agreement.consoleText())
        for cell in varying {
            output.err("\(knownPath): warning: \(cell.strategy) \(cell.scenarioID): the real engine answered it two ways; not compared. Add: \(cell.strategy) \(cell.scenarioID) \(cell.knownCause ?? "")")
        }
        for stale in agreement.staleCauses(in: known.list) {
            output.err("\(knownPath):\(stale.line): warning: \(stale.strategy) \(stale.scenario) agrees now; remove its entry")
        }
        output.err("agreement: \(markdownPath), \(htmlPath), \(jsonPath) (\(String(format: "%.1f", seconds)) s)")
        if let readme = updateDocsPath {
            let status = DocBlockUpdate.write(
                agreement.docMarkdown(), into: readme, block: Agreement.docBlock, what: "agreement figures", output: output)
            if status != .success { return status }
        }
        if minimum != nil, agreement.overall.rate == nil {
            output.err("cookie-harness: no cell was compared (every scenario skipped on one side or both): no rate to hold to --min-rate")
            return .unexpectedResults
        }
        if let minimum, let rate = agreement.overall.rate, rate < minimum {
            output.err("cookie-harness: agreement \(Agreement.percent(rate)) is below --min-rate \(Agreement.percent(minimum))")
            return .unexpectedResults
        }
        return agreement.unexplained.isEmpty ? .success : .unexpectedResults
    }

    /// The strategies named (by default every one, every library port and the option settings apps ship — the set
    /// LiveEngineTests compares with docs/results/agreement.md —; `uiwebview` has no engine; a port with other
    /// options by its name, `NAME[OPTION=VALUE]`).
    private static func strategies(_ names: [String]?) throws -> [SyncStrategyKind] {
        let known = SyncStrategyKind.all + SyncStrategyKind.libraries + SyncStrategyKind.shippedOptionSettings
        guard let names else { return known }
        return try names.map { name in
            // A library port with options (`NAME[OPTION=VALUE]`) is resolved, not listed.
            let resolved: SyncStrategyKind?
            do {
                resolved = try name.contains("[") ? SyncStrategyKind.resolving(name) : nil
            } catch {
                throw UsageError("option '--strategy': \(error)")
            }
            guard let kind = resolved ?? known.first(where: { $0.name == name }) else {
                throw UsageError("option '--strategy': unknown strategy '\(name)' (known: \(known.map(\.name).joined(separator: ", ")))")
            }
            return kind
        }
    }
}
