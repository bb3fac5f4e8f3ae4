import FileAccess
import Foundation
import HarnessCore
import XMLSupport

/// One adapter's expected results: which scenarios it is expected to fail or error on, and why.
///
/// Scenarios state the behaviour an app needs; most adapters are known to miss some of it. Writing those known
/// misses down per adapter (like web-platform-tests metadata) lets CI fail on *changes* only — a regression, or an
/// unexpected pass that means the file should be updated — while the reason stays next to the entry.
///
/// An entry names a scenario id or a glob (`*` any run of characters, `?` exactly one). For a scenario, an exact
/// id beats every glob, and among globs the longest pattern wins (the most specific, as with CSS or routing
/// tables); between globs of equal length the one written first wins. No entry means ``ExpectedStatus/pass``.
public struct ExpectationFile: Sendable, Hashable {
    /// One `<expect>` line.
    public struct Entry: Sendable, Hashable {
        /// A scenario id, or a glob over scenario ids.
        public var pattern: String
        public var status: ExpectedStatus.Kind
        /// Why (required for fail and error); whitespace collapsed to single spaces.
        public var reason: String?
        /// `observed=`: the pattern the failure's message must match (see ``ExpectedStatus/observed``).
        public var observed: String?
        /// Where the entry is written (line of `<expect>`).
        public var location: SuiteLocation
        /// Column of `<expect>`'s `<`, for `file:line:column` messages; 0 if unknown.
        public var column: Int

        public init(
            pattern: String, status: ExpectedStatus.Kind, reason: String? = nil, observed: String? = nil,
            location: SuiteLocation = SuiteLocation(file: "", line: 0), column: Int = 0
        ) {
            self.pattern = pattern
            self.status = status
            self.reason = reason
            self.observed = observed
            self.location = location
            self.column = column
        }

        /// Whether the pattern contains `*` or `?` (read from the UTF-8 octets: both are ASCII).
        public var isGlob: Bool { pattern.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } }

        /// Whether the pattern names `scenarioID`.
        public func matches(_ scenarioID: String) -> Bool {
            isGlob ? Self.glob(Array(pattern), matches: Array(scenarioID)) : pattern == scenarioID
        }

        /// What the runner compares a result with (the reason is dropped for pass, as ``ExpectedStatus`` wants).
        public var expectedStatus: ExpectedStatus {
            ExpectedStatus(status, reason: status == .pass ? nil : reason, observed: status == .fail ? observed : nil)
        }

