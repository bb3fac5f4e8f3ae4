import CookieModel
import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Reporting
import TestSupport
import Testing
import WebKitModel

/// The API the library ports (issue 20) call, and each library's port against its expectation files.
@Suite("library ports", .serialized)
struct LibraryPortTests {
    /// A strategy that logs the hooks the ports use, to see the harness deliver them.
    final class HookLogger: SyncStrategy, WKHTTPCookieStoreObserver {
        let name = "hook-logger"
        func appDidLaunch(_ app: StrategyContext) {
            // Before any web view exists: WebKit lets an app observe the default store at launch.
            app.webKit.defaultDataStore().httpCookieStore.add(self)
            context = app
        }
        private var context: StrategyContext?
        func webView(_ webView: WKWebView, didCommit navigation: WKNavigation, app: StrategyContext) {
            app.log("hook: didCommit \(webView.url?.absoluteString ?? "?")")
        }
        func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
            context?.log("hook: cookiesDidChange")
        }
    }

    static func hookAdapter(_ profile: PlatformProfile) -> Adapter {
        Adapter(
            info: AdapterInfo(name: "hook-logger@\(profile.name)", version: "1", profile: profile.name), summary: "",
            capabilities: StrategyAdapterCatalog.webViewCapabilities
        ) { environment in try WebViewApp(environment: environment, profile: profile) { HookLogger() } }
    }

    @Test("webView(_:didCommit:) reaches the strategy once per committed page, with the new page's URL", arguments: [PlatformProfile.ios, .ios11])
    func didCommit(profile: PlatformProfile) throws {
        let run = try StrategyFixtures.run(
            "did-commit", [StrategyFixtures.load("https://app.example.com/home"), StrategyFixtures.load("https://app.example.com/next")],
            on: Self.hookAdapter(profile))
        let commits = run.transcript.filter { $0.contains("hook: didCommit") }
        #expect(commits.count == 2, "\(run.transcript)")
        #expect(commits.last?.hasSuffix("https://app.example.com/next") == true)
    }

    @Test("a WKHTTPCookieStoreObserver added at launch, before any web view, is told of a page's Set-Cookie")
    func observerBeforeWebView() throws {
        let run = try StrategyFixtures.run(
            "observer-at-launch", [StrategyFixtures.load("https://app.example.com/signin")], on: Self.hookAdapter(.ios))
        let observed = run.transcript.firstIndex { $0.contains("hook: cookiesDidChange") }
        let opened = run.transcript.firstIndex { $0.contains("web view opened") }
        #expect(observed != nil, "\(run.transcript)")
        #expect(opened != nil)
    }

    /// `HTTPCookieStorage.shared` as a list, for the protocol's default `setCookies(_:for:mainDocumentURL:)`.
    final class ListStorage: NativeCookieStorage {
        var cookies: [Cookie] = []
        func cookies(for url: URL) -> [Cookie] { cookies }
        func setCookie(_ cookie: Cookie) {
            cookies.removeAll { $0.hasSameIdentity(as: cookie) }
            cookies.append(cookie)
        }
        func deleteCookie(_ cookie: Cookie) { cookies.removeAll { $0.hasSameIdentity(as: cookie) } }
        func setCookies(fromSetCookieLines lines: [String], for url: URL) {}
    }

    @Test("setCookies(_:for:mainDocumentURL:) stores the cookies whose domain matches the URL's host, drops the others")
    func setCookiesForURL() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let storage = ListStorage()
        let cookies = [
            Cookie.make(name: "host", value: "1", domain: "app.example.com", now: now),
            Cookie.make(name: "parent", value: "2", domain: ".example.com", now: now),
            Cookie.make(name: "sibling", value: "3", domain: "login.example.com", now: now),
            Cookie.make(name: "other", value: "4", domain: ".other.example", now: now),
            Cookie.make(name: "child", value: "5", domain: ".deep.app.example.com", now: now),
        ]
        let url = URL(string: "https://app.example.com/home")!
        storage.setCookies(cookies, for: url, mainDocumentURL: url)
        #expect(storage.cookies.map(\.name) == ["host", "parent"])
        storage.setCookies(cookies, for: nil, mainDocumentURL: url)
        #expect(storage.cookies.count == 2)
    }

    @Test("HTTPCookie.cookies(withResponseHeaderFields:for:): the folded field split at cookie boundaries, host-only without Domain, a foreign Domain dropped")
    func responseHeaderFields() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let folded = "a=1; Path=/, b=2; Domain=example.com; Expires=Wed, 01 Jan 2031 00:00:00 GMT, c=3; Domain=other.example"
        let cookies = CookieHeaders.cookies(
            withResponseHeaderFields: ["Set-Cookie": folded], for: URL(string: "https://app.example.com/x/y")!, now: now)
        #expect(cookies.map(\.name) == ["a", "b"])
        #expect(cookies.first?.httpCookieDomain == "app.example.com")
        #expect(cookies.last?.httpCookieDomain == ".example.com")
        #expect(cookies.last?.isPersistent == true)
    }
}

/// Each library's ports on the simulated profiles must do what their expectation files say: a change to a port (or
/// to the API under it) that changes any scenario's outcome fails here until the port or the file is fixed.
@Suite("library ports match their expectation files", .serialized)
struct LibraryPortDriftTests {
    /// Every library a port comes from, once each.
    static let libraries = Array(Set(SyncStrategyKind.libraries.compactMap(\.origin?.library))).sorted()

    @Test("every library is checked: a new port joins without a change here")
    func everyLibrary() {
        #expect(Self.libraries.count == 9, "\(Self.libraries)")
    }

    @Test("every version of each library, on ios, ios-11 and webkitgtk, has no unexpected result", arguments: libraries)
    func noDrift(library: String) throws {
        let kinds = Set(SyncStrategyKind.versions(of: library).map(\.name))
        #expect(!kinds.isEmpty)
        let adapters = StrategyAdapterCatalog.simulated.filter { kinds.contains(String($0.name.prefix { $0 != "@" })) }
        #expect(adapters.count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count)
        let root = RepositoryFiles.root
        let schema = try SuiteSchema.load(from: root + "/Suites/suite.xsd")
        let loaded = try SuiteLoader(schema: schema).load([root + "/Suites"])
        let expectations = try ExpectationSet(loaded.expectationFiles.map { try ExpectationFile(contentsOf: $0, schema: schema) })
        for adapter in adapters { #expect(expectations.files[adapter.name] != nil, "no expectation file for \(adapter.name)") }
        let collector = CollectingReporter()
        _ = try Runner().run(
            RunPlan(suites: loaded.suites, adapters: adapters, jobs: 2) { adapter, scenario in
                expectations.expectedStatus(adapter: adapter, scenario: scenario)
            }, reporter: collector)
        let results = collector.results
        #expect(results.count == adapters.count * loaded.scenarioIDs.count)
        for result in results where result.isUnexpected {
            Issue.record("\(result.adapter.name) \(result.scenarioID): \(result.status.name), expected \(result.expected.status.rawValue)")
        }
    }
}
