import Foundation
import HarnessCore
import Reporting

/// The adapter × scenario pairs `run --last-failed` and `run --rerun FILE` run again: those whose result was
/// unexpected in a previous run's JSON results.
struct RerunSelection {
    /// The results file read.
    var source: String
    /// The pairs to run again, in the order of the file.
    var pairs: [RunPlan.Pair]

    /// The adapters the pairs name, each once, in the order of the file.
    var adapterNames: [String] {
        var seen: Set<String> = []
        return pairs.map(\.adapter).filter { seen.insert($0).inserted }
    }

    /// Reads the unexpected results of `path` (a results file or a report folder holding `results.json`).
    /// - Parameter lastFailed: The file is the previous run's results (`--last-failed`): a missing file is
    ///   explained as such.
    /// - Throws: ``InvalidResultsInput`` naming the file and what is wrong with it.
    init(path: String, lastFailed: Bool) throws(InvalidResultsInput) {
        source = JSONResultsFile.resolve(path)
        if lastFailed, !FileManager.default.fileExists(atPath: source) {
            throw InvalidResultsInput(
                "\(source): error: --last-failed reads the previous run's JSON results here, and there are none "
                    + "(run once without it, or give the --json path that run wrote)")
        }
        var seen: Set<RunPlan.Pair> = []
        pairs = try JSONResultsFile.read(source, keepingTranscripts: false)
            .filter(\.unexpected)
            .map { RunPlan.Pair(adapter: $0.adapter, scenario: $0.scenario) }
            .filter { seen.insert($0).inserted }
    }

    /// The option that chose the file, for messages.
    static func optionName(lastFailed: Bool) -> String { lastFailed ? "--last-failed" : "--rerun" }
}
