import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieStores

/// Every built-in suite against each library adapter of issue 12 (tough-cookie, go-cookiejar, libsoup, aiohttp):
/// each result must be the one its expectation file states, as `OutOfProcessBuiltInSuitesTests` does for
/// `python-cookiejar`. A test is disabled, with the package to install, only when the adapter's runtime is missing
/// (`ExternalAdapters.RuntimeMissing`); a present runtime that fails is a failure.
@Suite("library adapters on the built-in suites", .serialized, .timeLimit(.minutes(5)))
struct OutOfProcessLibraryAdaptersTests {
    static func describe(_ name: String) throws -> ExternalAdapter {
        let root = RepositoryFiles.root
        let library = [ExternalAdapters.toughCookieSpec, ExternalAdapters.goCookiejarSpec, ExternalAdapters.libsoupSpec, ExternalAdapters.aiohttpSpec]
        guard let spec = library.first(where: { $0.name == name }) else { fatalError("not a library adapter: \(name)") }
        return try spec.description(currentDirectory: root, requestTimeout: .seconds(10))
    }

    /// True when the adapter can be described (its runtime is there); only a missing runtime disables a test.
    static func runtimePresent(_ name: String) -> Bool {
        do {
            _ = try describe(name)
            return true
        } catch is ExternalAdapters.RuntimeMissing {
            return false
        } catch {
            return true  // any other problem must show up as a failure of the test itself
        }
    }

    @Test("tough-cookie: every scenario passes, fails as listed, or is skipped for a missing capability",
          .enabled(if: runtimePresent(ExternalAdapters.toughCookieSpec.name), "node missing: install nodejs and node-tough-cookie (.ci/install-deps)"))
    func toughCookie() throws { try Self.check(ExternalAdapters.toughCookieSpec.name) }

    @Test("go-cookiejar: every scenario passes, fails as listed, or is skipped for a missing capability",
          .enabled(if: runtimePresent(ExternalAdapters.goCookiejarSpec.name), "go missing or the adapter does not build: install golang-go (.ci/install-deps)"))
    func goCookiejar() throws { try Self.check(ExternalAdapters.goCookiejarSpec.name) }

    @Test("libsoup: every scenario passes, fails as listed, or is skipped for a missing capability",
          .enabled(if: runtimePresent(ExternalAdapters.libsoupSpec.name), "/usr/bin/python3 missing: install python3, python3-gi, gir1.2-soup-3.0 (.ci/install-deps)"))
    func libsoup() throws { try Self.check(ExternalAdapters.libsoupSpec.name) }

    @Test("aiohttp: every scenario passes, fails as listed, or is skipped for a missing capability",
          .enabled(if: runtimePresent(ExternalAdapters.aiohttpSpec.name), "no .build/aiohttp-venv: run .ci/install-deps"))
    func aiohttp() throws { try Self.check(ExternalAdapters.aiohttpSpec.name) }

    static func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectations(for: name)
        #expect(expectations.adapter == name, sourceLocation: sourceLocation)
        #expect(expectations.unmatchedEntries(scenarioIDs: loaded.scenarioIDs).isEmpty, sourceLocation: sourceLocation)

        let external = try describe(name)
        defer { external.stopIdleProcesses() }
        let adapter = external.adapter()
        // A library whose start fails (PyGObject or aiohttp not importable) errs on every scenario: said once.
        #expect(adapter.capabilities.contains(.storeInspection), "\(name) did not start: \(adapter.summary)", sourceLocation: sourceLocation)
        let reporter = CollectingReporter()
        let plan = RunPlan(suites: loaded.suites, adapters: [adapter], jobs: 2) { _, scenario in
            expectations.expectedStatus(forScenario: scenario)
        }
        let summary = try Runner().run(plan, reporter: reporter)
        #expect(summary.passed > 200, "\(name): only \(summary.passed) passed", sourceLocation: sourceLocation)
        #expect(summary.passed + summary.failed + summary.skipped + summary.errored == reporter.results.count, sourceLocation: sourceLocation)
        BuiltInSuites.recordUnexpected(reporter.results, adapter: name, sourceLocation: sourceLocation)
    }
}
