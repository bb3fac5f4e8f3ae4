import CookieModel
import Foundation
import WebKitModel

/// Flutter's `webview_cookie_manager` 2.0.7 on iOS: how a Flutter app puts its cookies into the web view before
/// loading — `await WebviewCookieManager().setCookies(cookies); controller.loadRequest(uri)`.
///
/// **Source.** `fryette/webview_cookie_manager` at e03954491a6952e04d7fceeae4c4d074392c0fe2 (pubspec 2.0.7):
/// `ios/Classes/SwiftWebviewCookieManagerPlugin.swift` (the iOS side) and `lib/webview_cookie_manager.dart` (what
/// the Dart side sends). The app code is the README's "Set a cookie" with the cookies the app's HTTP client holds
/// for the page (here: `HTTPCookieStorage.cookies(for:)`, the harness's native side), each with every field the
/// plugin carries — name, value, domain (`HTTPCookie`'s, a leading dot for a domain cookie), path, expires,
/// secure, httpOnly — and no `origin`.
///
/// **What it does.** The plugin writes into `WKWebsiteDataStore.default()`'s store (taken once, when the plugin
/// registers at launch), calls `setCookie` with no completion handler for each cookie and answers `true` at once:
/// the Dart `await` returns before any write has landed, so the load races the writes. SameSite is not among the
/// fields: every copy has none. Expiry is cut to whole seconds. Nothing goes web → native.
///
/// **Line map** (`s` = the Swift plugin, `d` = the Dart file; their line → here).
///
/// | their code | port |
/// |---|---|
/// | s 10: `httpCookieStore = WKWebsiteDataStore.default().httpCookieStore` at `register` | `appDidLaunch` |
/// | d 74–93: `setCookies` maps each `Cookie` to a dictionary (`expires` `~/ 1000`), `invokeMethod` | `load`, `transfer` |
/// | (the platform channel: the handler runs on a later main-queue turn) | `load`, `mainQueue.async` |
/// | s 24–26: `case "setCookies"` | `load` |
/// | s 40–45: `_setCookie` for each, then `result(true)` | `setCookies` |
/// | s 74–99: properties — name, value, path (`?? "/"`), domain, originURL, expires, `secure` "TRUE", `HttpOnly` "YES" | `_setCookie` |
/// | s 101–109: `HTTPCookie(properties:)`, nil → print and skip | `_setCookie` (`domain` nil and no origin → skipped) |
/// | s 103: `httpCookieStore?.setCookie(cookie)` — no completion | `_setCookie` |
/// | (Dart: the `await` completes on the reply; then `loadRequest`) | `load`, second `mainQueue.async` |
/// | s 17–37 `handle` for getCookies / hasCookies / clearCookies; s 47–72, 112–end | not ported: the app does not call them to load |
public final class WebviewCookieManagerFlutter: SyncStrategy {
    public static let library = "webview_cookie_manager"
    public static let version = "2.0.7"
    public static let commit = "e03954491a6952e04d7fceeae4c4d074392c0fe2"
    public let name = "flutter-webview-cookie-manager:\(WebviewCookieManagerFlutter.version)"

    /// `static var httpCookieStore`: the default data store's, from registration on.
    private var httpCookieStore: WKHTTPCookieStore?

    public init() {}

    /// What the Dart side sends for one cookie (`setCookies`' map).
    struct Transfer {
        var name: String
        var value: String
        var path: String?
        var domain: String?
        var secure: Bool
        var httpOnly: Bool
        /// Seconds since 1970, whole (`millisecondsSinceEpoch ~/ 1000`).
        var expires: Double?
    }

    public func appDidLaunch(_ app: StrategyContext) {
        httpCookieStore = app.webKit.defaultDataStore().httpCookieStore
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let transfer = app.cookieStorage.cookies(for: request.url).map { cookie in
            Transfer(
                name: cookie.name, value: cookie.value, path: cookie.path, domain: cookie.httpCookieDomain,
                secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly,
                expires: cookie.expiresDate.map { $0.timeIntervalSince1970.rounded(.down) })
        }
        app.mainQueue.async { [weak self, weak webView] in
            guard let self else { return }
            setCookies(transfer, app: app)
            app.log("\(name): setCookies answered true for \(transfer.count) cookie(s); the writes are not awaited")
            app.mainQueue.async {
                webView?.load(request)
            }
        }
    }

    /// `setCookies(cookies:result:)`.
    private func setCookies(_ cookies: [Transfer], app: StrategyContext) {
        for cookie in cookies { _setCookie(cookie, app: app) }
    }

    /// `_setCookie(cookie:result:)`.
    private func _setCookie(_ cookie: Transfer, app: StrategyContext) {
        // HTTPCookie(properties:) needs a domain or an origin URL; the app passes no origin.
        guard let domain = cookie.domain else { return app.log("Error: Failed to create the cookie") }
        let made = Cookie.make(
            name: cookie.name, value: cookie.value, domain: domain, path: cookie.path ?? "/",
            expires: cookie.expires.map { Date(timeIntervalSince1970: $0) }, isSecure: cookie.secure,
            isHTTPOnly: cookie.httpOnly, now: app.now)
        httpCookieStore?.setCookie(made)
    }
}

extension SyncStrategyKind {
    static let webviewCookieManager: [SyncStrategyKind] = [
        SyncStrategyKind(
            name: "flutter-webview-cookie-manager:\(WebviewCookieManagerFlutter.version)",
            summary: "webview_cookie_manager: the app's cookies for the page setCookie'd into the default store (no completion awaited), then loadRequest",
            knownBreakage: "the load races the writes; SameSite dropped; private web views not fed; no web→native sync",
            origin: LibraryOrigin(
                library: WebviewCookieManagerFlutter.library, repository: "fryette/webview_cookie_manager",
                version: WebviewCookieManagerFlutter.version, commit: WebviewCookieManagerFlutter.commit,
                files: ["ios/Classes/SwiftWebviewCookieManagerPlugin.swift", "lib/webview_cookie_manager.dart"]),
            make: { WebviewCookieManagerFlutter() }),
    ]
}
