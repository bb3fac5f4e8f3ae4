import Foundation
import HarnessCore

/// Writes an ``Agreement`` as Markdown, HTML and JSON, each file like every report (``ReportDestination``): atomically
/// over a regular file, through a symlink to its target, through to a device or a FIFO.
package enum AgreementReport {
    /// - Throws: `ReportError` `.writeFailed`; a destination not yet written is left as it was.
    package static func write(_ agreement: Agreement, markdownPath: String?, htmlPath: String?, jsonPath: String?) throws {
        let json = try agreement.json()
        let outputs: [(String?, () -> String)] = [
            (markdownPath, agreement.markdown), (htmlPath, agreement.html),
            (jsonPath, { String(decoding: json, as: UTF8.self) + "\n" }),
        ]
        for case let (path?, render) in outputs {
            try ReportDestination.publish(render(), to: path)
        }
    }
}

/// Keeps every result of a run in memory, in the runner's deterministic order (for comparisons that need them all
/// at the end, such as an ``Agreement``, and for tests), and the summary it ends with. The runner calls a reporter
/// from one delivery at a time, so it needs no lock.
package final class CollectingReporter: ResultReporter {
    package private(set) var results: [ScenarioResult] = []
    package private(set) var summary: RunSummary?

    package init() {}

    package func begin(_ run: RunInfo) throws {}
    package func report(_ result: ScenarioResult) throws { results.append(result) }
    package func finish(_ summary: RunSummary) throws { self.summary = summary }
}
