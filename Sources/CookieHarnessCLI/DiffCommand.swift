import Foundation
import Reporting

/// `cookie-harness diff BASELINE CURRENT`: what changed between two saved runs, per adapter.
enum DiffCommand {
    static let usage = """
        usage: cookie-harness diff BASELINE CURRENT [--markdown FILE] [--json FILE]

        Compares two runs' JSON results (files written by 'run --json', or report folders holding results.json),
        result by result for each (adapter, scenario): newly failing, newly erroring, newly passing, changed (the
        same status with another cause or expectation), appeared, disappeared. The changes go to standard output,
        adapter by adapter.

          --markdown FILE   also write the diff as Markdown (a pull-request comment, or "$GITHUB_STEP_SUMMARY")
          --json FILE       also write the diff as JSON

        A regression is a result that newly fails (pass or skip → fail), newly errors, or is unexpected now while it
        was expected in the baseline.

        exit codes: 0 no regression · 1 something regressed · 2 invalid input or usage · 3 a file cannot be written
                    · \(ExitStatus.signalsHelp): stopped at once, no report half-written
        """

    static func run(_ arguments: [String], output: CommandOutput) throws -> ExitStatus {
        let args = try CommandLineArguments(arguments, valued: ["markdown", "json"])
        if args.wantsHelp {
            output.out(usage)
            return .success
        }
        guard args.positional.count == 2 else {
            throw UsageError("diff needs two arguments, BASELINE and CURRENT (got \(args.positional.count))")
        }
        if let markdown = args.value("markdown"), markdown == args.value("json") {
            throw UsageError("options '--markdown' and '--json': both name '\(markdown)'")
        }
        // Refused before anything is read: an empty path, a directory, the same file for both.
        try ReportFolders.prepare([args.value("markdown"), args.value("json")].compactMap { $0 }, output: output)
        let (baselinePath, currentPath) = (JSONResultsFile.resolve(args.positional[0]), JSONResultsFile.resolve(args.positional[1]))
        let diff: ResultsDiff
        do {
            diff = ResultsDiff(
                baseline: try JSONResultsFile.read(baselinePath), current: try JSONResultsFile.read(currentPath),
                baselineSource: baselinePath, currentSource: currentPath)
        } catch {
            output.err(error.description)
            return .invalidInput
        }
        output.out(diff.text)
        do {
            // Like every report (ReportDestination): a device or FIFO is written through, a symlink followed.
            if let path = args.value("markdown") {
                try ReportDestination.publish(diff.markdown(), to: path)
            }
            if let path = args.value("json") {
                try ReportDestination.publish(String(decoding: try diff.json(), as: UTF8.self), to: path)
            }
        } catch let error as ReportError {
            output.err(error.description)
            return .infrastructureFailure
        } catch {
            output.err("cookie-harness: error: writing the diff: \((error as NSError).localizedDescription)")
            return .infrastructureFailure
        }
        return diff.hasRegressions ? .unexpectedResults : .success
    }
}
