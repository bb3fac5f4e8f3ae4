import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Reporting
import TestSupport
import Testing

/// The ports of react-native-webview, @react-native-cookies/cookies, cordova-plugin-wkwebview-inject-cookie and
/// webview_cookie_manager (issue 20, part B): each library's simulated adapters run every built-in suite and must
/// match their expectation files exactly, so a port that drifts from the code it re-expresses — or a version
/// that stops differing from its neighbour — fails here.
@Suite("library ports (part B) match their expectation files", .serialized)
struct LibraryPortsBTests {
    static let libraries = [
        ReactNativeWebViewSharedCookies.library, ReactNativeCookiesSetThenLoad.library, CordovaInjectCookie.library,
        WebviewCookieManagerFlutter.library,
    ]

    static func adapters(of library: String) -> [Adapter] {
        let names = Set(SyncStrategyKind.versions(of: library).map(\.name))
        return StrategyAdapterCatalog.simulated.filter { adapter in
            names.contains(adapter.name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? adapter.name)
        }
    }

    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin", arguments: libraries)
    func catalog(library: String) throws {
        let kinds = SyncStrategyKind.versions(of: library)
        #expect(!kinds.isEmpty)
        for kind in kinds {
            let origin = try #require(kind.origin)
            #expect(origin.commit.count == 40 && origin.commit.allSatisfy(\.isHexDigit))
            #expect(kind.name.hasSuffix(":" + origin.version))
        }
        #expect(Self.adapters(of: library).count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count)
    }

    @Test("the built-in suites on the library's adapters give no unexpected result", arguments: libraries)
    func matchesExpectations(library: String) throws {
        let root = RepositoryFiles.root
        let schema = try SuiteSchema.load(from: root + "/Suites/suite.xsd")
        let loaded = try SuiteLoader(schema: schema).load([root + "/Suites"])
        let expectations = try ExpectationSet(loaded.expectationFiles.map { try ExpectationFile(contentsOf: $0, schema: schema) })
        let adapters = Self.adapters(of: library)
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
