import FileAccess
import Foundation

/// Writes a run's unexpected results back into expectation files, as web-platform-tests' `update-metadata` does:
/// a new failure gets an entry whose cause is a draft to review, a fixed one loses its entry, and nothing a person
/// wrote is lost.
///
/// The files are edited as text, entry by entry, so comments, causes, `extends=`, order and layout stay as they
/// were:
/// - **newly failing** (expected to pass): an entry `status="fail"` with `observed=` set to the failure message and
///   the text `DRAFT — review the cause. Observed: …`, inserted in scenario order;
/// - **failing for another reason** (`failed, but not as expected`): the entry's `observed=` becomes the new message;
///   its cause is kept, and an XML comment before it says what changed, for review;
/// - **passing** while an entry says it fails: the file's own entry for that scenario is removed; an entry the file
///   inherits through `extends=` gets an own `status="pass"` entry instead;
/// - an entry whose `scenario=` is a pattern (`*`, `?`) is never edited: the result is listed as left alone;
/// - errors are listed, never written: an error is the adapter's to fix, not an expectation.
public struct ExpectationUpdater: Sendable {
    /// One result of a run, as the updater needs it (a JSON results record carries all of it).
    public struct Result: Sendable, Hashable {
        public var adapter: String
        public var scenario: String
        /// `pass`, `fail`, `error` or `skip`.
        public var status: String
        /// `pass`, `fail`, `error` or `flaky`: what the expectation files said.
        public var expectedStatus: String
        public var unexpected: Bool
        public var message: String

        public init(adapter: String, scenario: String, status: String, expectedStatus: String, unexpected: Bool, message: String) {
            self.adapter = adapter
            self.scenario = scenario
            self.status = status
            self.expectedStatus = expectedStatus
            self.unexpected = unexpected
            self.message = message
        }
    }

    /// What the updater did to one scenario of one adapter.
    public enum Change: Sendable, Hashable, CustomStringConvertible {
        case added(adapter: String, scenario: String)
        case observedChanged(adapter: String, scenario: String)
        case removed(adapter: String, scenario: String)
        case overriddenAsPass(adapter: String, scenario: String)
        case leftAlone(adapter: String, scenario: String, reason: String)

        public var description: String {
            switch self {
            case .added(let a, let s): "\(a): \(s): new failure added (draft cause: review it)"
            case .observedChanged(let a, let s): "\(a): \(s): fails for another reason now: observed= updated, cause kept (review it)"
            case .removed(let a, let s): "\(a): \(s): passes now: its entry removed"
            case .overriddenAsPass(let a, let s): "\(a): \(s): passes now: an own status=\"pass\" entry overrides the inherited one"
            case .leftAlone(let a, let s, let reason): "\(a): \(s): left alone: \(reason)"
            }
        }
    }

    /// The folder of expectation files (`Suites/expectations`).
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The new text of each file that changes (path → text), and the changes, without writing anything.
    public func plan(_ results: [Result]) throws -> (files: [String: String], changes: [Change]) {
        var files = try existingFiles()
        var edited: [String: ExpectationText] = [:]
        var changes: [Change] = []
        for result in results.sorted(by: { ($0.adapter, $0.scenario) < ($1.adapter, $1.scenario) }) where result.unexpected {
            let path = files[result.adapter] ?? (directory as NSString).appendingPathComponent(result.adapter + ".xml")
            files[result.adapter] = path
            var text = try edited[path] ?? ExpectationText(
                contentsOf: path, orNew: ExpectationText.newFile(adapter: result.adapter))
            let message = Self.message(of: result)
            if let pattern = text.patternEntry(covering: result.scenario) {
                changes.append(.leftAlone(
                    adapter: result.adapter, scenario: result.scenario, reason: "the entry scenario=\"\(pattern)\" is a pattern"))
                continue
            }
            switch result.status {
            case "fail" where text.entryStatus(result.scenario) == "fail":
                // Another failure than the entry states (or a stale entry): the cause stays, observed= follows the run.
                text.setObserved(message, scenario: result.scenario)
                changes.append(.observedChanged(adapter: result.adapter, scenario: result.scenario))
            case "fail":
                // An own entry that says otherwise (pass, error) gives way to the draft.
                text.remove(scenario: result.scenario)
                text.insert(ExpectationText.draftEntry(scenario: result.scenario, message: message), scenario: result.scenario)
                changes.append(.added(adapter: result.adapter, scenario: result.scenario))
            case "pass" where text.hasEntry(result.scenario):
                text.remove(scenario: result.scenario)
                changes.append(.removed(adapter: result.adapter, scenario: result.scenario))
            case "pass":
                text.insert(
                    "  <expect scenario=\"\(ExpectationText.escape(result.scenario))\" status=\"pass\"/>", scenario: result.scenario)
                changes.append(.overriddenAsPass(adapter: result.adapter, scenario: result.scenario))
            default:
                changes.append(.leftAlone(
                    adapter: result.adapter, scenario: result.scenario, reason: "\(result.status) results are not written: \(message)"))
                continue
            }
            edited[path] = text
        }
        return (edited.mapValues(\.text), changes)
    }

    /// Plans and writes the files (each one as every file is written, `AtomicFile`: atomically, keeping its mode,
    /// through a symlink to its target).
    @discardableResult
    public func apply(_ results: [Result]) throws -> [Change] {
        let (files, changes) = try plan(results)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            try AtomicFile.write(text, to: path)
        }
        return changes
    }

    /// The failure message as an `observed=` pattern: without the run's "(+N more failed checks)" summary and the
    /// "failed, but not as expected: " prefix.
    static func message(of result: Result) -> String {
        var message = result.message
        let prefix = "failed, but not as expected: "
        if message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        if let range = message.range(of: #" \(\+\d+ more failed checks?\)$"#, options: .regularExpression) {
            message.removeSubrange(range)
        }
        return message
    }

    /// The expectation file of each adapter in the folder, by its `adapter=`.
    private func existingFiles() throws -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".xml") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let adapter = ExpectationText.rootAdapter(in: text)
            else { continue }
            files[adapter] = path
        }
        return files
    }
}

