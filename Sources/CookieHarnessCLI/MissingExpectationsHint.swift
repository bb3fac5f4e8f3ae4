import Foundation
import HarnessCore

/// The note `run` prints when suites named by path held no expectation file and the run met failures: every failure
/// then counts as unexpected, though the built-in expectation files (in `Suites/expectations`, beside the suites, not
/// inside each suite folder) may list them. People running one suite folder tripped on it more than once.
enum MissingExpectationsHint {
    /// nil unless suites were named (`paths`), no expectation file was found among them, and failures were unexpected.
    static func note(paths: [String], inputs: SuiteInputs, unexpected: Int) -> String? {
        guard unexpected > 0, !paths.isEmpty, inputs.expectationFiles.isEmpty, inputs.unreadExpectationFiles.isEmpty
        else { return nil }
        let ids = inputs.index.outlines.map(\.id)
        let shown = ids.prefix(3).map { "--filter '\($0).*'" }.joined(separator: " ") + (ids.count > 3 ? " …" : "")
        let builtIn = PackageFiles.join(PackageFiles.folder("Suites"), "expectations")
        return "cookie-harness: note: no expectation file was found among \(paths.joined(separator: ", ")), so every "
            + "failure counts as unexpected; the built-in suites' expectation files are in \(builtIn): name that folder "
            + "too (cookie-harness run \(paths.joined(separator: " ")) \(builtIn)), select these suites from the "
            + "default folder (cookie-harness run \(shown)), or pass --expectations FILE"
    }
}
