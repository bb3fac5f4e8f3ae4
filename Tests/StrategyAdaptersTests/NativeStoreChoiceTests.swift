import Foundation
import CookieModel
import CookieStores
import CurlCookieStore
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// Any real store can be the app's native store under a strategy: the same strategy code, another HTTPCookieStorage.
@Suite("strategies with a real native store")
struct NativeStoreChoiceTests {
    static let combined = SyncStrategyKind.all.first { $0.name == "wk-combined" }!

    static func adapter(_ store: String) -> Adapter {
        switch store {
        case "foundation":
            StrategyAdapterCatalog.adapter(
                for: combined, on: .ios, nativeStore: store, storeCapabilities: StoreAdapters.foundation.capabilities
            ) { try FoundationCookieStore(persistence: .inMemory) }
        default:
            StrategyAdapterCatalog.adapter(
                for: combined, on: .ios, nativeStore: store, storeCapabilities: StoreAdapters.curl.capabilities
            ) { try CurlCookieStore(persistence: .inMemory) }
        }
    }

    private func run(_ kinds: [Step.Kind], on adapter: Adapter) -> Status {
        let scenario = Scenario(
            id: "native.x", title: "x",
            steps: kinds.enumerated().map { Step($1, location: SuiteLocation(file: "n.xml", line: $0 + 1)) },
            location: SuiteLocation(file: "n.xml", line: 1))
        let origins = StrategyFixtures.origins + [Origin(url: "http://app.example.com", routes: [Route(path: "/api/me")])]
        let suite = Suite(id: "native", title: "n", file: "n.xml", origins: origins, scenarios: [scenario])
        return ScenarioExecutor().run(scenario, of: suite, on: adapter).status
    }

    @Test("wk-combined carries a native login from the real store into the first web view request", arguments: ["foundation", "curl"])
    func nativeLoginReachesWebView(store: String) {
        let adapter = Self.adapter(store)
        #expect(adapter.name == "wk-combined+\(store)")
        #expect(!adapter.capabilities.contains(.virtualClock), "the store reads the wall clock")
        let status = run([
            StrategyFixtures.nativeLogin, StrategyFixtures.open, StrategyFixtures.load("https://app.example.com/home"),
            StrategyFixtures.request("https://app.example.com/home", first: true, contains: ["sid=s3cr3t"]),
        ], on: adapter)
        #expect(status == .passed)
    }

    @Test("the real store's own deviations show through the strategy: Foundation sends a Secure cookie over http")
    func foundationDeviationShowsThrough() {
        let status = run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "tok=1; Path=/; Secure"),
            .nativeRequest(Request(url: "http://app.example.com/api/me")),
            .expect(.request(RequestExpectation(url: "http://app.example.com/api/me", cookie: CookieStringMatch(lacks: ["tok"])))),
        ], on: Self.adapter("foundation"))
        guard case .failed(let failure) = status else {
            Issue.record("Foundation does not enforce Secure: expected this to fail, got \(status)")
            return
        }
        #expect(failure.message.contains("expected to lack 'tok'"))
    }

    @Test("by default the native store is the profile's jar: Apple's on iOS (a quoted run binds ';'), the reference jar elsewhere",
          arguments: [("wk-no-sync", "q=\"a;b\""), ("wk-no-sync@ios-11", "q=\"a;b\""), ("wk-no-sync@webkitgtk", "q=\"a")])
    func defaultNativeStoreFollowsProfile(adapter name: String, header: String) throws {
        let adapter = try #require(StrategyAdapterCatalog.all.first { $0.name == name })
        let status = run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "q=\"a;b\"; Path=/"),
            .nativeRequest(Request(url: "https://app.example.com/api/me")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/api/me", cookie: CookieStringMatch(equals: header)))),
        ], on: adapter)
        #expect(status == .passed, "\(name): \(status)")
    }

    @Test("HTTPCookie.cookies(withResponseHeaderFields:for:) is the platform's parser: Apple's keeps the quoted run and drops a nameless line")
    func foundationParserFollowsProfile() throws {
        let url = try #require(URL(string: "https://app.example.com/x/y"))
        let fields = ["Set-Cookie": "q=\"a;b\"; Path=/, z=1"]
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(CookieHeaders.cookies(withResponseHeaderFields: fields, for: url, now: now, parsing: .apple).map(\.pair).sorted() == ["q=\"a;b\"", "z=1"])
        #expect(CookieHeaders.cookies(withResponseHeaderFields: fields, for: url, now: now).map(\.pair).sorted() == ["q=\"a", "z=1"])
        let target = try #require(CookieURL(string: url.absoluteString))
        #expect(HTTPCookieParsing.apple.cookies(fromSetCookieLines: ["nameless"], for: target, now: now).isEmpty)
        #expect(HTTPCookieParsing.reference.cookies(fromSetCookieLines: ["nameless"], for: target, now: now).map(\.value) == ["nameless"])
        #expect(WebKitEngineChoice.simulated(.ios).httpCookieParsing == .apple)
        #expect(WebKitEngineChoice.simulated(.webkitgtk).httpCookieParsing == .reference)
        #expect(WebKitEngineChoice.webKitGTK.httpCookieParsing == .reference)
    }
}
