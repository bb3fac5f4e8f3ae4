import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

@Suite("Suite loader: the repository's own suites")
struct SuiteLoaderRepositoryTests {
    @Test("every suite and expectation file under Suites/ loads, and no expectation entry is stale")
    func loadsShippedSuites() throws {
        let loader = try SuiteDocuments.loader()
        let loaded: LoadedSuites
        do {
            loaded = try loader.load([RepositoryFiles.root + "/Suites"])
        } catch {
            Issue.record("\(error)")
            return
        }
        #expect(!loaded.suites.isEmpty)
        for path in loaded.expectationFiles {
            let expectations = try ExpectationFile(contentsOf: path, schema: loader.schema)
            let stale = expectations.unmatchedEntryWarnings(scenarioIDs: loaded.scenarioIDs)
            #expect(stale.isEmpty, "\(stale.map(\.description).joined(separator: "\n"))")
        }
    }
}
