import WebKitModel

/// `wk-cookie-store`: right before `load(_:)`, the app copies every cookie of `HTTPCookieStorage.shared` into the
/// web view's `WKHTTPCookieStore` (iOS 11+) — without waiting for `setCookie`'s completion handlers.
///
/// **Source.** Apple's `WKHTTPCookieStore` (WWDC 2017 session 220, "Customized Loading in WKWebView") and the
/// code copied from it everywhere: `for cookie in HTTPCookieStorage.shared.cookies ?? [] {
/// webView.configuration.websiteDataStore.httpCookieStore.setCookie(cookie) }` followed by `webView.load(request)`
/// in the same method (the pattern behind web view wrappers' "share cookies" options, e.g. react-native-webview's
/// `sharedCookiesEnabled`).
///
/// **Where it breaks.** `setCookie` is asynchronous (DESIGN §6 rule 8): the load starts before the copies land
/// and the first request goes without them (the race reported in KKJSBridge issue #3 and in the PRs above). On
/// iOS 11.3 the copies are held until the data store's first load (openradar 40100673). Web→native: nothing.
/// Copies into a private (non-persistent) store too.
public final class CookieStoreStrategy: SyncStrategy {
    public let name = "wk-cookie-store"

    public init() {}

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let store = webView.configuration.websiteDataStore.httpCookieStore
        let cookies = app.cookieStorage.cookies
        for cookie in cookies { store.setCookie(cookie) }
        if !cookies.isEmpty { app.log("\(name): \(cookies.count) native cookie(s) sent to WKHTTPCookieStore; loading without waiting") }
        webView.load(request)
    }
}
