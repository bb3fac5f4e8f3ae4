/// Where a run takes its suites from: an outline of every file up front, and a file's whole suite when the run
/// reaches it.
///
/// The runner needs no more than this of the suite format, so it reads scenarios through it and the format (XML,
/// the schema, expectation files: SuiteFormat's `SuiteIndex`) stays out of HarnessCore.
public protocol ScenarioSource: Sendable {
    /// One per suite file, in load order.
    var outlines: [SuiteOutline] { get }
    /// Whether file `index` is kept in memory (false: ``suite(at:)`` reads it again).
    func isRetained(_ index: Int) -> Bool
    /// The suite of file `index`: kept, or read again.
    ///
    /// - Throws: when the file can no longer be read, or changed since the outline was made; the run reports the
    ///   error's description for each of the file's jobs.
    func suite(at index: Int) throws -> Suite
}

extension ScenarioSource {
    /// How many scenarios every file holds together.
    public var scenarioCount: Int { outlines.reduce(0) { $0 + $1.scenarioCount } }

    /// Every scenario id, in load order, one at a time (never an array of a million strings).
    public var scenarioIDs: some Sequence<String> {
        outlines.lazy.flatMap { outline in (0..<outline.scenarioCount).lazy.map(outline.scenarioID(at:)) }
    }
}

/// Suites built in memory (tests, generated scenarios): every one kept, nothing read again.
public struct SuitesInMemory: ScenarioSource {
    public let suites: [Suite]
    public let outlines: [SuiteOutline]

    public init(_ suites: [Suite]) {
        self.suites = suites
        self.outlines = suites.map(SuiteOutline.init)
    }

    public func isRetained(_ index: Int) -> Bool { true }

    public func suite(at index: Int) -> Suite { suites[index] }
}
