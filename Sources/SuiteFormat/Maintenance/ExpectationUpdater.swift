import FileAccess
import Foundation
import HarnessCore
import XMLSupport

/// Writes a run's unexpected results back into expectation files, as web-platform-tests' `update-metadata` does:
/// a new failure gets an entry whose cause is a draft to review, a fixed one loses its entry, and nothing a person
/// wrote is lost.
///
/// The files are edited as text, entry by entry (``ExpectationText``), so comments, causes, `extends=`, order and
/// layout stay as they were:
/// - **newly failing** (expected to pass): an entry `status="fail"` with `observed=` set to the failure message and
///   the text `DRAFT — review the cause. Observed: …`, inserted in scenario order;
/// - **failing for another reason** (`failed, but not as expected`): the entry's `observed=` becomes the new message;
///   its cause is kept, and an XML comment before it says what changed, for review;
/// - **passing** while an entry says it fails: the file's own entry for that scenario is removed; an entry the file
///   inherits through `extends=` gets an own `status="pass"` entry instead;
/// - an entry whose `scenario=` is a pattern (`*`, `?`) is never edited: the result is listed as left alone;
/// - errors are listed, never written: an error is the adapter's to fix, not an expectation.
///
/// A results file is data, not instructions (issue 17): only scenario ids of the loaded suites and adapters the
/// harness builds in are written, as literal ids; an adapter's file name comes from a fixed mapping that cannot
/// leave the folder; and every file is checked (well-formed, valid for the schema, holding exactly the intended
/// entries) before any is replaced, then all are replaced or none.
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
    /// The schema every file written must be valid for.
    public var schema: SuiteSchema
    /// The scenario ids of the loaded suites: the only ids written.
    public var scenarioIDs: Set<String>
    /// The adapters whose files may be written (the built-in catalog).
    public var adapters: Set<String>
    /// What the expectation files say now for (adapter, scenario), inherited entries included: a result they already
    /// state is left out, so that updating twice from the same results changes nothing the second time.
    public var currentExpectation: (@Sendable (String, String) -> ExpectedStatus)?

    /// - Parameters:
    ///   - directory: The folder of expectation files; nothing is written outside it.
    ///   - schema: The suite schema, which declares `<expectations>`.
    ///   - scenarioIDs: The ids of the loaded suites; a result for another id is refused.
    ///   - adapters: The adapters the harness builds in; a result of another adapter is refused (an adapter known
    ///     only through `--external` would get a file that every plain run refuses).
    ///   - currentExpectation: What the files say now (``ExpectationSet/expectedStatus(adapter:scenario:)``).
    public init(
        directory: String, schema: SuiteSchema, scenarioIDs: Set<String>, adapters: Set<String>,
        currentExpectation: (@Sendable (String, String) -> ExpectedStatus)? = nil
    ) {
        self.directory = directory
        self.schema = schema
        self.scenarioIDs = scenarioIDs
        self.adapters = adapters
        self.currentExpectation = currentExpectation
    }

    /// Whether the files already expect `result` as it happened: a pass where they say pass, an error where they
    /// say error, a failure where they say fail with an `observed=` its message matches, anything but an error
    /// where they say flaky.
    func isStated(_ result: Result) -> Bool {
        guard let current = currentExpectation?(result.adapter, result.scenario) else { return false }
        switch (result.status, current.status) {
        case ("pass", .pass), ("error", .error), ("pass", .flaky), ("fail", .flaky): return true
        case ("fail", .fail):
            return current.observed.map { ExpectationFile.Entry.glob(Array($0), matches: Array(Self.message(of: result))) } ?? true
        default: return false
        }
    }

    /// The new text of each file that changes (path → text), and the changes, without writing anything; every
    /// text is already checked.
    /// - Throws: ``ExpectationUpdateError``: `.invalidInput` for names the results may not use or an existing file
    ///   that is not valid, `.notWritten` for an edit that would not give a valid file with the intended entries.
    public func plan(_ results: [Result]) throws(ExpectationUpdateError) -> (files: [String: String], changes: [Change]) {
        let unexpected = try acceptedResults(results)
        let paths = try filePaths(for: Set(unexpected.map(\.adapter)))
        var files: [String: String] = [:]
        var changes: [Change] = []
        var problems: [String] = []
        for (adapter, adapterResults) in Dictionary(grouping: unexpected, by: \.adapter).sorted(by: { $0.key < $1.key }) {
            do {
                let (text, fileChanges) = try edit(adapterResults, adapter: adapter, path: paths[adapter]!)
                if let text { files[paths[adapter]!.path] = text }
                changes += fileChanges
            } catch {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else {
            throw ExpectationUpdateError(problems: problems, kind: .notWritten)
        }
        return (files, changes)
    }

    /// Plans, then writes every file or none (``writeAllOrNone(_:)``).
    /// - Throws: ``ExpectationUpdateError``, and nothing is replaced.
    @discardableResult
    public func apply(_ results: [Result]) throws(ExpectationUpdateError) -> [Change] {
        try write(try plan(results))
    }

    /// Writes a plan made by ``plan(_:)`` (every file or none), for a caller that looked at it first.
    /// - Throws: ``ExpectationUpdateError``, and nothing is replaced.
    @discardableResult
    public func write(_ plan: (files: [String: String], changes: [Change])) throws(ExpectationUpdateError) -> [Change] {
        try Self.writeAllOrNone(plan.files)
        return plan.changes
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

    /// `message` as an `observed=` pattern XML can carry: a character it cannot (a control character) becomes `?`,
    /// the pattern for any one character, so the entry still matches the message the run gives.
    static func observedPattern(_ message: String) -> String {
        var pattern = String.UnicodeScalarView()
        for scalar in message.unicodeScalars {
            pattern.append(XMLStreamWriter.visiblyEscaped(String(scalar)) == String(scalar) ? scalar : "?")
        }
        return String(pattern)
    }

    // MARK: Names from the results are data

    /// The unexpected results, one per (adapter, scenario), once every name in them is known.
    private func acceptedResults(_ results: [Result]) throws(ExpectationUpdateError) -> [Result] {
        var problems: [String] = []
        var byKey: [String: Result] = [:]
        var unknownAdapters: Set<String> = []
        for result in results where result.unexpected && !isStated(result) {
            if !adapters.contains(result.adapter) {
                if unknownAdapters.insert(result.adapter).inserted {
                    problems.append(
                        "update-expectations: error: adapter \(Self.shown(result.adapter)) is not built into this harness: its results are not written "
                            + "(the expectation file of an adapter run with --external belongs outside the suite folders, "
                            + "where plain runs do not read it; give it to 'run' with --expectations FILE and edit it by hand)")
                }
                continue
            }
            if !scenarioIDs.contains(result.scenario) {
                problems.append(
                    "update-expectations: error: scenario \(Self.shown(result.scenario)) (adapter \(Self.shown(result.adapter))) is in no loaded suite: "
                        + "give the suite paths the run used (--suites PATH)")
                continue
            }
            if result.scenario.contains(where: { $0 == "*" || $0 == "?" }) {
                // Loaded ids cannot hold them (the schema's Identifier), but an entry would read them as a glob.
                problems.append(
                    "update-expectations: error: scenario \(Self.shown(result.scenario)) cannot be written as a literal id: expectation files read * and ? as globs")
                continue
            }
            let key = result.adapter + "\n" + result.scenario
            if let earlier = byKey[key], (earlier.status, earlier.message) != (result.status, result.message) {
                // Say what differs: two failures with different messages read "fail and fail" otherwise.
                let difference = earlier.status != result.status
                    ? "\(earlier.status) and \(result.status)"
                    : "both \(result.status), with different messages: \(Self.shown(earlier.message)) and \(Self.shown(result.message))"
                problems.append(
                    "update-expectations: error: two results for adapter \(Self.shown(result.adapter)), scenario \(Self.shown(result.scenario)) disagree "
                        + "(\(difference)): give the results of one run")
                continue
            }
            byKey[key] = result
        }
        guard problems.isEmpty else { throw ExpectationUpdateError(problems: problems, kind: .invalidInput) }
        return byKey.values.sorted { ($0.adapter, $0.scenario) < ($1.adapter, $1.scenario) }
    }

    /// Where each adapter's file is: the folder's file whose `adapter=` names it, or a new file named by
    /// ``fileName(forAdapter:)``; never outside the folder, never a file that belongs to another adapter.
    private func filePaths(for adapters: Set<String>) throws(ExpectationUpdateError) -> [String: (path: String, exists: Bool)] {
        var existing: [String: [String]] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasSuffix(".xml") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = try? InputFile.read(path, maximumSize: XMLTree.defaultMaximumInputSize),
                  let adapter = ExpectationText.rootAdapter(in: String(decoding: data, as: UTF8.self)),
                  adapters.contains(adapter)
            else { continue }
            existing[adapter, default: []].append(path)
        }
        var paths: [String: (path: String, exists: Bool)] = [:]
        var problems: [String] = []
        for adapter in adapters.sorted() {
            if let found = existing[adapter] {
                if found.count > 1 {
                    problems.append("update-expectations: error: two expectation files are for adapter \(Self.shown(adapter)): \(found.joined(separator: ", "))")
                }
                paths[adapter] = (found[0], true)
                continue
            }
            guard let name = Self.fileName(forAdapter: adapter), let path = Self.path(of: name, inside: directory) else {
                problems.append("update-expectations: error: adapter \(Self.shown(adapter)) has no file name that stays inside \(directory)")
                continue
            }
            var status = stat()
            if lstat(path, &status) == 0 || paths.values.contains(where: { $0.path == path }) {
                problems.append(
                    "\(path): error: the new file for adapter \(Self.shown(adapter)) would replace this file, which is not that adapter's")
                continue
            }
            paths[adapter] = (path, false)
        }
        guard problems.isEmpty else { throw ExpectationUpdateError(problems: problems, kind: .invalidInput) }
        return paths
    }

    /// The file name of a new adapter's file: the name itself where it is plain (`wk-no-sync@ios-11.xml`), any other
    /// character as `_`, never a leading `.`; nil for an empty or overlong name.
    package static func fileName(forAdapter adapter: String) -> String? {
        var name = String.UnicodeScalarView()
        for scalar in adapter.unicodeScalars {
            let plain = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_.:@+=,".unicodeScalars.contains(scalar)
            name.append(plain ? scalar : "_")
        }
        if name.first == "." { name.replaceSubrange(name.startIndex...name.startIndex, with: ["_"]) }
        guard !name.isEmpty, name.count <= 200 else { return nil }
        return String(name) + ".xml"
    }

    /// `directory/name`, if that path, resolved, is a file directly inside `directory`.
    package static func path(of name: String, inside directory: String) -> String? {
        guard !name.contains("/"), name != ".", name != ".." else { return nil }
        let path = (directory as NSString).appendingPathComponent(name)
        let folder = URL(fileURLWithPath: directory).standardizedFileURL.path
        let resolved = URL(fileURLWithPath: path).standardizedFileURL
        guard resolved.deletingLastPathComponent().path == folder, resolved.lastPathComponent == name else { return nil }
        return path
    }

    /// A name from a results file as a message shows it: quoted, control characters escaped.
    static func shown(_ name: String) -> String {
        "'" + String(name.debugDescription.dropFirst().dropLast()) + "'"
    }

    // MARK: Editing one file

    /// The new text of one adapter's file (nil when nothing changes) and the changes, checked.
    private func edit(_ results: [Result], adapter: String, path: (path: String, exists: Bool)) throws(ExpectationUpdateError)
        -> (String?, [Change])
    {
        let oldText: String
        if path.exists {
            let data: Data
            do {
                data = try InputFile.read(path.path, maximumSize: XMLTree.defaultMaximumInputSize)
            } catch {
                throw ExpectationUpdateError(problems: ["\(path.path): error: cannot read it: \(error.message)"], kind: .invalidInput)
            }
            // The edits are UTF-8 text: another encoding would be mixed with it, or decoded lossily and written back.
            guard let decoded = String(data: data, encoding: .utf8),
                  decoded.prefix(while: { $0 != ">" }).range(
                      of: #"encoding\s*=\s*["'](?!utf-?8["'])"#, options: [.regularExpression, .caseInsensitive]) == nil
            else {
                throw ExpectationUpdateError(
                    problems: ["\(path.path): error: not UTF-8; update-expectations edits UTF-8 files only"], kind: .invalidInput)
            }
            oldText = decoded
        } else {
            do {
                oldText = try ExpectationText.newFile(adapter: adapter)
            } catch {
                throw ExpectationUpdateError(problems: ["\(path.path): error: \(error)"], kind: .notWritten)
            }
        }
        let old: ExpectationFile
        do {
            old = try ExpectationFile(Data(oldText.utf8), file: path.path, schema: schema)
        } catch {
            throw ExpectationUpdateError(
                problems: ["\(path.path): error: not a valid expectation file; fix it first:\n\(error.description)"],
                kind: .invalidInput)
        }
        guard old.adapter == adapter else {
            throw ExpectationUpdateError(
                problems: ["\(path.path): error: adapter=\(Self.shown(old.adapter)), not \(Self.shown(adapter)); the file is left alone"],
                kind: .invalidInput)
        }
        var text = ExpectationText(text: oldText)
        var intended = Dictionary(uniqueKeysWithValues: old.entries.map { ($0.pattern, IntendedEntry($0)) })
        var changes: [Change] = []
        do {
            for result in results {
                let own = old.entries.first { !$0.isGlob && $0.pattern == result.scenario }
                let message = Self.message(of: result)
                let observed = Self.observedPattern(message)
                if own == nil, let pattern = old.entries.first(where: { $0.isGlob && $0.matches(result.scenario) })?.pattern {
                    changes.append(.leftAlone(
                        adapter: adapter, scenario: result.scenario, reason: "the entry scenario=\"\(pattern)\" is a pattern"))
                    continue
                }
                switch result.status {
                case "fail" where own?.status == .fail:
                    // Another failure than the entry states (or a stale entry): the cause stays, observed= follows the run.
                    try text.setObserved(observed, old: own?.observed, scenario: result.scenario)
                    intended[result.scenario]?.observed = observed
                    changes.append(.observedChanged(adapter: adapter, scenario: result.scenario))
                case "fail":
                    // An own entry that says otherwise (pass, error) gives way to the draft.
                    text.remove(scenario: result.scenario)
                    text.insert(
                        try ExpectationText.draftEntry(scenario: result.scenario, observed: observed, message: message),
                        scenario: result.scenario)
                    intended[result.scenario] = IntendedEntry(status: .fail, reason: nil, observed: observed, draft: true)
                    changes.append(.added(adapter: adapter, scenario: result.scenario))
                case "pass" where own != nil:
                    text.remove(scenario: result.scenario)
                    intended[result.scenario] = nil
                    changes.append(.removed(adapter: adapter, scenario: result.scenario))
                case "pass":
                    text.insert(try ExpectationText.passEntry(scenario: result.scenario), scenario: result.scenario)
                    intended[result.scenario] = IntendedEntry(status: .pass, reason: nil, observed: nil)
                    changes.append(.overriddenAsPass(adapter: adapter, scenario: result.scenario))
                default:
                    changes.append(.leftAlone(
                        adapter: adapter, scenario: result.scenario, reason: "\(result.status) results are not written: \(message)"))
                }
            }
        } catch {
            throw ExpectationUpdateError(problems: ["\(path.path): error: \(error)"], kind: .notWritten)
        }
        guard changes.contains(where: { if case .leftAlone = $0 { false } else { true } }) else { return (nil, changes) }
        try check(text.text, path: path.path, old: old, intended: intended)
        return (text.text, changes)
    }

    /// What an entry should be after the edit: untouched ones exactly as they were.
    private struct IntendedEntry: Equatable {
        var status: ExpectedStatus.Kind
        var reason: String?
        var observed: String?
        /// A new entry: any non-empty cause will do (the draft's text is the writer's business).
        var draft = false

        init(status: ExpectedStatus.Kind, reason: String?, observed: String?, draft: Bool = false) {
            (self.status, self.reason, self.observed, self.draft) = (status, reason, observed, draft)
        }

        init(_ entry: ExpectationFile.Entry) {
            self.init(status: entry.status, reason: entry.reason, observed: entry.observed)
        }

        func isMet(by entry: ExpectationFile.Entry) -> Bool {
            entry.status == status && entry.observed == observed && (draft ? entry.reason != nil : entry.reason == reason)
        }
    }

    /// Parses the new text as the loader will: well-formed, valid for the schema, the loader's own rules, and
    /// exactly the intended entries (a layout the text editor misread must not lose or change another entry).
    private func check(_ text: String, path: String, old: ExpectationFile, intended: [String: IntendedEntry])
        throws(ExpectationUpdateError)
    {
        let new: ExpectationFile
        do {
            new = try ExpectationFile(Data(text.utf8), file: path, schema: schema)
        } catch {
            throw ExpectationUpdateError(
                problems: ["\(path): error: the updated file would not be valid, so it is not written:\n\(error.description)"],
                kind: .notWritten)
        }
        let entries = Dictionary(new.entries.map { ($0.pattern, $0) }) { first, _ in first }
        let wrong = Set(entries.keys).symmetricDifference(intended.keys)
            .union(intended.filter { pattern, entry in entries[pattern].map { !entry.isMet(by: $0) } ?? false }.keys)
        guard wrong.isEmpty, new.adapter == old.adapter, new.extends == old.extends else {
            throw ExpectationUpdateError(
                problems: [
                    "\(path): error: the file's layout is one update-expectations cannot edit in place (entries "
                        + wrong.sorted().map(Self.shown).joined(separator: ", ")
                        + " would not come out as intended); edit it by hand, or write each <expect> on one line with double quotes"
                ],
                kind: .notWritten)
        }
    }
}

/// Why `update-expectations` wrote nothing: every problem, one per line.
public struct ExpectationUpdateError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The results or an existing file cannot be used (exit 2).
        case invalidInput
        /// A file could not be made or written (exit 3).
        case notWritten
    }

    public var problems: [String]
    public var kind: Kind

    public init(problems: [String], kind: Kind) {
        self.problems = problems
        self.kind = kind
    }

    /// The first 20 problems, then a count of the rest.
    public var description: String {
        let shown = problems.prefix(20)
        return shown.joined(separator: "\n")
            + (problems.count > shown.count ? "\n… and \(problems.count - shown.count) more" : "")
    }
}
