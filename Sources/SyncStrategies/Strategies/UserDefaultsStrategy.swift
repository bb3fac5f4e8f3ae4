import CookieModel
import Foundation
import WebKitModel

/// `wk-userdefaults`: the app keeps its own copy of "the cookies" in `UserDefaults` — every cookie saved with a
/// forced expiry one year ahead, "so that it survives" — restores it into `HTTPCookieStorage` at launch and into
/// `WKHTTPCookieStore` before each load (waiting for the completion handlers), and saves what the web view holds
/// after each page (into `UserDefaults` and `HTTPCookieStorage`).
///
/// **Source.** The recurring answers to "WKWebView cookies are lost after the app restarts" on StackOverflow and
/// in blog posts: archive `HTTPCookie.properties` in `UserDefaults`, add `.expires` when it is missing (or
/// always), restore with `HTTPCookie(properties:)` on launch.
///
/// **Where it breaks.** Session semantics are lost: a session cookie comes back after a restart as a persistent
/// one, and a persistent cookie's own expiry is replaced by the forced one. The saved list only grows: a cookie the
/// server deleted is restored again. Web and native copies of a cookie drift until the next page. Waiting for
/// `setCookie` deadlocks on iOS 11.3 (openradar 40100673). Private web views get (and leak back) everything.
public final class UserDefaultsStrategy: SyncStrategy {
    public let name = "wk-userdefaults"
    /// The `UserDefaults` key.
    public static let key = "CookieSync.savedCookies"
    /// The forced lifetime of every saved cookie.
    public var forcedLifetime: TimeInterval = 365 * 86_400

    public init() {}

    public func appDidLaunch(_ app: StrategyContext) {
        let saved = load(app)
        guard !saved.isEmpty else { return }
        for cookie in saved { app.cookieStorage.setCookie(cookie) }
        app.log("\(name): \(saved.count) cookie(s) restored from UserDefaults into HTTPCookieStorage")
    }

    public func nativeCookiesDidChange(_ app: StrategyContext) {
        save(merge(load(app), app.cookieStorage.cookies), app)
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let cookies = merge(load(app), app.cookieStorage.cookies)
        save(cookies, app)
        guard !cookies.isEmpty else { webView.load(request); return }
        let store = webView.configuration.websiteDataStore.httpCookieStore
        var remaining = cookies.count
        app.log("\(name): copying \(cookies.count) saved cookie(s) into WKHTTPCookieStore, loading when all are in")
        for cookie in cookies {
            store.setCookie(cookie) {
                remaining -= 1
                if remaining == 0 { webView.load(request) }
            }
        }
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { [self] web in
            let forced = web.map { force($0, app) }
            save(merge(load(app), forced), app)
            for cookie in forced { app.cookieStorage.setCookie(cookie) }
            app.log("\(name): \(forced.count) web view cookie(s) saved to UserDefaults and HTTPCookieStorage")
        }
    }

    public func appWillTerminate(_ app: StrategyContext) {
        save(merge(load(app), app.cookieStorage.cookies), app)
    }

    // MARK: The saved list

    private func force(_ cookie: Cookie, _ app: StrategyContext) -> Cookie {
        var forced = cookie
        forced.expiry = app.now.addingTimeInterval(forcedLifetime)
        return forced
    }

    /// `fresh` replaces saved cookies with the same identity; nothing is ever removed.
    private func merge(_ saved: [Cookie], _ fresh: [Cookie]) -> [Cookie] {
        var result = saved
        for cookie in fresh {
            result.removeAll { $0.hasSameIdentity(as: cookie) }
            result.append(cookie)
        }
        return result
    }

    private func load(_ app: StrategyContext) -> [Cookie] {
        app.defaults.savedList(of: Cookie.self, forKey: Self.key)
    }

    private func save(_ cookies: [Cookie], _ app: StrategyContext) {
        app.defaults.saveList(cookies.map { force($0, app) }, forKey: Self.key)
    }
}
