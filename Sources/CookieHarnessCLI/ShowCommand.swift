import Foundation
import HarnessCore
import Reporting

/// `cookie-harness show SCENARIO [--adapter NAME]...`: one scenario as written, and what an adapter does with it.
enum ShowCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let adapter: OptionKey<[String]?> = .repeatable(
            "adapter", "NAME", "an adapter to run the scenario on (repeatable); see 'cookie-harness list adapters'")
        static let timeLimit: OptionKey<String?> = .valued(
            "time-limit", "SECONDS", "for the scenario; over it, the result is an error (default 30)")
    }

    static let spec = CommandSpec(
        name: "show", overview: "SCENARIO [--adapter NAME]", brief: "a scenario as written; with an adapter, its checks and transcript",
        forms: [CommandSpec.Form("SCENARIO [PATH...]")],
        description: """
            Prints the scenario SCENARIO (its id) of the suites in PATH (default: Suites/) as written in its suite
            file. With --adapter, runs it on each adapter named and prints the result against the adapter's
            expectation, every check (<expect…>) with its outcome — passed, failed, or not reached after the first
            failure — and the whole transcript.
            """,
        options: [
            Key.adapter, SharedOptions.external, Key.timeLimit, SharedOptions.expectations, SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 shown (and, with adapters, every result as expected) · 1 an unexpected result
                        · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp): the result is skipped as interrupted
            """,
        runsScenarios: true)

    /// What `show`'s command line asks for, decoded once from the keys: a bad value is a usage error before the
    /// suites are read.
    struct Options {
        var scenarioID: String
        var suitePaths: [String]
        /// The adapters to run the scenario on, with the time limit; nil without `--adapter`: only the scenario is
        /// printed, and no expectation file is needed.
        var run: RunOptions?

        /// - Throws: ``UsageError`` for no scenario id, or a bad adapter or `--time-limit`.
        init(_ args: CommandLineArguments) throws {
            guard let id = args.positional.first else { throw UsageError("show needs a scenario id") }
            scenarioID = id
            suitePaths = Array(args.positional.dropFirst())
            run = args[Key.adapter] == nil ? nil : try RunOptions(args)
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let showOptions = try Options(args)
        let (id, options) = (showOptions.scenarioID, showOptions.run)
        var suiteArgs = args
        suiteArgs.positional = showOptions.suitePaths
        guard let inputs = try SuiteInputs.load(for: suiteArgs, output: output, adapters: options?.adapters.map(\.name) ?? [])
        else { return .invalidInput }
        guard let suite = try inputs.allSuites().first(where: { $0.scenarios.contains { $0.id == id } }),
              let scenario = suite.scenarios.first(where: { $0.id == id })
        else {
            let ids = inputs.index.scenarioIDs
            let close = ids.filter { $0.localizedCaseInsensitiveContains(id) || id.localizedCaseInsensitiveContains($0) }.prefix(5)
            output.err("cookie-harness: error: no scenario '\(id)' in \(showOptions.suitePaths.isEmpty ? "Suites" : showOptions.suitePaths.joined(separator: ", "))"
                + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"))
            return .invalidInput
        }

        output.out("\(scenario.id): \(scenario.title)")
        output.out("suite \(suite.id) (\(suite.file)), tags: \(scenario.tags.isEmpty ? "none" : scenario.tags.joined(separator: ", "))")
        output.out("")
        for (number, line) in ScenarioWalkthrough.writtenLines(of: scenario) { output.out("\(scenario.location.file):\(number): \(ConsoleText.visible(line))") }

        guard let options else { return .success }
        var only = suite
        only.scenarios = [scenario]
        let plan = RunPlan(
            suites: [only], adapters: options.adapters, jobs: 1, timeLimit: options.timeLimit, expectation: inputs.expectedStatus)
        let collector = Collector()
        do {
            _ = try RunSession.run(plan, reporter: collector, output: output)
        } catch {
            output.err("cookie-harness: error: \(error)")
            return .infrastructureFailure
        }
        for result in collector.results {
            output.out("")
            output.out(contentsOf: ScenarioWalkthrough(scenario: scenario, result: result, source: ScenarioWalkthrough.writtenLines(of: scenario)).lines)
        }
        return collector.results.contains(where: \.isUnexpected) ? .unexpectedResults : .success
    }

    /// Keeps the results of a run in memory.
    final class Collector: ResultReporter {
        var results: [ScenarioResult] = []
        func begin(_ run: RunInfo) throws {}
        func report(_ result: ScenarioResult) throws { results.append(result) }
        func finish(_ summary: RunSummary) throws {}
    }
}

extension CommandOutput {
    func out(contentsOf lines: [String]) { for line in lines { out(line) } }
}
