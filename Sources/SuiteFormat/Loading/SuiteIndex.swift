import Foundation
import HarnessCore

/// Every suite file of a run as the run needs to know it before a scenario starts: each file's suite id, title and
/// scenario ids and tags (a ``SuiteOutline``), and the full ``Suite`` of the first files only.
///
/// A loaded scenario costs ≈ 1.2–1.5 KB and a million of them would not fit a CI job's memory (docs/big-suites.md),
/// while selection, counts, duplicate ids and expectation checks need only ids and tags (≈ 30 bytes a scenario
/// here). So the loader keeps whole suites until ``retainedScenarioLimit`` scenarios are kept and outlines after
/// that; the run reads such a file again when it reaches it (``suite(at:)``) and lets it go when it leaves. The
/// built-in suites (a few thousand scenarios) are always kept whole, and read once.
public struct SuiteIndex: ScenarioSource {
    /// One per suite file, in load order (``SuiteLoader/load(_:)``'s order).
    public let outlines: [SuiteOutline]
    /// Files whose root is `<expectations>`, met among the suite paths, each with what its root says.
    public let expectationHeaders: [ExpectationFile.Header]
    /// The paths of ``expectationHeaders``.
    public var expectationFiles: [String] { expectationHeaders.map(\.file) }
    /// The whole suite, for the files kept in memory; nil for those read again when the run reaches them.
    private let retained: [Suite?]
    /// Reads a file that was not kept; nil for an index built from suites in memory.
    private let loader: SuiteLoader?

    /// How many scenarios an index keeps whole by default (≈ 35 MB); beyond, files are read again when run.
    public static let retainedScenarioLimit = 25_000

    /// An index of suites built in memory (tests, generated benchmarks): every one is kept.
    public init(suites: [Suite], expectationHeaders: [ExpectationFile.Header] = []) {
        self.outlines = suites.map(SuiteOutline.init)
        self.expectationHeaders = expectationHeaders
        self.retained = suites
        self.loader = nil
    }

    init(outlines: [SuiteOutline], expectationHeaders: [ExpectationFile.Header], retained: [Suite?], loader: SuiteLoader) {
        self.outlines = outlines
        self.expectationHeaders = expectationHeaders
        self.retained = retained
        self.loader = loader
    }

    /// The suite of file `index`: kept, or read again from its file.
    ///
    /// - Throws: ``SuiteLoadingError`` when the file can no longer be read, or no longer passes the checks it
    ///   passed when the run started (it was changed during the run).
    public func suite(at index: Int) throws(SuiteLoadingError) -> Suite {
        if let suite = retained[index] { return suite }
        guard let loader else { preconditionFailure("an index built from suites keeps every suite") }
        defer { SuiteLoader.returnFreedMemory() }
        return try loader.loadSuite(at: outlines[index].file)
    }

    /// Whether file `index` is kept in memory (false: ``suite(at:)`` reads it again).
    public func isRetained(_ index: Int) -> Bool { retained[index] != nil }

    /// Every suite, each read again if it was not kept: for commands that need every scenario at once and are
    /// not run on huge inputs (`show`, `compare`, `list`).
    ///
    /// - Throws: ``SuiteLoadingError`` when a file that was not kept can no longer be read.
    public func allSuites() throws(SuiteLoadingError) -> [Suite] {
        var suites: [Suite] = []
        for index in outlines.indices { suites.append(try suite(at: index)) }
        return suites
    }
}
