import FileAccess
import XMLSupport
import Foundation

/// Reading a results file written by `run --json` (a JSON array of ``JSONResultRecord``s), for the commands that
/// work on saved runs (`diff`, `merge`).
package enum JSONResultsFile {
    /// The results file a command argument names: the file itself, or `results.json` inside a report folder.
    package static func resolve(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (path as NSString).appendingPathComponent("results.json")
        }
        return path
    }

    /// The largest record read (32 MiB, the limit of every XML input): records stream in one at a time, so the
    /// file itself may be as large as a run writes (823 MB for a million scenarios), but one record is held whole.
    package static let maximumRecordSize = XMLTree.defaultMaximumInputSize

    /// The records of one results file, in the order they were written, read as the file streams in (never held
    /// whole).
    ///
    /// - Parameter keepingTranscripts: false leaves out each record's transcript and details, for commands that
    ///   need only statuses and messages (`diff`, `run --rerun`, `update-expectations`): a big run's results then
    ///   take a fraction of the file's size in memory.
    /// - Throws: ``InvalidResultsInput`` naming the file and, for bad JSON, where in it.
    package static func read(_ path: String, keepingTranscripts: Bool = true) throws(InvalidResultsInput) -> [JSONResultRecord] {
        var digest: SHA256?
        return try read(path, keepingTranscripts: keepingTranscripts, digest: &digest)
    }

    /// A saved run: its records and, when the run wrote one, its identity (``RunIdentity``), checked against the
    /// records' file as it is read.
    package struct SavedRun: Sendable {
        package var path: String
        package var records: [JSONResultRecord]
        package var identity: RunIdentity?
    }

    /// The records of one results file and the identity beside it (nil when there is none).
    /// - Throws: ``InvalidResultsInput`` as ``read(_:keepingTranscripts:)`` does, and for an identity that cannot
    ///   be read or belongs to other results.
    package static func readRun(_ path: String, keepingTranscripts: Bool = true) throws(InvalidResultsInput) -> SavedRun {
        var digest: SHA256? = SHA256()
        let records = try read(path, keepingTranscripts: keepingTranscripts, digest: &digest)
        let identity = try RunIdentity.read(forResults: path, resultsDigest: digest!.finalize())
        return SavedRun(path: path, records: records, identity: identity)
    }

    /// Refuses a run whose results list an (adapter, scenario) pair more than once: read as one, the later result
    /// would hide the earlier (a failure, then a pass).
    package static func refuseRepeatedPairs(_ run: SavedRun) throws(InvalidResultsInput) {
        var seen = Set<String>()
        var repeated: [String] = []
        for record in run.records where !seen.insert(record.adapter + "\u{0}" + record.scenario).inserted {
            repeated.append("\(record.adapter) \(record.scenario)")
        }
        guard !repeated.isEmpty else { return }
        throw InvalidResultsInput(
            "\(run.path): error: lists \(repeated.count == 1 ? "a result" : "\(repeated.count) results") twice ("
                + repeated.prefix(5).joined(separator: ", ") + (repeated.count > 5 ? ", …" : "")
                + "): not the results of one run (a run writes each (adapter, scenario) once)")
    }

    private static func read(
        _ path: String, keepingTranscripts: Bool, digest: inout SHA256?
    ) throws(InvalidResultsInput) -> [JSONResultRecord] {
        let notResults = "\(path): error: not a results file (a JSON array of result records, as 'run --json' writes)"
        var records: [JSONResultRecord] = []
        var elements = JSONArrayElements(maximumElementSize: maximumRecordSize)
        let decoder = JSONDecoder()
        do {
            // Not Data(contentsOf:): it leaks a buffer per file (the results-files fuzz target, LeakSanitizer)
            // and would wait on a FIFO; InputFile refuses one at once. The file's limit is libxml2's int, 2 GB.
            try InputFile.forEachChunk(path, maximumSize: Int(Int32.max)) { chunk in
                digest?.update(chunk)
                try elements.feed(chunk) { index, bytes in
                    var record: JSONResultRecord
                    do {
                        record = try decoder.decode(JSONResultRecord.self, from: Data(bytes))
                    } catch let error as DecodingError {
                        throw InvalidResultsInput("\(notResults): \(describe(error, at: "[\(index)]"))")
                    }
                    guard ["pass", "fail", "skip", "error"].contains(record.status) else {
                        throw InvalidResultsInput(
                            "\(path): error: at [\(index)].status: '\(record.status)' of \(record.scenario) is not pass, fail, skip or error")
                    }
                    if !keepingTranscripts {
                        record.transcript = []
                        record.details = nil
                    }
                    records.append(record)
                }
            }
            try elements.finish()
        } catch let error as InvalidResultsInput {
            throw error
        } catch let problem as JSONArrayElements.Problem {
            // A JUnit report given for the JSON results (both are in Reports/): say so, not "not valid JSON".
            throw InvalidResultsInput(
                problem.isXML
                    ? "\(path): error: an XML file (a JUnit report?), not JSON results: give the file 'run --json' writes (default Reports/results.json)"
                    : problem.isTooLarge ? "\(path): error: cannot read the results file: \(problem.message)" : "\(notResults): \(problem.message)")
        } catch let error as FileAccessError {
            throw InvalidResultsInput("\(path): error: cannot read the results file: \(error.message)")
        } catch {
            throw InvalidResultsInput("\(path): error: cannot read the results file: \(error)")
        }
        return records
    }

    /// `at [3].status: expected a string` rather than Foundation's nested dump.
    static func describe(_ error: DecodingError, at prefix: String = "") -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = prefix + codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "at the top level" : "at \(text.hasPrefix(".") ? String(text.dropFirst()) : text)"
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath)): missing key '\(key.stringValue)'"
        @unknown default:
            return "\(error)"
        }
    }
}

/// A saved report that cannot be used as input (unreadable, not JSON results, not JUnit, shards that do not fit):
/// the message names the file and what is wrong, for exit status 2.
package struct InvalidResultsInput: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
