import CookieModel
import Foundation
import WebKitModel

/// `wk-combined`: the recommended combination — a two-way sync between `HTTPCookieStorage.shared` and the default
/// data store's `WKHTTPCookieStore`, with loads gated on the copies, and each store left to persist its own
/// cookies.
///
/// - **Native → web:** when the native store changes, every new, changed or deleted cookie is written to the web
///   store with `setCookie`/`delete` (HttpOnly, expiry and all flags kept).
/// - **Loads wait for the copies:** `load(_:)` starts only when every pending `setCookie` has called its
///   completion handler — the race of `wk-cookie-store` cannot happen.
/// - **Header, only as a fallback:** if the completions do not come within ``copyTimeout`` (iOS 11.3 holds them
///   until the first load, openradar 40100673), the app loads anyway with a `Cookie` header built from the native
///   store, so the first request is right; since WebKit copies that header to every redirect hop (DESIGN §6
///   rule 2), a redirect hop still carrying it is cancelled and re-issued without it. A header on every first
///   load, as the DESIGN table first suggested, would mask a 302's own `Set-Cookie` and leak the session across
///   domains exactly as `wk-request-header` does.
/// - **Web → native:** a `WKHTTPCookieStoreObserver` reads the web store after every change and applies the
///   difference to the native store — 3xx `Set-Cookie`, HttpOnly cookies and deletions included, none of which
///   `decidePolicyFor navigationResponse` or `document.cookie` can see.
/// - **Persistence done right:** no copy in `UserDefaults`. Both stores persist their own persistent cookies with
///   their own expiry and drop session cookies on a kill (rule 9); at launch the two are reconciled once.
/// - **Private web views stay private:** a web view on a non-persistent data store is neither fed nor read.
/// - **Links to a new window open in the web view:** a `WKUIDelegate` whose `createWebViewWith` loads the link's
///   request in the same web view, through the gated load above, and returns nil (WebKit's default opens nothing).
///
/// The sync keeps the state both sides last agreed on, so each direction applies only real differences and a copy
/// never echoes back; a cookie with a copy in flight is left alone by the other direction until it lands.
///
/// **Source.** Apple's `WKHTTPCookieStore` and `WKHTTPCookieStoreObserver` documentation (iOS 11+) and WWDC 2017
/// session 220; the gating and fallback answer the race and deadlock reports cited on `wk-cookie-store`.
///
/// **Where it breaks.** Nothing it claims; platform policy still applies on top (ITP blocks third-party cookies on
/// iOS whatever the app syncs). With the fallback header (iOS 11.3 only) a redirect hop is re-issued as a new load.
public final class CombinedStrategy: SyncStrategy, WKHTTPCookieStoreObserver, WKUIDelegate {
    public let name = "wk-combined"
    /// How long a load waits for pending `setCookie` completions before it falls back to a `Cookie` header.
    public var copyTimeout: TimeInterval = 1.0

    private var context: StrategyContext?
    private var webStore: WKHTTPCookieStore?
    /// What both stores last agreed on, by identity.
    private var agreed: [CookieKey: Cookie] = [:]
    /// Cookies with a native→web write in flight, by identity (count of writes).
    private var inFlight: [CookieKey: Int] = [:]
    private var waiters: [() -> Void] = []
    /// Requests loaded with a fallback header, whose redirect hops must lose it.
    private var fallbackLoads: [ObjectIdentifier: URL] = [:]

    public init() {}

    /// Identity (name, domain, path) with `HTTPCookie`'s domain convention; ordered so that every loop over the
    /// strategy's dictionaries runs in the same order in every run (deterministic transcripts and write order).
    struct CookieKey: Hashable, Comparable {
        let name: String
        let domain: String
        let isHostOnly: Bool
        let path: String

        init(_ cookie: Cookie) {
            name = cookie.name
            domain = cookie.domain
            isHostOnly = cookie.isHostOnly
            path = cookie.path
        }

        static func < (a: CookieKey, b: CookieKey) -> Bool {
            (a.domain, a.path, a.name, a.isHostOnly ? 1 : 0) < (b.domain, b.path, b.name, b.isHostOnly ? 1 : 0)
        }
    }

    // MARK: Hooks

    public func appDidLaunch(_ app: StrategyContext) {
        context = app
        let store = app.webKit.defaultDataStore().httpCookieStore
        webStore = store
        store.add(self)
        store.getAllCookies { [self] web in
            let native = app.cookieStorage.cookies
            var merged: [CookieKey: Cookie] = [:]
            for cookie in web { merged[CookieKey(cookie)] = cookie }
            for cookie in native { merged[CookieKey(cookie)] = cookie }
            var toWeb = 0
            var toNative = 0
            for (key, cookie) in merged.sorted(by: { $0.key < $1.key }) {
                if !web.contains(where: { $0.hasSameContent(as: cookie) }) {
                    write(cookie, key: key)
                    toWeb += 1
                }
                if !native.contains(where: { $0.hasSameContent(as: cookie) }) {
                    app.cookieStorage.setCookie(cookie)
                    toNative += 1
                }
            }
            agreed = merged
            app.log("\(name): launch reconciled native and web stores (\(toWeb) → web, \(toNative) → native)")
        }
    }

