import Foundation
import HarnessCore

/// Writes every result as a JSON array of `JSONResultRecord`s, streamed and published atomically.
///
/// The array is written as the run goes (`[`, one record per result, `]`) into a temporary file next to the
/// destination, so memory stays flat however large the run; `finish(_:)` renames it over the destination, so a
/// reader never sees a truncated array, and a reporter dropped without `finish(_:)` removes its temporary file.
/// Each record is one line of compact JSON, which keeps the file easy to grep and to diff.
public final class JSONResultsReporter: ResultReporter {
    /// Where the report goes.
    public let path: String

    private enum State {
        case idle
        case running(TemporaryFile, ReportOutput)
        case finished
    }

    private var state = State.idle
    private var recordCount = 0
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

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
        let output = try ReportOutput(path)
        let file = try TemporaryFile(nextTo: output.writePath, purpose: "tmp", anonymous: false)
        try file.write("[")
        state = .running(file, output)
    }

    /// Appends the result's record.
    ///
    /// - Throws: `EncodingError` (not expected: every field is a string, number or bool), `ReportError`.
    public func report(_ result: ScenarioResult) throws {
        guard case .running(let file, _) = state else {
            throw ReportError.outOfOrder("report", "outside begin…finish", file: path)
        }
        let data = try encoder.encode(JSONResultRecord(result))
        try file.write(recordCount == 0 ? "\n" : ",\n")
        try data.withUnsafeBytes { try file.write($0) }
        recordCount += 1
    }

    /// Closes the array and publishes the file in one rename.
    ///
    /// - Throws: `ReportError` `.writeFailed`; the destination is then left as it was.
    public func finish(_ summary: RunSummary) throws {
        guard case .running(let file, let output) = state else {
            throw ReportError.outOfOrder("finish", "without begin, or twice", file: path)
        }
        state = .finished
        do {
            try file.write("\n]\n")
            try file.publish()
            try output.deliver()
        } catch {
            file.discard()
            output.discard()
            throw error
        }
    }
}
