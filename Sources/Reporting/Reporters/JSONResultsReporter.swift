import FileAccess
import Foundation
import HarnessCore

/// Writes every result as a JSON array of `JSONResultRecord`s, streamed and published atomically.
///
/// The array is written as the run goes (`[`, one record per result, `]`) into an ``AtomicFile``, so memory stays
/// flat however large the run; `finish(_:)` commits it (renamed over the destination, keeping an existing file's
/// mode), so a reader never sees a truncated array, and a reporter dropped without `finish(_:)` removes its
/// temporary file.
/// Each record is one line of compact JSON, which keeps the file easy to grep and to diff.
public final class JSONResultsReporter: ResultReporter {
    /// Where the report goes.
    public let path: String

    private enum State {
        case idle
        case running(AtomicFile)
        case finished
    }

    private var state = State.idle
    private var recordCount = 0

    /// Prepares a report; nothing is created until `begin(_:)`.
    ///
    /// - Parameter path: The destination (see ``ReportDestination``: a regular file or missing path is replaced
    ///   atomically, a symlink followed, a device or FIFO written through); its directory must exist.
    public init(path: String) {
        self.path = path
    }

    /// Creates the temporary file and opens the array.
    ///
    /// - Throws: `ReportError` `.writeFailed`, or `.invalidUse` if called twice.
    public func begin(_ run: RunInfo) throws {
        guard case .idle = state else { throw ReportError.outOfOrder("begin", "twice", file: path) }
        let file = try AtomicFile.report(path)
        try ReportError.converting { try file.write("[") }
        state = .running(file)
    }

    /// Appends the result's record.
    ///
    /// - Throws: `ReportError`.
    public func report(_ result: ScenarioResult) throws {
        guard case .running(let file) = state else {
            throw ReportError.outOfOrder("report", "outside begin…finish", file: path)
        }
        let bytes = JSONResultRecord(result).jsonBytes
        try ReportError.converting {
            try file.write(recordCount == 0 ? "\n" : ",\n")
            try bytes.withUnsafeBytes { try file.write($0) }
        }
        recordCount += 1
    }

    /// Closes the array and commits the file: one rename, or one pass into a device or FIFO.
    ///
    /// - Throws: `ReportError` `.writeFailed`; the destination is then left as it was.
    public func finish(_ summary: RunSummary) throws {
        guard case .running(let file) = state else {
            throw ReportError.outOfOrder("finish", "without begin, or twice", file: path)
        }
        state = .finished
        defer { file.discard() }
        try ReportError.converting {
            try file.write("\n]\n")
            try file.commit()
        }
    }
}
