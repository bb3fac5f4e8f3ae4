import Foundation
import Testing
import WebKitModel

/// `WKWebViewMethods`: a swizzled `loadRequest:` (GGWkCookie's `e_loadRequest:`) rewrites the app's loads, per app
/// process, and the engines treat its Cookie header as a manual one.
@Suite("swizzled load(_:)")
struct LoadSwizzlingTests {
    /// GGWkCookie's shape: add a Cookie header, then call the original.
    static func addCookieHeader(_ app: EngineFixture, _ cookie: String, calls: @escaping (String) -> Void = { _ in }) {
        app.context.webViewMethods.exchangeLoadImplementation { _, request, original in
            calls(cookie)
            var rewritten = request
            rewritten.setValue(cookie, forHTTPHeaderField: "Cookie")
            return original(rewritten)
        }
    }

    @Test("ios: the replacement's request is loaded, its Cookie header sent as a manual header and never stored")
    func rewrittenOnIOS() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        Self.addCookieHeader(app, "token=abc;")
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("token=abc;"))
        #expect(app.delegate.actions.last?.request.value(forHTTPHeaderField: "Cookie") == "token=abc;")
        #expect(app.storedCookies().isEmpty)
    }

    @Test("webkitgtk: the rewritten request's Cookie header never reaches the wire")
    func rewrittenOnWebKitGTK() {
        let app = EngineFixture(profile: .webkitgtk)
        app.route("https://app.example.com/home")
        Self.addCookieHeader(app, "token=abc;")
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
        #expect(app.delegate.actions.last?.request.value(forHTTPHeaderField: "Cookie") == "token=abc;")
    }

    @Test("exchanging twice chains (the second runs first, its original is the first); link clicks do not go through it")
    func chainedAndOnlyAppLoads() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.route("https://app.example.com/next")
        var calls: [String] = []
        Self.addCookieHeader(app, "first=1") { calls.append($0) }
        Self.addCookieHeader(app, "second=2") { calls.append($0) }
        app.load("https://app.example.com/home")
        #expect(calls == ["second=2", "first=1"])
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("first=1"))
        app.click("https://app.example.com/next")
        #expect(calls.count == 2)
        #expect(app.network.cookie(sentTo: "https://app.example.com/next") == .some(nil))
    }

    @Test("another app process (a relaunch, a parallel scenario) has WebKit's own load(_:)")
    func perProcess() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        Self.addCookieHeader(app, "token=abc;")
        app.relaunch()
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
    }
}
