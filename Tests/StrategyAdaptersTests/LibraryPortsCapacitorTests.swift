import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Reporting
import TestSupport
import Testing

/// The port of Capacitor's `CapacitorCookies` (issue 20): every version's simulated adapters run every built-in
/// suite and must match their expectation files exactly, so a port that drifts from the code it re-expresses — or a
/// version that stops differing from its neighbour — fails here.
@Suite("library ports (Capacitor) match their expectation files", .serialized)
struct LibraryPortsCapacitorTests {
    static func adapters() -> [Adapter] {
        let names = Set(SyncStrategyKind.versions(of: CapacitorCookies.library).map(\.name))
        return StrategyAdapterCatalog.simulated.filter { adapter in
            names.contains(adapter.name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? adapter.name)
        }
    }

    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin")
    func catalog() throws {
        let kinds = SyncStrategyKind.versions(of: CapacitorCookies.library)
        #expect(kinds.map(\.name) == CapacitorCookies.Version.allCases.map { "capacitor-cookies:\($0.rawValue)" })
        for kind in kinds {
            let origin = try #require(kind.origin)
            #expect(origin.commit.count == 40 && origin.commit.allSatisfy(\.isHexDigit))
            #expect(origin.repository == "ionic-team/capacitor")
        }
        #expect(Self.adapters().count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count)
    }

    @Test("the page script patches document.cookie through prompt() (4.4.0+) or the bridge handler (4.3.0)")
    func pageScript() {
        let latest = CapacitorCookies.pageScript(.v5_2_3)
        #expect(latest.contains("'CapacitorCookies.isEnabled'") && latest.contains("'CapacitorCookies.get'"))
        #expect(latest.contains("action: val, domain: domain"))
        let first = CapacitorCookies.pageScript(.v4_3_0)
        #expect(first.contains("toNative('CapacitorCookies', 'setCookie'") && !first.contains("'CapacitorCookies.set'"))
    }

    @Test("the built-in suites on Capacitor's adapters give no unexpected result")
    func matchesExpectations() throws {
        let root = RepositoryFiles.root
        let schema = try SuiteSchema.load(from: root + "/Suites/suite.xsd")
        let loaded = try SuiteLoader(schema: schema).load([root + "/Suites"])
        let expectations = try ExpectationSet(loaded.expectationFiles.map { try ExpectationFile(contentsOf: $0, schema: schema) })
        let adapters = Self.adapters()
        for adapter in adapters {
            #expect(expectations.files[adapter.name] != nil, "no expectation file for \(adapter.name)")
        }
        let collector = CollectingReporter()
        let plan = RunPlan(
            suites: loaded.suites, adapters: adapters, jobs: 2,
            expectation: { expectations.expectedStatus(adapter: $0, scenario: $1) })
        _ = try Runner().run(plan, reporter: collector)
        let results = collector.results
        #expect(results.count == adapters.count * loaded.suites.reduce(0) { $0 + $1.scenarios.count })
        let unexpected = results.filter(\.isUnexpected).map { "\($0.adapter.name) \($0.scenarioID): \($0.status)" }
        #expect(unexpected.isEmpty, "\(unexpected.sorted().joined(separator: "\n"))")
    }
}
