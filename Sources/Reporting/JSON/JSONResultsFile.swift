import Foundation
import XMLSupport

/// Reading a results file written by `run --json` (a JSON array of ``JSONResultRecord``s), for the commands that
/// work on saved runs (`diff`, `merge`).
public enum JSONResultsFile {
    /// The results file a command argument names: the file itself, or `results.json` inside a report folder.
    public static func resolve(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (path as NSString).appendingPathComponent("results.json")
        }
        return path
    }

    /// The records of one results file, in the order they were written.
    /// - Throws: ``InvalidResultsInput`` naming the file and, for bad JSON, where in it.
    public static func read(_ path: String) throws(InvalidResultsInput) -> [JSONResultRecord] {
        let data: Data
        do {
            // Not Data(contentsOf:): it leaks a buffer per file (the results-files fuzz target, LeakSanitizer)
            // and would wait on a FIFO; InputFile refuses one at once. The limit is libxml2's int, 2 GB.
            data = try InputFile.read(path, maximumSize: Int(Int32.max))
        } catch let error as XMLSupportError {
            throw InvalidResultsInput("\(path): error: cannot read the results file: \(error.message)")
        } catch {
            throw InvalidResultsInput("\(path): error: cannot read the results file: \(error)")
        }
        // A JUnit report given for the JSON results (both are in Reports/): say so, not "not valid JSON".
        if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "<") {
            throw InvalidResultsInput(
                "\(path): error: an XML file (a JUnit report?), not JSON results: give the file 'run --json' writes (default Reports/results.json)")
        }
        let records: [JSONResultRecord]
        do {
            records = try JSONDecoder().decode([JSONResultRecord].self, from: data)
        } catch let error as DecodingError {
            throw InvalidResultsInput(
                "\(path): error: not a results file (a JSON array of result records, as 'run --json' writes): \(describe(error))")
        } catch {
            throw InvalidResultsInput("\(path): error: not a results file: \(error)")
        }
        for (index, record) in records.enumerated() where !["pass", "fail", "skip", "error"].contains(record.status) {
            throw InvalidResultsInput(
                "\(path): error: at [\(index)].status: '\(record.status)' of \(record.scenario) is not pass, fail, skip or error")
        }
        return records
    }

    /// `at [3].status: expected a string` rather than Foundation's nested dump.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
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
public struct InvalidResultsInput: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
