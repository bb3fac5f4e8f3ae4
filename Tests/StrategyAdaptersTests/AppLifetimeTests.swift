import HarnessCore
@testable import StrategyAdapters
import SyncStrategies
import Synchronization
import Testing
import WebKitModel

/// Every strategy's app is gone when its scenario ends. A strategy that captures its context in a closure the
/// context itself keeps (a swizzled method, an observer, a message handler) holds the app, its engine and, on the
/// real engine, its driver: GGWkCookie's swizzled `loadRequest:` did, and each live scenario started a new driver.
@Suite("strategy apps do not outlive their scenario")
struct AppLifetimeTests {
    /// Weak references to the app, its engine and its strategy's context, which the adapter's factory fills in.
    final class Watch: @unchecked Sendable {
        weak var app: WebViewApp?
        weak var engine: AnyObject?
        weak var context: StrategyContext?
    }

    static let kinds = SyncStrategyKind.all + SyncStrategyKind.libraries

    @Test("no strategy keeps its app alive", arguments: kinds.map(\.name))
    func appIsReleased(name: String) throws {
        let kind = try #require(Self.kinds.first { $0.name == name })
        var adapter = StrategyAdapterCatalog.adapter(for: kind, on: .webkitgtk)
        let watch = Watch()
        let make = adapter.makeApp
        adapter.makeApp = { environment in
            let app = try make(environment)
            let webViewApp = app as? WebViewApp
            watch.app = webViewApp
            watch.engine = webViewApp?.engine
            watch.context = webViewApp?.context
            return app
        }
        // Every hook a strategy can keep something in: a native login, a web view, a load, a redirect, a script,
        // a subresource and a relaunch.
        let result = try StrategyFixtures.run("lifetime", [
            StrategyFixtures.nativeLogin, StrategyFixtures.open, StrategyFixtures.load("https://app.example.com/home"),
            .runScript("document.cookie = 'theme=light; path=/'"), .fetch(Request(url: "https://app.example.com/api/me")),
            StrategyFixtures.load("https://app.example.com/refresh"), .restartApp,
            StrategyFixtures.load("https://app.example.com/next"),
        ], on: adapter)
        if case .errored(let detail) = result.status { Issue.record("the scenario errored: \(detail)") }
        #expect(watch.app == nil, "\(name): its app is still alive after the scenario")
        #expect(watch.engine == nil, "\(name): its engine is still alive after the scenario")
        #expect(watch.context == nil, "\(name): its first launch's context is still alive after the scenario")
    }
}
