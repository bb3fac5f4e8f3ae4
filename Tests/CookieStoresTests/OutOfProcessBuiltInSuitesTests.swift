import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieStores

/// Every built-in suite against `python-cookiejar`: each result must be the one its expectation file states.
///
/// `Suites/expectations/python-cookiejar.xml` lists, scenario by scenario, where Python's `http.cookiejar`
/// deviates from RFC 6265bis and why (section and CPython source). A new failure, an error, or a scenario that
/// starts passing fails this test: the list stays true.
@Suite("python-cookiejar on the built-in suites")
struct OutOfProcessBuiltInSuitesTests {

    @Test("every built-in scenario passes, fails as listed, or is skipped for a missing capability")
    func builtInSuites() throws {
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectations(for: ExternalAdapters.pythonCookiejarSpec.name)
        #expect(expectations.adapter == ExternalAdapters.pythonCookiejarSpec.name)
        #expect(expectations.unmatchedEntries(scenarioIDs: loaded.scenarioIDs).isEmpty)

        let adapter = try OutOfProcessSupport.pythonCookiejar().adapter()
        let reporter = CollectingReporter()
        let plan = RunPlan(suites: loaded.suites, adapters: [adapter], jobs: 2) { _, scenario in
            expectations.expectedStatus(forScenario: scenario)
        }
        let summary = try Runner().run(plan, reporter: reporter)

        #expect(summary.errored == 0)
        #expect(summary.passed + summary.failed + summary.skipped == reporter.results.count)
        BuiltInSuites.recordUnexpected(reporter.results, adapter: "python-cookiejar")
    }
}
