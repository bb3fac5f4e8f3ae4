import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import CookieStores

/// Every built-in suite against `python-cookiejar`: each result must be the one its expectation file states.
///
/// `Suites/expectations/python-cookiejar.xml` lists, scenario by scenario, where Python's `http.cookiejar`
/// deviates from RFC 6265bis and why (section and CPython source). A new failure, an error, or a scenario that
/// starts passing fails this test: the list stays true.
@Suite("python-cookiejar on the built-in suites")
struct OutOfProcessBuiltInSuitesTests {
    static let expectationsPath = "\(OutOfProcessSupport.packageRoot)/Suites/expectations/python-cookiejar.xml"

    @Test("every built-in scenario passes, fails as listed, or is skipped for a missing capability")
    func builtInSuites() throws {
        let root = OutOfProcessSupport.packageRoot
        let schema = try SuiteSchema.load(from: "\(root)/Suites/suite.xsd")
        let loaded = try SuiteLoader(schema: schema).load(["\(root)/Suites"])
        let expectations = try ExpectationFile(contentsOf: Self.expectationsPath, schema: schema)
        #expect(expectations.adapter == ExternalAdapters.pythonCookiejarName)
        #expect(expectations.unmatchedEntries(scenarioIDs: loaded.scenarioIDs).isEmpty)

        let adapter = try OutOfProcessSupport.pythonCookiejar().adapter()
        let reporter = OutOfProcessCollectingReporter()
        let plan = RunPlan(suites: loaded.suites, adapters: [adapter], jobs: 2) { _, scenario in
            expectations.expectedStatus(forScenario: scenario)
        }
        let summary = try Runner().run(plan, reporter: reporter)

        #expect(summary.errored == 0)
        #expect(summary.passed + summary.failed + summary.skipped == reporter.results.count)
        OutOfProcessSupport.recordUnexpected(reporter.results, adapter: "python-cookiejar")
    }
}