        /// `*` and `?` matching (``WildcardPattern``), linear in the text for literal stretches.
        static func glob(_ pattern: [Character], matches text: [Character]) -> Bool {
            WildcardPattern.matches(pattern, text)
        }
    }

    /// The adapter the file is for (`adapter=`).
    public var adapter: String
    /// The path it was loaded from; empty for files built in code.
    public var file: String
    /// In file order.
    public var entries: [Entry] { didSet { lookup = Lookup(entries) } }
    /// Where ``entry(forScenario:)`` looks: asked once per result, so a run of many adapters must not scan and
    /// re-read every pattern each time.
    private var lookup: Lookup
    /// Adapters whose expectations apply where this file has no entry (`extends="reference"`): an adapter built on
    /// the reference jar shares its documented deviations without copying them.
    public var extends: [String]
    /// Where `<expectations>` is written (line and column of its `<`), for messages about `adapter=` and
    /// `extends=`; line 0 for files built in code.
    public var rootLine = 0
    public var rootColumn = 0

    public init(adapter: String, file: String = "", entries: [Entry] = [], extends: [String] = []) {
        self.adapter = adapter
        self.file = file
        self.entries = entries
        self.lookup = Lookup(entries)
        self.extends = extends
    }

    /// The entries by exact id (the first written, as file order decides), and the globs, longest first (the first
    /// written among equally long ones): the order ``entry(forScenario:)`` tries them in.
    private struct Lookup: Sendable, Hashable {
        var exact: [String: Int] = [:]
        var globsBySpecificity: [Int] = []

        init(_ entries: [Entry]) {
            var globs: [(index: Int, length: Int)] = []
            for (index, entry) in entries.enumerated() {
                if entry.isGlob {
                    globs.append((index, entry.pattern.count))
                } else if exact[entry.pattern] == nil {
                    exact[entry.pattern] = index
                }
            }
            globsBySpecificity = globs.sorted { $0.length != $1.length ? $0.length > $1.length : $0.index < $1.index }
                .map(\.index)
        }
    }

    /// Loads an `<expectations>` file, checked against the suite schema.
    ///
    /// Besides the schema's rules: every fail or error entry needs a reason (an expected failure nobody can
    /// explain is a bug report waiting to be lost), the pattern must not be empty, and a pattern may appear only
    /// once (two statuses for one id would leave the answer to file order).
    ///
    /// - Parameters:
    ///   - path: The file; kept as written in every location and message.
    ///   - schema: The suite schema (it declares `<expectations>` too).
    /// - Throws: `SuiteLoadingError` with every problem of the file.
    public init(contentsOf path: String, schema: SuiteSchema) throws(SuiteLoadingError) {
        let data: Data
        do {
            data = try InputFile.read(path, maximumSize: XMLTree.defaultMaximumInputSize)
        } catch {
            throw SuiteLoadingError(diagnostics: SuiteLoader.diagnostics(for: error, file: path))
        }
        try self.init(data, file: path, schema: schema)
    }

    /// Loads an `<expectations>` document already in memory, with the checks of ``init(contentsOf:schema:)``:
    /// `update-expectations` checks every file it would write before anything replaces the old one.
    ///
    /// - Parameter file: The name used in locations and messages; nothing is read from it.
    public init(_ data: Data, file path: String, schema: SuiteSchema) throws(SuiteLoadingError) {
        // A valid file, the common case, is parsed and validated in one pass; any other is read again below in two,
        // whose diagnostics say what is wrong (not an <expectations> document, then the schema's complaints).
        if let tree = try? XMLTree.parse(data, file: path, validatingAgainst: schema.xmlSchema),
           tree.root.unprefixedName == "expectations" {
            self = try Self.read(tree.root, file: path)
            return
        }
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(data, file: path)
        } catch {
            throw SuiteLoadingError(diagnostics: SuiteLoader.diagnostics(for: error, file: path))
        }
        guard tree.root.unprefixedName == "expectations" else {
            throw SuiteLoadingError(diagnostics: [
                tree.root.diagnostic(in: path, "expected an <expectations> document, found <\(tree.root.name)>")
            ])
        }
        do {
            let problems = try schema.xmlSchema.validate(data, file: path)
            if problems.contains(where: { $0.severity == .error }) { throw SuiteLoadingError(diagnostics: problems) }
        } catch let error as SuiteLoadingError {
            throw error
        } catch {
            throw SuiteLoadingError(diagnostics: SuiteLoader.diagnostics(for: error, file: path))
        }
        self = try Self.read(tree.root, file: path)
    }

    /// The entries of a schema-valid tree, or every problem the schema could not see.
    static func read(_ root: XMLTree.Element, file: String) throws(SuiteLoadingError) -> ExpectationFile {
        var diagnostics: [XMLDiagnostic] = []
        let header = Header(root, file: file)
        var result = ExpectationFile(adapter: header.adapter, file: file, extends: header.extends)
        (result.rootLine, result.rootColumn) = (header.line, header.column)
        if root.attribute(named: "adapter") == nil {
            diagnostics.append(root.diagnostic(in: file, "<\(root.name)> needs adapter="))
        }
        var firstPlaces: [String: XMLTree.Element] = [:]
        var entries: [Entry] = []
        for element in root.elements {
            guard element.unprefixedName == "expect" else {
                diagnostics.append(element.diagnostic(in: file, "unexpected element <\(element.name)>"))
                continue
            }
            let pattern = SuiteText.trimmed(element[attribute: "scenario"] ?? "")
            let statusText = SuiteText.trimmed(element[attribute: "status"] ?? "")
            guard !pattern.isEmpty else {
                diagnostics.append(element.diagnostic(in: file, "<\(element.name)> needs a scenario id or glob in scenario="))
                continue
            }
            guard let status = ExpectedStatus.Kind(rawValue: statusText) else {
                diagnostics.append(element.diagnostic(
                    in: file, "<\(element.name) scenario=\"\(pattern)\"> needs status= fail, error, flaky or pass"
                ))
                continue
            }
            let reason = SuiteText.collapsed(element.text)
            if status != .pass, reason.isEmpty {
                diagnostics.append(element.diagnostic(
                    in: file,
                    "<\(element.name) scenario=\"\(pattern)\" status=\"\(status.rawValue)\"> needs a reason: "
                        + "say why as the element's text"
                ))
                continue
            }
            if let first = firstPlaces[pattern] {
                diagnostics.append(element.diagnostic(
                    in: file,
                    "duplicate <\(element.name) scenario=\"\(pattern)\">: first at \(file):\(first.line):\(first.column)"
                ))
                continue
            }
            firstPlaces[pattern] = element
            let observed = element[attribute: "observed"]
            if observed != nil, status != .fail {
                diagnostics.append(element.diagnostic(
                    in: file, "<\(element.name) scenario=\"\(pattern)\"> has observed=, which only a status=\"fail\" entry can use"))
                continue
            }
            entries.append(Entry(
                pattern: pattern, status: status, reason: reason.isEmpty ? nil : reason, observed: observed,
                location: SuiteLocation(file: file, line: element.line), column: element.column
            ))
        }
        guard diagnostics.isEmpty else { throw SuiteLoadingError(diagnostics: SuiteLoader.capped(diagnostics)) }
        result.entries = entries
        return result
    }

    // MARK: Questions

    /// What the file expects of a scenario: the winning entry's status and reason, or pass.
    public func expectedStatus(forScenario id: String) -> ExpectedStatus {
        entry(forScenario: id)?.expectedStatus ?? .pass
    }

    /// The entry that decides a scenario's expectation: the exact id, else the longest matching glob (the first
    /// written among equally long ones), else nil.
    public func entry(forScenario id: String) -> Entry? {
        if let exact = lookup.exact[id] { return entries[exact] }
        return lookup.globsBySpecificity.first { entries[$0].matches(id) }.map { entries[$0] }
    }

    /// ``Header/unknownAdapterDiagnostics(known:)`` of this file's header.
    public func unknownAdapterDiagnostics(known: Set<String>) -> [XMLDiagnostic] {
        header.unknownAdapterDiagnostics(known: known)
    }

    /// Levenshtein distance, for "did you mean".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    /// Entries that match none of `scenarioIDs`: stale lines (a renamed or removed scenario) the runner should
    /// warn about, so the file does not silently stop meaning anything.
    ///
    /// One pass over the ids, none kept: a run of a million scenarios gives them one at a time.
    public func unmatchedEntries(scenarioIDs: some Sequence<String>) -> [Entry] {
        var unmatched = Set(entries.indices)
        let exact = Dictionary(grouping: entries.indices.filter { !entries[$0].isGlob }, by: { entries[$0].pattern })
        var globs = entries.indices.filter { entries[$0].isGlob }
        for id in scenarioIDs {
            guard !unmatched.isEmpty else { break }
            for index in exact[id] ?? [] { unmatched.remove(index) }
            globs.removeAll { index in
                guard entries[index].matches(id) else { return false }
                unmatched.remove(index)
                return true
            }
        }
        return entries.indices.filter(unmatched.contains).map { entries[$0] }
    }

    /// ``unmatchedEntries(scenarioIDs:)`` as warnings, `file:line:column: warning: …`, ready to print.
    public func unmatchedEntryWarnings(scenarioIDs: some Sequence<String>) -> [XMLDiagnostic] {
        unmatchedEntries(scenarioIDs: scenarioIDs).map { entry in
            XMLDiagnostic(
                file: entry.location.file, line: entry.location.line, column: entry.column, severity: .warning,
                message: "<expect scenario=\"\(entry.pattern)\"> matches no loaded scenario"
            )
        }
    }
}
