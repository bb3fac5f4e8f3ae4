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
/// to the API under it) that changes any scenario's outcome fails here until the port or the file is fixed. And each
/// port must earn its place: a release range whose cookie code differs from the one before must show it somewhere.
@Suite("library ports match their expectation files", .serialized)
struct LibraryPortDriftTests {
    /// Every library a port comes from, once each.
    static let libraries = Array(Set(SyncStrategyKind.libraries.compactMap(\.origin?.library))).sorted()

    /// Every version of every library on each of ``StrategyAdapterCatalog/libraryProfiles``, over the built-in
    /// suites: one run, shared by the tests below.
    static let portRun: Result<(adapters: [Adapter], scenarioCount: Int, results: [ScenarioResult]), any Error> = Result {
        let kinds = Set(SyncStrategyKind.libraries.map(\.name))
        let adapters = StrategyAdapterCatalog.simulated.filter { kinds.contains(kindName(of: $0.name)) }
        let loaded = try BuiltInSuites.loaded.get()
        let expectations = try BuiltInSuites.expectationSet.get()
        let collector = CollectingReporter()
        _ = try Runner().run(
            RunPlan(suites: loaded.suites, adapters: adapters, jobs: 2) { adapter, scenario in
                expectations.expectedStatus(adapter: adapter, scenario: scenario)
            }, reporter: collector)
        return (adapters, loaded.scenarioIDs.count, collector.results)
    }

    /// `capacitor-cookies:4.3.0` for `capacitor-cookies:4.3.0@ios-11`.
    static func kindName(of adapter: String) -> String { String(adapter.prefix { $0 != "@" }) }

    @Test("every library is checked: a new port joins without a change here")
    func everyLibrary() {
        #expect(Self.libraries.count == 11, "\(Self.libraries)")
    }

    @Test("every version of each library, on every simulated profile, has no unexpected result", arguments: libraries)
    func noDrift(library: String) throws {
        let kinds = Set(SyncStrategyKind.versions(of: library).map(\.name))
        #expect(!kinds.isEmpty)
        let run = try Self.portRun.get()
        let adapters = run.adapters.filter { kinds.contains(Self.kindName(of: $0.name)) }
        #expect(adapters.count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count)
        let expectationFiles = try BuiltInSuites.loaded.get().expectationFiles.map { URL(fileURLWithPath: $0).lastPathComponent }
        for adapter in adapters {
            #expect(expectationFiles.contains("\(adapter.name).xml"), "no expectation file for \(adapter.name)")
        }
        let results = run.results.filter { kinds.contains(Self.kindName(of: $0.adapter.name)) }
        #expect(results.count == adapters.count * run.scenarioCount)
        for result in results where result.isUnexpected {
            Issue.record("\(result.adapter.name) \(result.scenarioID): \(result.status.name), expected \(result.expected.status.rawValue)")
        }
    }

    /// What a team sees of one result in a report: the status and every failed check's message.
    static func verdict(_ status: Status) -> String {
        guard case .failed(let failure) = status else { return status.name }
        return (["fail"] + failure.all.map(\.message)).joined(separator: "\n")
    }

    /// Each kind of a library stands for a release range whose cookie code differs from the range before it
    /// (issue 36): if two consecutive ones pass and fail every scenario alike on every profile, the suites cannot
    /// tell a team what that upgrade changes. Ranges are compared within one product line (the name before ':':
    /// `capacitor-cookies` and `capacitor-http` are two).
    @Test("two consecutive release ranges of a library never give the same verdict on every scenario and profile", arguments: libraries)
    func releasesToldApart(library: String) throws {
        let run = try Self.portRun.get()
        let names = SyncStrategyKind.versions(of: library).map(\.name)
        var verdicts: [String: [String: String]] = [:]
        for result in run.results where names.contains(Self.kindName(of: result.adapter.name)) {
            verdicts[Self.kindName(of: result.adapter.name), default: [:]]["\(result.adapter.profile) \(result.scenarioID)"] =
                Self.verdict(result.status)
        }
        let line = { (name: String) in String(name.prefix { $0 != ":" }) }
        for (older, newer) in zip(names, names.dropFirst()) where line(older) == line(newer) {
            let (before, after) = (verdicts[older] ?? [:], verdicts[newer] ?? [:])
            #expect(!before.isEmpty && before.count == after.count, "\(older): \(before.count) results, \(newer): \(after.count)")
            let differing = before.keys.filter { before[$0] != after[$0] }.sorted()
            #expect(
                !differing.isEmpty,
                """
                \(older) and \(newer) give the same verdict on every scenario of \(StrategyAdapterCatalog.libraryProfiles.map(\.name)): \
                write the scenario that shows what \(newer) changed in the cookie code (test-first), or fold the two ranges
                """)
        }
    }
}