/// An expectation file's text, edited one `<expect>` element at a time.
struct ExpectationText {
    private(set) var lines: [String]

    var text: String { lines.joined(separator: "\n") }

    init(text: String) {
        lines = text.components(separatedBy: "\n")
    }

    init(contentsOf path: String, orNew new: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            self.init(text: try String(contentsOfFile: path, encoding: .utf8))
        } else {
            self.init(text: new)
        }
    }

    static func newFile(adapter: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- \(escape(adapter)): written by 'cookie-harness update-expectations'; every DRAFT cause is to be reviewed against its transcript. -->
        <expectations xmlns="urn:cookieharness:suite:1" adapter="\(escape(adapter))">
        </expectations>

        """
    }

    static func draftEntry(scenario: String, message: String) -> String {
        "  <expect scenario=\"\(escape(scenario))\" status=\"fail\" observed=\"\(escape(message))\">"
            + "DRAFT — review the cause. Observed: \(escape(message, quotes: false))</expect>"
    }

    static func escape(_ text: String, quotes: Bool = true) -> String {
        var out = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        if quotes { out = out.replacingOccurrences(of: "\"", with: "&quot;") }
        return out
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func rootAdapter(in text: String) -> String? {
        guard let root = text.range(of: "<expectations"),
              let match = text[root.upperBound...].range(of: #"adapter="[^"]*""#, options: .regularExpression)
        else { return nil }
        return unescape(String(text[match].dropFirst("adapter=\"".count).dropLast()))
    }

    /// `scenario=` of the `<expect>` element starting on line `index`, if one does.
    private func scenario(onLine index: Int) -> String? {
        let line = lines[index]
        guard let start = line.range(of: "<expect "),
              let match = line[start.upperBound...].range(of: #"scenario="[^"]*""#, options: .regularExpression)
        else { return nil }
        return Self.unescape(String(line[match].dropFirst("scenario=\"".count).dropLast()))
    }

    /// The lines of the element starting on line `index`: up to the line that closes it.
    private func span(from index: Int) -> ClosedRange<Int> {
        var end = index
        while end < lines.count - 1, !Self.closes(lines[end], first: end == index) { end += 1 }
        return index...end
    }

    private static func closes(_ line: String, first: Bool) -> Bool {
        line.contains("</expect>") || line.trimmingCharacters(in: .whitespaces).hasSuffix("/>")
            || (first && line.range(of: #"<expect [^>]*/>"#, options: .regularExpression) != nil)
    }

    private func entryLine(_ scenario: String) -> Int? {
        lines.indices.first { self.scenario(onLine: $0) == scenario }
    }

    func hasEntry(_ scenario: String) -> Bool { entryLine(scenario) != nil }

    /// `status=` of the scenario's own entry.
    func entryStatus(_ scenario: String) -> String? {
        guard let line = entryLine(scenario),
              let match = lines[line].range(of: #"status="[^"]*""#, options: .regularExpression)
        else { return nil }
        return String(lines[line][match].dropFirst("status=\"".count).dropLast())
    }

    /// A pattern entry (`*`, `?`) that matches `scenario`, if any: such entries are hand-written and left alone.
    func patternEntry(covering scenario: String) -> String? {
        lines.indices.compactMap { self.scenario(onLine: $0) }.first { pattern in
            (pattern.contains("*") || pattern.contains("?"))
                && ExpectationFile.Entry.glob(Array(pattern), matches: Array(scenario))
        }
    }

    mutating func remove(scenario: String) {
        guard let line = entryLine(scenario) else { return }
        lines.removeSubrange(span(from: line))
    }

    /// Inserts `entry` before the first entry whose scenario sorts after `scenario`, or before `</expectations>`.
    mutating func insert(_ entry: String, scenario: String) {
        for index in lines.indices {
            if let other = self.scenario(onLine: index), other > scenario {
                lines.insert(entry, at: index)
                return
            }
            if lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("</expectations>") {
                lines.insert(entry, at: index)
                return
            }
        }
        // A file whose root is empty (`<expectations …/>`): open it.
        if let root = lines.firstIndex(where: { $0.contains("<expectations") && $0.hasSuffix("/>") }) {
            lines[root].removeLast(2)
            lines[root] += ">"
            lines.insert(contentsOf: [entry, "</expectations>"], at: root + 1)
        }
    }

    /// Sets `observed=` of the scenario's entry (adding it when missing) and puts a review comment before it.
    mutating func setObserved(_ message: String, scenario: String) {
        guard let line = entryLine(scenario) else { return }
        let escaped = Self.escape(message)
        let indent = String(lines[line].prefix { $0 == " " })
        if let range = lines[line].range(of: #"observed="[^"]*""#, options: .regularExpression) {
            let old = String(lines[line][range])
            lines[line].replaceSubrange(range, with: "observed=\"\(escaped)\"")
            let was = old.replacingOccurrences(of: "--", with: "- -")
            lines.insert("\(indent)<!-- review: the failure changed (was \(was)); update the cause if it no longer holds -->", at: line)
        } else if let range = lines[line].range(of: "status=\"fail\"") {
            lines[line].replaceSubrange(range, with: "status=\"fail\" observed=\"\(escaped)\"")
            lines.insert("\(indent)<!-- review: observed= added from a run; check the cause against it -->", at: line)
        }
    }
}
