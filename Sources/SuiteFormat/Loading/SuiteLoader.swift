import FileAccess
import Foundation
import HarnessCore
import XMLSupport
#if canImport(Glibc)
import Glibc
#endif

/// Loads suite files (XML, checked against `Suites/suite.xsd`) into ``Suite`` values.
///
/// Loading is where a suite author meets the harness, so it behaves like a compiler: every file is parsed with
/// XMLSupport's hardened reader (no network, no external entities or DTDs, bounded size), validated against the
/// schema, then read into the model with the checks the schema cannot express; every problem of every file is
/// collected and thrown together as one ``SuiteLoadingError``, each pointing at `file:line:column`. The rules the
/// schema enforces are checked first; the loader's own checks run on files the schema accepts, so one mistake is
/// never reported twice in two different words.
public struct SuiteLoader: Sendable {
    public let schema: SuiteSchema

    public init(schema: SuiteSchema) {
        self.schema = schema
    }

    /// Loads every suite in `paths`: files as given, directories searched recursively for `*.xml`.
    ///
    /// Within a directory, files are taken in byte order of their paths (hidden files and directories skipped),
    /// so the order of suites, and of everything reported about them, is the same on every machine. A file named
    /// twice (directly and through its directory) is loaded once. Files whose root element is `<expectations>`
    /// are not suites: their paths are returned in ``LoadedSuites/expectationFiles``. Scenario ids must be unique
    /// across everything loaded.
    ///
    /// - Parameter paths: Suite files and directories; a path is kept as written in every location and message.
    /// - Returns: The suites, in that order, and the expectation files found.
    /// - Throws: `SuiteLoadingError` with every problem of every file.
    public func load(_ paths: [String]) throws(SuiteLoadingError) -> LoadedSuites {
        let index = try index(paths, retainingScenarios: .max)
        return LoadedSuites(suites: try index.allSuites(), expectationFiles: index.expectationFiles)
    }

    /// Reads and checks every suite in `paths` as ``load(_:)`` does, keeping whole suites only until
    /// `retainingScenarios` scenarios are kept and the outline of every file after that (``SuiteIndex``): memory
    /// grows with the number of files, not of scenarios, and a run reads a file again when it reaches it.
    ///
    /// - Throws: `SuiteLoadingError` with every problem of every file, as ``load(_:)``.
    public func index(
        _ paths: [String], retainingScenarios limit: Int = SuiteIndex.retainedScenarioLimit
    ) throws(SuiteLoadingError) -> SuiteIndex {
        var outlines: [SuiteOutline] = []
        var retained: [Suite?] = []
        var retainedScenarios = 0
        var expectationHeaders: [ExpectationFile.Header] = []
        var diagnostics: [[XMLDiagnostic]] = []
        var firstDefinitions = FirstDefinitions()
        for file in files(in: paths, problems: &diagnostics) {
            switch read(file) {
            case .failed(let problems):
                diagnostics.append(problems)
            case .expectations(let header):
                expectationHeaders.append(header)
            case .suite(let suite, let scenarioIDs):
                let outline = SuiteOutline(suite)
                outlines.append(outline)
                var problems: [XMLDiagnostic] = []
                for (ordinal, id) in scenarioIDs.enumerated() {
                    let place = FirstDefinitions.Place(
                        outline: UInt32(outlines.count - 1), ordinal: UInt32(ordinal), line: UInt32(clamping: id.line),
                        column: UInt32(clamping: id.column))
                    if let first = firstDefinitions.insert(id.value, at: place, outlines: outlines) {
                        let firstFile = outlines[Int(first.outline)].file
                        problems.append(id.diagnostic(
                            in: file, "duplicate scenario id \"\(id.value)\": first defined at \(firstFile):\(first.line):\(first.column)"))
                    }
                }
                diagnostics.append(Self.capped(problems))
                let keep = suite.scenarios.count <= limit - retainedScenarios
                if keep { retainedScenarios += suite.scenarios.count }
                retained.append(keep ? suite : nil)
            }
        }
        // Once, not per file: within this thread's arena the next file reuses what the last one freed; what must
        // go back is this arena's high-water mark, before worker threads read files again in arenas of their own.
        Self.returnFreedMemory()
        let all = diagnostics.flatMap(Self.sorted)
        guard all.isEmpty else { throw SuiteLoadingError(diagnostics: all) }
        return SuiteIndex(outlines: outlines, expectationHeaders: expectationHeaders, retained: retained, loader: self)
    }

