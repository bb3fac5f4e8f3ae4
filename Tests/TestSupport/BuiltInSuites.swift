import Foundation
import HarnessCore
import SuiteFormat
import Testing

/// The repository's built-in suites (`Suites/`) with their schema and expectation files, loaded once per test
/// process and shared by every test that runs them.
public enum BuiltInSuites {
    public static let schema: Result<SuiteSchema, any Error> = Result { try SuiteSchema.load(from: RepositoryFiles.suiteSchema) }

    public static let loaded: Result<LoadedSuites, any Error> = Result {
        try SuiteLoader(schema: try schema.get()).load([RepositoryFiles.path("Suites")])
    }

    public static var suites: [Suite] { get throws { try loaded.get().suites } }

    /// Every expectation file of `Suites/`, as a run reads them.
    public static let expectationSet: Result<ExpectationSet, any Error> = Result {
        let suiteSchema = try schema.get()
        return try ExpectationSet(try loaded.get().expectationFiles.map { try ExpectationFile(contentsOf: $0, schema: suiteSchema) })
    }

    /// `Suites/expectations/ADAPTER.xml`.
    public static func expectations(for adapter: String) throws -> ExpectationFile {
        try ExpectationFile(contentsOf: RepositoryFiles.path("Suites/expectations/\(adapter).xml"), schema: try schema.get())
    }

    /// The scenario with `id` and its suite.
    public static func scenario(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (Scenario, Suite) {
        for suite in try suites {
            if let scenario = suite.scenarios.first(where: { $0.id == id }) { return (scenario, suite) }
        }
        Issue.record("no built-in scenario \(id)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Records one issue per unexpected result of `adapter`, saying what to do about it (its expectation file is
    /// `Suites/expectations/ADAPTER.xml`).
    public static func recordUnexpected(
        _ results: [ScenarioResult], adapter: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for result in results where result.isUnexpected {
            let detail: String
            switch result.status {
            case .passed: detail = "passes now: remove its entry from Suites/expectations/\(adapter).xml"
            case .failed(let failure): detail = failure.message
            case .skipped(let reason): detail = reason
            case .errored(let error): detail = error
            }
            Issue.record(
                "\(adapter) \(result.scenarioID): \(result.status.name), expected \(result.expected.status.rawValue): \(detail)",
                sourceLocation: sourceLocation)
        }
    }
}
