import HarnessCore

/// What ``SuiteLoader/load(_:)`` found: the suites, and the expectation files met on the way.
///
/// Expectation files may sit beside the suites they describe (`Suites/expectations/wk-no-sync.xml`); the loader
/// recognises them by their `<expectations>` root and hands their paths back instead of failing on them, so one
/// `--suites` directory can carry both. A run over many scenarios takes a ``SuiteIndex`` instead
/// (``SuiteLoader/index(_:retainingScenarios:)``), which keeps outlines rather than every scenario.
public struct LoadedSuites: Sendable, Hashable {
    /// In path order: files sorted within each directory, in the order the paths were given.
    public var suites: [Suite]
    /// Files whose root is `<expectations>`, in the same order; load them with ``ExpectationFile/init(contentsOf:schema:)``.
    public var expectationFiles: [String]

    public init(suites: [Suite] = [], expectationFiles: [String] = []) {
        self.suites = suites
        self.expectationFiles = expectationFiles
    }

    /// Every scenario id, in load order (for ``ExpectationFile/unmatchedEntries(scenarioIDs:)``).
    public var scenarioIDs: [String] {
        suites.flatMap { $0.scenarios.map(\.id) }
    }
}