    /// Hands the memory a file's reading freed back to the system (glibc's `malloc_trim`).
    ///
    /// Reading a file needs ≈ 30 times its size for a moment; glibc keeps what is freed in the arena of the thread
    /// that freed it, and a run reads files again on its worker threads, each with an arena of its own, so without
    /// this every thread would keep its own high-water mark (100,000 scenarios in 10 files: 386 MB instead of 180).
    public static func returnFreedMemory() {
        _ = mallocTrim?(0)
    }

    /// glibc's `malloc_trim` (in `<malloc.h>`, which the Glibc module leaves out), looked up once; nil elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }  // nil: RTLD_DEFAULT
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Where each scenario id was first defined, kept small for a million ids: a stable 64-bit hash of the id
    /// leads to the place, and the id itself is compared (read back from its outline) only when two hashes meet.
    struct FirstDefinitions {
        struct Place {
            var outline: UInt32
            var ordinal: UInt32
            var line: UInt32
            var column: UInt32
        }

        private var byHash: [UInt64: Place] = [:]
        /// Ids whose hash another id had first (never seen in practice; kept correct all the same).
        private var collided: [String: Place] = [:]

        /// Records `id` at `place`; returns where it was defined first when it already was.
        mutating func insert(_ id: String, at place: Place, outlines: [SuiteOutline]) -> Place? {
            let hash = StableHash.fnv1a(id)
            guard let existing = byHash[hash] else {
                byHash[hash] = place
                return nil
            }
            if outlines[Int(existing.outline)].scenarioID(at: Int(existing.ordinal)) == id { return existing }
            if let first = collided[id] { return first }
            collided[id] = place
            return nil
        }
    }

    /// Loads one suite file.
    ///
    /// - Parameter path: The file; kept as written in every location and message.
    /// - Throws: `SuiteLoadingError` with every problem of the file, including being an `<expectations>` file.
    public func loadSuite(at path: String) throws(SuiteLoadingError) -> Suite {
        switch read(path) {
        case .failed(let problems):
            throw SuiteLoadingError(diagnostics: Self.sorted(problems))
        case .expectations:
            throw SuiteLoadingError(file: path, "this is an <expectations> file, not a <suite>")
        case .suite(let suite, _):
            return suite
        }
    }

    // MARK: One file

    /// What one file turned out to be.
    enum FileOutcome {
        case suite(Suite, scenarioIDs: [XMLTree.Attribute])
        /// An `<expectations>` file, not read past its root: ``ExpectationFile`` reads it when a command needs it.
        case expectations(ExpectationFile.Header)
        case failed([XMLDiagnostic])
    }

    /// Parses, validates and reads one file, gathering every problem.
    ///
    /// A file is streamed (``XMLStreamReader``): read in pieces, parsed and validated in one pass, each child of
    /// `<suite>` read as soon as it is complete and then freed, so a file of 100,000 scenarios never exists as one
    /// tree, nor as one buffer. A file the
    /// stream cannot take to its end cleanly (not well-formed, not valid, an `<expectations>` file, an entity
    /// reference, an unreadable or oversized file) is read again whole by ``readWhole(_:)``, whose diagnostics
    /// point at the right start tag or attribute, as they always have; what the stream read of it is dropped.
    func read(_ file: String) -> FileOutcome {
        var reader = SuiteReader(file: file)
        var expectationHeader: ExpectationFile.Header?
        let streamed = XMLStreamReader.read(
            contentsOf: file, validatingAgainst: schema.xmlSchema,
            root: { root in
                // Recognised by its root, before validation (as the whole read does), and not read further here:
                // `ExpectationFile` parses it once, and reports its errors.
                guard root.unprefixedName != "expectations" else {
                    expectationHeader = ExpectationFile.Header(root, file: file)
                    return false
                }
                reader.begin(root)
                return true
            },
            child: { reader.add($0) }
        )
        if let expectationHeader { return .expectations(expectationHeader) }
        guard streamed == .finished else { return readWhole(file) }
        guard let suite = reader.finish() else { return .failed(Self.capped(reader.diagnostics)) }
        return .suite(suite, scenarioIDs: reader.scenarioIDs)
    }

