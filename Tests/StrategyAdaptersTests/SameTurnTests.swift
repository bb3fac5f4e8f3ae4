import CookieModel
import Foundation
@testable import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// What the step-by-step harness cannot show: a native change and a load in the same run-loop turn (a login
/// completion handler that stores the session and opens the page at once). Here `wk-cookie-store`'s race is
/// visible even for a change the strategy heard about, and `wk-combined`'s gating is what saves the first request.
@Suite("sync strategies: a native change and a load in one turn")
struct SameTurnTests {
    final class Network: HTTPNetwork {
        var cookies: [String?] = []
        func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
            cookies.append(request.cookieHeader)
            return HTTPResponse(status: 200, headers: [])
        }
    }

    /// Launches `strategy` on `profile`, then, in one turn, stores a native cookie, tells the strategy and loads.
    static func firstRequestCookie(_ strategy: any SyncStrategy, profile: PlatformProfile = .ios) throws -> String? {
        let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_767_225_600))
        let network = Network()
        let engine = SimulatedWebKit(profile: profile, clock: clock, network: network)
        let webKit = WKContext(engine: engine)
        let jar = CookieJar(clock: .virtual(clock))
        let native = NativeCookieStorageAdapter(store: jar, clock: .virtual(clock)) { _ in }
        let app = StrategyContext(webKit: webKit, cookieStorage: native, defaults: InMemoryDefaults())
        strategy.appDidLaunch(app)
        let configuration = WKWebViewConfiguration(context: webKit)
        strategy.configure(configuration, app: app)
        let webView = WKWebView(configuration: configuration)
        try engine.runUntilIdle()

        jar.setCookie("sid=s3cr3t; Path=/; Secure; HttpOnly", from: CookieURL(string: "https://app.example.com/")!)
        strategy.nativeCookiesDidChange(app)
        strategy.load(WebRequest(url: URL(string: "https://app.example.com/home")!), in: webView, app: app)
        try engine.runUntilIdle()
        return try #require(network.cookies.first)
    }

    @Test("wk-combined waits for its copies: the first request carries the session")
    func combined() throws {
        #expect(try Self.firstRequestCookie(CombinedStrategy()) == "sid=s3cr3t")
    }

    @Test("wk-cookie-store loads at once: the first request misses the session (race, ios-18), unless writes are gated (ios, webkitgtk)")
    func cookieStore() throws {
        #expect(try Self.firstRequestCookie(CookieStoreStrategy(), profile: .ios18) == nil)
        #expect(try Self.firstRequestCookie(CookieStoreStrategy()) == "sid=s3cr3t")
        #expect(try Self.firstRequestCookie(CookieStoreStrategy(), profile: .webkitgtk) == "sid=s3cr3t")
    }
}
