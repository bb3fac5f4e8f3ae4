import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieStores

/// Every built-in suite against `libsoup-model`: each result must be the one `libsoup-model.xml` states. Runs
/// everywhere (the model is in process), so the file stays true even where libsoup itself is not installed.
@Suite("libsoup-model on the built-in suites")
struct LibsoupModelBuiltInSuitesTests {
    @Test("every built-in scenario passes, fails as listed, or is skipped for a missing capability")
    func builtInSuites() throws {
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectations(for: StoreAdapters.libsoupModel.name)
        #expect(expectations.adapter == StoreAdapters.libsoupModel.name)
        #expect(expectations.unmatchedEntries(scenarioIDs: loaded.scenarioIDs).isEmpty)

        let reporter = CollectingReporter()
        let plan = RunPlan(suites: loaded.suites, adapters: [StoreAdapters.libsoupModel], jobs: 2) { _, scenario in
            expectations.expectedStatus(forScenario: scenario)
        }
        let summary = try Runner().run(plan, reporter: reporter)
        #expect(summary.errored == 0)
        #expect(summary.passed > 200)
        BuiltInSuites.recordUnexpected(reporter.results, adapter: StoreAdapters.libsoupModel.name)
    }
}