    /// Reads one file as a whole tree, then validates it: how a faulty file is described.
    func readWhole(_ file: String) -> FileOutcome {
        let data: Data
        let tree: XMLTree
        do {
            data = try InputFile.read(file, maximumSize: XMLTree.defaultMaximumInputSize)
            tree = try XMLTree.parse(data, file: file)
        } catch {
            return .failed(Self.diagnostics(for: error, file: file))
        }
        // Recognised before validation, so an expectation file is skipped even while it has errors of its own.
        if tree.root.unprefixedName == "expectations" { return .expectations(ExpectationFile.Header(tree.root, file: file)) }
        do {
            let problems = try schema.xmlSchema.validate(data, file: file)
            if problems.contains(where: { $0.severity == .error }) { return .failed(problems) }
        } catch {
            return .failed(Self.diagnostics(for: error, file: file))
        }
        var reader = SuiteReader(file: file)
        guard let suite = reader.read(tree.root) else { return .failed(Self.capped(reader.diagnostics)) }
        return .suite(suite, scenarioIDs: reader.scenarioIDs)
    }

    static func diagnostics(for error: any Error, file: String) -> [XMLDiagnostic] {
        if let error = error as? XMLSupportError { return SuiteLoadingError(error, file: file).diagnostics }
        if let error = error as? FileAccessError { return SuiteLoadingError(XMLSupportError(error), file: file).diagnostics }
        return SuiteLoadingError(file: file, "\(error)").diagnostics
    }

    /// A file's diagnostics by position; problems without a position (line 0) first.
    static func sorted(_ diagnostics: [XMLDiagnostic]) -> [XMLDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    /// Problems the loader itself finds, kept per file: like libxml2's (XMLSupport caps those), a generated file
    /// with a mistake repeated 100,000 times gives the first ones and a count, not 100,000 lines.
    static let maximumDiagnosticsPerFile = 50

    /// One file's diagnostics by position, the first ``maximumDiagnosticsPerFile`` of them, then one line saying
    /// how many more there are.
    static func capped(_ diagnostics: [XMLDiagnostic]) -> [XMLDiagnostic] {
        let all = sorted(diagnostics)
        guard all.count > maximumDiagnosticsPerFile else { return all }
        var kept = Array(all.prefix(maximumDiagnosticsPerFile))
        let last = kept[kept.count - 1]
        kept.append(XMLDiagnostic(
            file: last.file, line: last.line, column: last.column,
            message: "and \(diagnostics.count - maximumDiagnosticsPerFile) more diagnostics in this file "
                + "(only the first \(maximumDiagnosticsPerFile) are shown)"))
        return kept
    }

    // MARK: Finding files

    /// The files to read, in order, without repeats; problems with the paths themselves go to `problems`.
    func files(in paths: [String], problems: inout [[XMLDiagnostic]]) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        func add(_ file: String) {
            let key = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            if seen.insert(key).inserted { result.append(file) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(SuiteLoadingError(file: path, "no such file or directory").diagnostics)
                continue
            }
            guard isDirectory.boolValue else {
                add(path)
                continue
            }
            let walk = FolderWalk.walkReportingNames(path) { $0.hasSuffix(".xml") }
            for name in walk.unnamable {
                // Skipped unseen, a suite would not run while 'validate' says the folder is valid.
                problems.append(SuiteLoadingError(
                    file: name, "the file name is not UTF-8, so it cannot be read or named in a report; rename it (e.g. convmv -f latin1 -t utf8)"
                ).diagnostics)
            }
            if walk.files.isEmpty, walk.unnamable.isEmpty {
                problems.append(SuiteLoadingError(file: path, "no suite files (*.xml) in this directory").diagnostics)
            }
            walk.files.forEach(add)
        }
        return result
    }

    /// Every `*.xml` regular file under `directory`, sorted by path bytes: symlinks followed (a suite folder may be a
    /// link, or hold linked subfolders), each real folder read once, hidden entries (`.git`, editor backups) skipped.
    static func xmlFiles(under directory: String) -> [String] {
        FolderWalk.files(under: directory) { $0.hasSuffix(".xml") }
    }
}
