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
///
/// Given the run's ``RunIdentity``, it writes that beside the results once they are committed, with their digest
/// (hashed as the bytes are written) and their count.
package final class JSONResultsReporter: ResultReporter {
    /// Where the report goes.
    package let path: String
    /// What the identity file beside the results says; nil writes none.
    package let identity: RunIdentity?

    private enum State {
        case idle
        case running(AtomicFile)
        case finished
    }

    private var state = State.idle
    private var recordCount = 0
    private var digest = SHA256()

    /// Prepares a report; nothing is created until `begin(_:)`.
    ///
    /// - Parameter path: The destination (see ``ReportDestination``: a regular file or missing path is replaced
    ///   atomically, a symlink followed, a device or FIFO written through); its directory must exist.
    ///   - identity: The run's identity, written beside the results (``RunIdentity/path(forResults:)``) unless
    ///     they go through to a device or a FIFO.
    package init(path: String, identity: RunIdentity? = nil) {
        self.path = path
        self.identity = identity
    }

    /// Writes `text` and adds it to the digest.
    private func write(_ text: String, to file: AtomicFile) throws {
        digest.update(Array(text.utf8))
        try ReportError.converting { try file.write(text) }
    }

    /// Creates the temporary file and opens the array.
    ///
    /// - Throws: `ReportError` `.writeFailed`, or `.invalidUse` if called twice.
    package func begin(_ run: RunInfo) throws {
        guard case .idle = state else { throw ReportError.outOfOrder("begin", "twice", file: path) }
        let file = try AtomicFile.report(path)
        digest = SHA256()
        try write("[", to: file)
        state = .running(file)
    }

    /// Appends the result's record.
    ///
    /// - Throws: `ReportError`.
    package func report(_ result: ScenarioResult) throws {
        guard case .running(let file) = state else {
            throw ReportError.outOfOrder("report", "outside begin…finish", file: path)
        }
        let bytes = JSONResultRecord(result).jsonBytes
        try write(recordCount == 0 ? "\n" : ",\n", to: file)
        digest.update(bytes)
        try ReportError.converting { try bytes.withUnsafeBytes { try file.write($0) } }
        recordCount += 1
    }

    /// Closes the array and commits the file: one rename, or one pass into a device or FIFO.
    ///
    /// - Throws: `ReportError` `.writeFailed`; the destination is then left as it was.
    package func finish(_ summary: RunSummary) throws {
        guard case .running(let file) = state else {
            throw ReportError.outOfOrder("finish", "without begin, or twice", file: path)
        }
        state = .finished
        defer { file.discard() }
        try write("\n]\n", to: file)
        try ReportError.converting { try file.commit() }
        if var identity, file.destination.kind == .atomic {
            identity.results = RunIdentity.Results(sha256: digest.finalize(), records: recordCount)
            try ReportDestination.publish(identity.text, to: RunIdentity.path(forResults: path))
        }
    }
}
