import FileAccess
import Foundation
import HarnessCore

/// Writes the side-by-side comparison of adapters (DESIGN §7): `matrix.md` for GitHub and `matrix.html` for people.
///
/// Unlike the JUnit and JSON reporters this one cannot stream: a row needs every adapter's result for its scenario,
/// and results arrive adapter by adapter. It keeps a `Matrix` of small cells (no transcripts or details), so
/// memory is proportional to the number of results and independent of their size, and renders both files at
/// `finish(_:)`. Each file is written to a temporary file next to its destination, created at `begin(_:)` (an
/// unwritable folder fails the run at its start) and renamed over the destination only when complete, so a reader
/// never sees half a page and a reporter dropped without `finish(_:)` leaves nothing behind. Like every report
/// (``ReportDestination``), a symlink is followed and a device or FIFO written through, never replaced.
package final class MatrixReporter: ResultReporter {
    /// Where the Markdown goes, if anywhere.
    package let markdownPath: String?
    /// Where the HTML page goes, if anywhere.
    package let htmlPath: String?

    private let referenceAdapter: String?
    private let source: String?
    private let suiteTitles: [String: String]

    private enum Phase {
        case idle, running, finished
    }

    private var phase = Phase.idle
    /// Kept out of an enum payload so that `add` mutates it in place instead of copying it on every result.
    private var matrix: Matrix?
    private var outputs: [Output] = []

    private struct Output {
        let file: AtomicFile
        let render: (Matrix) -> String

        init(_ path: String, render: @escaping (Matrix) -> String) throws {
            file = try AtomicFile.report(path)
            self.render = render
        }

        func discard() { file.discard() }
    }

    /// Prepares the report; nothing is created until `begin(_:)`.
    ///
    /// - Parameters:
    ///   - markdownPath: The Markdown destination (a table per suite), or nil for none.
    ///   - htmlPath: The self-contained HTML page, or nil for none.
    ///   - referenceAdapter: The adapter the consensus column compares against, when it takes part.
    ///   - source: Where the results come from when not from this run (a results file), for the header.
    ///   - suiteTitles: Suite titles by id, for the suite headings (results carry only ids).
    package init(
        markdownPath: String? = nil, htmlPath: String? = nil, referenceAdapter: String? = "reference",
        source: String? = nil, suiteTitles: [String: String] = [:]
    ) {
        self.markdownPath = markdownPath
        self.htmlPath = htmlPath
        self.referenceAdapter = referenceAdapter
        self.source = source
        self.suiteTitles = suiteTitles
    }

    /// Creates the temporary files next to the destinations.
    ///
    /// - Throws: `ReportError` `.writeFailed`, or `.invalidUse` if called twice.
    package func begin(_ run: RunInfo) throws {
        guard phase == .idle else { throw ReportError.outOfOrder("begin", "twice", file: markdownPath ?? htmlPath) }
        var outputs: [Output] = []
        if let markdownPath {
            outputs.append(try Output(markdownPath) { $0.markdown() })
        }
        if let htmlPath {
            outputs.append(try Output(htmlPath) { $0.html() })
        }
        self.outputs = outputs
        matrix = Matrix(run: run, referenceAdapter: referenceAdapter, source: source, suiteTitles: suiteTitles)
        phase = .running
    }

    /// Places the result in the matrix.
    ///
    /// - Throws: `ReportError` `.invalidUse` before `begin` or after `finish`.
    package func report(_ result: ScenarioResult) throws {
        guard phase == .running else {
            throw ReportError.outOfOrder("report", "outside begin…finish", file: markdownPath ?? htmlPath)
        }
        matrix?.add(result)
    }

    /// Renders both files and publishes each in one rename.
    ///
    /// - Throws: `ReportError` `.writeFailed`; a destination not yet published is then left as it was.
    package func finish(_ summary: RunSummary) throws {
        guard phase == .running, let matrix else {
            throw ReportError.outOfOrder("finish", "without begin, or twice", file: markdownPath ?? htmlPath)
        }
        phase = .finished
        self.matrix = nil
        let outputs = self.outputs
        self.outputs = []
        defer { for output in outputs { output.discard() } }
        for output in outputs {
            try ReportError.converting {
                try output.file.write(output.render(matrix))
                try output.file.commit()
            }
        }
    }
}