    public func nativeCookiesDidChange(_ app: StrategyContext) {
        pushNativeToWeb(app)
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        webView.uiDelegate = self
    }

    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        guard let context else { return nil }
        context.log("\(name): a link to a new window, \(navigationAction.request.url), opened in this web view")
        load(navigationAction.request, in: webView, app: context)
        return nil
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        guard webView.configuration.websiteDataStore.isPersistent else { webView.load(request); return }
        pushNativeToWeb(app)
        guard !inFlight.isEmpty else { webView.load(request); return }
        app.log("\(name): load of \(request.url) waits for \(inFlight.values.reduce(0, +)) cookie-store write(s)")
        var done = false
        let timer = app.mainQueue.asyncAfter(seconds: copyTimeout) { [weak self, weak webView] in
            guard !done, let self, let webView else { return }
            done = true
            var fallback = request
            if fallback.value(forHTTPHeaderField: "Cookie") == nil,
               let header = CookieHeaders.requestHeaderValue(with: app.cookieStorage.cookies(for: request.url))
            {
                fallback.setValue(header, forHTTPHeaderField: "Cookie")
                fallbackLoads[ObjectIdentifier(webView)] = request.url
            }
            app.log("\(name): cookie-store writes unconfirmed after \(copyTimeout) s; loading \(request.url) with a Cookie header from the native store")
            webView.load(fallback)
        }
        waiters.append { [weak webView] in
            guard !done, let webView else { return }
            done = true
            timer.cancel()
            webView.load(request)
        }
    }

    /// Strips the fallback header from redirect hops (rule 2 would carry it to every host of the chain).
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        let key = ObjectIdentifier(webView)
        guard let loaded = fallbackLoads[key] else { return decisionHandler(.allow) }
        let request = navigationAction.request
        guard request.url != loaded, request.value(forHTTPHeaderField: "Cookie") != nil else {
            if navigationAction.navigationType != .other || request.url != loaded { fallbackLoads[key] = nil }
            return decisionHandler(.allow)
        }
        fallbackLoads[key] = nil
        decisionHandler(.cancel)
        var hop = request
        hop.setValue(nil, forHTTPHeaderField: "Cookie")
        app.log("\(name): redirect hop to \(request.url) still carries the fallback Cookie header; re-issued without it")
        load(hop, in: webView, app: app)
    }

    public func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {
        guard let app = context else { return }
        cookieStore.getAllCookies { [self] web in pullWebToNative(web, app) }
    }

    // MARK: The two directions

    private func pushNativeToWeb(_ app: StrategyContext) {
        var native: [CookieKey: Cookie] = [:]
        for cookie in app.cookieStorage.cookies { native[CookieKey(cookie)] = cookie }
        for (key, cookie) in native.sorted(by: { $0.key < $1.key }) where !(agreed[key]?.hasSameContent(as: cookie) ?? false) {
            agreed[key] = cookie
            write(cookie, key: key)
            app.log("\(name): native → web: \(cookie.summary)")
        }
        for (key, cookie) in agreed.sorted(by: { $0.key < $1.key }) where native[key] == nil {
            agreed[key] = nil
            inFlight[key, default: 0] += 1
            webStore?.delete(cookie) { [self] in landed(key) }
            app.log("\(name): native → web: delete \(cookie.name) (\(cookie.httpCookieDomain)\(cookie.path))")
        }
    }

    private func pullWebToNative(_ web: [Cookie], _ app: StrategyContext) {
        var current: [CookieKey: Cookie] = [:]
        for cookie in web { current[CookieKey(cookie)] = cookie }
        for (key, cookie) in current.sorted(by: { $0.key < $1.key })
        where inFlight[key] == nil && !(agreed[key]?.hasSameContent(as: cookie) ?? false) {
            agreed[key] = cookie
            app.cookieStorage.setCookie(cookie)
            app.log("\(name): web → native: \(cookie.summary)")
        }
        for (key, cookie) in agreed.sorted(by: { $0.key < $1.key }) where inFlight[key] == nil && current[key] == nil {
            agreed[key] = nil
            app.cookieStorage.deleteCookie(cookie)
            app.log("\(name): web → native: delete \(cookie.name) (\(cookie.httpCookieDomain)\(cookie.path))")
        }
    }

    private func write(_ cookie: Cookie, key: CookieKey) {
        inFlight[key, default: 0] += 1
        webStore?.setCookie(cookie) { [self] in landed(key) }
    }

    private func landed(_ key: CookieKey) {
        inFlight[key, default: 1] -= 1
        if inFlight[key] == 0 { inFlight[key] = nil }
        guard inFlight.isEmpty else { return }
        let ready = waiters
        waiters = []
        for waiter in ready { waiter() }
    }
}
