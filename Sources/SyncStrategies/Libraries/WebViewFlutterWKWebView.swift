import CookieModel
import Foundation
import WebKitModel

/// The official `webview_flutter` on iOS (its WebKit implementation, `webview_flutter_wkwebview`): how a Flutter app
/// hands its cookies to the web view before the page loads. Two app paths, one kind per release range whose code
/// on that path behaves differently.
///
/// ```dart
/// // set-cookie (webview_flutter 2.7+ `CookieManager`, 4.x `WebViewCookieManager`): the example app's _onSetCookie
/// for (final c in cookies) { await cookieManager.setCookie(WebViewCookie(name: c.name, value: c.value,
///                                                                        domain: c.domain, path: c.path)); }
/// await controller.loadRequest(uri);                    // 2.x/3.x: controller.loadUrl(url)
///
/// // initial-cookies (webview_flutter 2.7–3.x): the cookies go with the widget's creation parameters
/// WebView(initialUrl: url, initialCookies: cookies.map((c) => WebViewCookie(…)).toList())
/// ```
///
/// The cookies are the ones the app's HTTP client holds for the page (here `HTTPCookieStorage.cookies(for:)`, the
/// harness's native side); `WebViewCookie` carries only name, value, domain (`HTTPCookie`'s, a leading dot for a
/// domain cookie) and path — there is no field for expiry, Secure, HttpOnly or SameSite.
///
/// | kind | `webview_flutter_wkwebview` releases | read at | why the releases behave the same |
/// |---|---|---|---|
/// | — (before 2.6.0) | ≤ 2.5.0 | — | not ported: `FLTCookieManager` answers only `clearCookies`; there is no way to set a cookie |
/// | `webview-flutter-set-cookie:3.26.0` | 2.6.0–3.26.0 (webview_flutter 2.7.0 onwards, whose CHANGELOG adds `setCookie` and `initialCookies` in 2.7.0; 4.x) | `flutter/packages` 6bb342344ecb29e405f9ce980ea9e65f60adf833 (3.26.0) | `setCookie` was added in 2.6.0 (`flutter/plugins` ab99ed5d, #4556: `FLTCookieManager setCookieForResult:`, `result(nil)` in `setCookie`'s completion handler); 2.9.0 (f2d795bd, #6031) moved the same four properties and the same awaited `httpCookieStore.setCookie` on `WKWebsiteDataStore.defaultDataStore` to Dart over pigeon; 3.0.0 (the v4 `WebKitWebViewCookieManager`, #6240) kept it; `flutter/packages` d6705de7 (#8311, the ProxyAPI wrapper, Swift `HTTPCookieStoreProxyAPIDelegate`), d3e0285a (pre-iOS-13 scrub), 54b49e15 (proxy removal) and ff0189ea (adds `getCookies`) change no step of this path. The Dart `_isValidPath` check is in every release. |
/// | `webview-flutter-initial-cookies:2.6.0` | 2.6.0–2.8.1 | `flutter/plugins` ab99ed5d590ecf25ea606a6fc32aba5569b09e69 (2.6.0) | `FLTWebViewFactory createWithFrame:` gives `args[@"cookies"]` to `setCookiesForData:` (each `setCookie` with an empty completion handler: not awaited) and then makes the `FLTWebViewController`, whose init loads `initialUrl` in the same turn; `git diff -w` of `FLTCookieManager.m` and the cookie and load lines of `FlutterWebView.m` from ab99ed5d to 2.8.1 (bdec9bad) is empty |
/// | `webview-flutter-initial-cookies:2.9.0` | 2.9.0–2.9.5 (the last 2.x; webview_flutter 3.x) | `flutter/plugins` f2d795bd3aa843561d9524d244b7072eb2a323ff (2.9.0) | #6031 replaced the native view with the Dart `WebKitWebViewWidget`, whose `_setCreationParams` never reads `creationParams.cookies`: **the initial cookies are dropped** and `initialUrl` loads without them; no commit up to 2.9.5 (ded5528f) reads them again. 3.0.0 (webview_flutter 4.0) removed the parameter. |
///
/// Every range takes the `@available(iOS 11.0, *)` branch; below iOS 11 2.6.0–2.8.1 log "not supported" and set
/// nothing. No profile is below iOS 11, and none is invented for it.
///
/// **What it does.** Each cookie becomes `NSHTTPCookie(properties:)` of name, value, domain and path only: every copy
/// is a session cookie, neither Secure nor HttpOnly, with no SameSite; a domain without a leading dot makes it
/// host-only. The writes go into `WKWebsiteDataStore.defaultDataStore`'s cookie store (`FLTCookieManager` caches it
/// at its first write; the Dart side holds it for the manager's life): a web view with another store is not fed.
/// Only cookies for the loaded URL are copied, and only at a load; nothing goes web → native.
///
/// **Line map** (`m` = 2.6.0's `ios/Classes/FLTCookieManager.m`, `f` = 2.6.0's `ios/Classes/FlutterWebView.m`,
/// `w` = 2.9.0's `lib/src/web_kit_webview_widget.dart`, `d` = 3.26.0's `lib/src/webkit_webview_cookie_manager.dart`,
/// `s` = 3.26.0's `darwin/…/HTTPCookieStoreProxyAPIDelegate.swift`; all under `packages/webview_flutter/
/// webview_flutter_wkwebview/`; their line → here).
///
/// | their code | port |
/// |---|---|
/// | (the app: the cookies for the page mapped to `WebViewCookie`) | `webViewCookies` |
/// | d 23: `_websiteDataStore = WKWebsiteDataStore.defaultDataStore` | `setCookie` (`app.webKit.defaultDataStore()`) |
/// | d 49–52: `_isValidPath(cookie.path)` else `ArgumentError` (the app's `await` throws: no load) | `setCookie`, `isValidPath` |
/// | d 66–71: path code units in 0x20–0x3A or 0x3C–0x7E | `isValidPath` |
/// | d 54–63: `httpCookieStore.setCookie(HTTPCookie(properties: name, value, domain, path))` | `setCookie` |
/// | s 13–22: `pigeonInstance.setCookie(cookie) { completion(.success) }` (the Dart future completes on the reply) | `setCookie` (completion → next turn) |
/// | (the app: `await` each `setCookie`, then `loadRequest`) | `load` (`.setCookie`), `setNext` |
/// | f 30–35: `createWithFrame:` → `@available(iOS 11)` `setCookiesForData:args[@"cookies"]` | `load` (`.initialCookies2_6_0`) |
/// | m 59–63: `setCookiesForData:` — `setCookieForData:` for each | `load` (`.initialCookies2_6_0`) |
/// | m 65–78: `_httpCookieStore` = default store's (once); `cookieWithProperties:` name, value, domain, path; `setCookie:` with an empty completion handler | `setCookieUnawaited` |
/// | f 37–40, 79–144: `FLTWebViewController initWithFrame:` — a new `WKWebViewConfiguration` (default store), `initialUrl` → `loadRequest:` in the same turn | `load` (`.initialCookies2_6_0`) |
/// | w 189–240: `_setCreationParams` — configuration, settings, then `loadUrl(initialUrl)`; `creationParams.cookies` is not read | `load` (`.initialCookies2_9_0`) |
/// | (later loads into the same view: `controller.loadUrl`, no cookie work) | `load` (not the view's first) |
/// | m 84–103 `setCookieForResult:` (2.6.0's `setCookie`, the same steps with `result(nil)` in the completion) | covered by `.setCookie` |
/// | `clearCookies` (`removeDataOfTypes:` cookies since 1970), 3.26.0's `getCookies` | not ported: the app does not call them to load |
public final class WebViewFlutterWKWebView: SyncStrategy {
    public enum Version: String, Sendable, CaseIterable {
        /// `WebView(initialCookies:)` on 2.6.0–2.8.1: set at creation, not awaited.
        case initialCookies2_6_0 = "initial-cookies:2.6.0"
        /// `WebView(initialCookies:)` on 2.9.0–2.9.5: never read.
        case initialCookies2_9_0 = "initial-cookies:2.9.0"
        /// `await WebViewCookieManager().setCookie(…)` then load, 2.6.0–3.26.0.
        case setCookie = "set-cookie:3.26.0"

        /// The released version named in the kind.
        public var release: String { String(rawValue.split(separator: ":").last ?? "") }

        /// The commit the port was read at.
        var commit: String {
            switch self {
            case .initialCookies2_6_0: "ab99ed5d590ecf25ea606a6fc32aba5569b09e69"
            case .initialCookies2_9_0: "f2d795bd3aa843561d9524d244b7072eb2a323ff"
            case .setCookie: "6bb342344ecb29e405f9ce980ea9e65f60adf833"
            }
        }

        var repository: String { self == .setCookie ? "flutter/packages" : "flutter/plugins" }

        /// The first and last release of the range.
        var range: String {
            switch self {
            case .initialCookies2_6_0: "2.6.0–2.8.1"
            case .initialCookies2_9_0: "2.9.0–2.9.5"
            case .setCookie: "2.6.0–3.26.0"
            }
        }

        var files: [String] {
            let root = "packages/webview_flutter/webview_flutter_wkwebview/"
            return switch self {
            case .initialCookies2_6_0: [root + "ios/Classes/FLTCookieManager.m", root + "ios/Classes/FlutterWebView.m"]
            case .initialCookies2_9_0: [root + "lib/src/web_kit_webview_widget.dart"]
            case .setCookie:
                [
                    root + "lib/src/webkit_webview_cookie_manager.dart",
                    root + "darwin/webview_flutter_wkwebview/Sources/webview_flutter_wkwebview/HTTPCookieStoreProxyAPIDelegate.swift",
                ]
            }
        }
    }

    public static let library = "webview_flutter_wkwebview"

    public let version: Version
    public var name: String { "webview-flutter-\(version.rawValue)" }

    /// Web views that have opened and not loaded yet: their first load is the widget's `initialUrl`.
    private var unloadedWebViews: Set<ObjectIdentifier> = []

    public init(version: Version = .setCookie) {
        self.version = version
    }

    /// What the app builds for one cookie: `WebViewCookie(name:value:domain:path:)`.
    struct WebViewCookie {
        var name: String
        var value: String
        var domain: String
        var path: String
    }

    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {
        unloadedWebViews.insert(ObjectIdentifier(webView))
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let isInitial = unloadedWebViews.remove(ObjectIdentifier(webView)) != nil
        let cookies = webViewCookies(for: request.url, app: app)
        switch version {
        case .setCookie:
            // Each `await setCookie` is a round trip to the platform side; then `loadRequest`.
            app.mainQueue.async { [weak self, weak webView] in
                self?.setNext(cookies[...], app: app) {
                    app.log("webview-flutter: \(cookies.count) cookie(s) set and awaited; loadRequest")
                    app.mainQueue.async { webView?.load(request) }
                }
            }
        case .initialCookies2_6_0 where isInitial:
            // The creation parameters reach `createWithFrame:` on a later main-queue turn; the cookies are written
            // without waiting and the controller's init loads `initialUrl` in the same turn.
            app.mainQueue.async { [weak self, weak webView] in
                guard let self else { return }
                for cookie in cookies { setCookieUnawaited(cookie, app: app) }
                app.log("webview-flutter: \(cookies.count) initial cookie(s) sent to setCookie, not awaited; initialUrl loads")
                webView?.load(request)
            }
        case .initialCookies2_9_0 where isInitial:
            app.mainQueue.async { [weak webView] in
                app.log("webview-flutter: \(cookies.count) initial cookie(s) not read by WebKitWebViewWidget; initialUrl loads")
                webView?.load(request)
            }
        case .initialCookies2_6_0, .initialCookies2_9_0:
            // `controller.loadUrl` into a view that already exists: the initial cookies were its creation's only.
            app.mainQueue.async { [weak webView] in webView?.load(request) }
        }
    }

    /// The app's mapping of its cookies for the page to `WebViewCookie`.
    func webViewCookies(for url: URL, app: StrategyContext) -> [WebViewCookie] {
        app.cookieStorage.cookies(for: url).map { cookie in
            WebViewCookie(name: cookie.name, value: cookie.value, domain: cookie.httpCookieDomain, path: cookie.path)
        }
    }

    /// `await cookieManager.setCookie(c)` for each in turn, then `done`; a throw ends the chain (the app never loads).
    private func setNext(_ cookies: ArraySlice<WebViewCookie>, app: StrategyContext, done: @escaping () -> Void) {
        guard let cookie = cookies.first else { return done() }
        setCookie(cookie, app: app) { [weak self] in
            // The reply comes back to Dart on a later turn.
            app.mainQueue.async { self?.setNext(cookies.dropFirst(), app: app, done: done) }
        } failed: {
            app.log("webview-flutter: ArgumentError: The path property for the provided cookie was not given a legal value.")
        }
    }

    /// `WebKitWebViewCookieManager.setCookie` and the native `setCookie` behind it.
    private func setCookie(
        _ cookie: WebViewCookie, app: StrategyContext, completion: @escaping () -> Void, failed: () -> Void
    ) {
        guard Self.isValidPath(cookie.path) else { return failed() }
        let made = Self.httpCookie(cookie, app: app)
        app.mainQueue.async {
            app.webKit.defaultDataStore().httpCookieStore.setCookie(made) { completion() }
        }
    }

    /// 2.6.0's `setCookieForData:`: the same cookie, with an empty completion handler.
    private func setCookieUnawaited(_ cookie: WebViewCookie, app: StrategyContext) {
        app.webKit.defaultDataStore().httpCookieStore.setCookie(Self.httpCookie(cookie, app: app)) {}
    }

    /// `NSHTTPCookie(properties:)` with name, value, domain and path: a session cookie without flags.
    static func httpCookie(_ cookie: WebViewCookie, app: StrategyContext) -> Cookie {
        Cookie.make(name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path, now: app.now)
    }

    /// `_isValidPath`: every UTF-16 code unit in 0x20–0x3A or 0x3C–0x7E.
    static func isValidPath(_ path: String) -> Bool {
        path.utf16.allSatisfy { (0x20...0x3A).contains($0) || (0x3C...0x7E).contains($0) }
    }
}

extension SyncStrategyKind {
    static let webviewFlutter: [SyncStrategyKind] = WebViewFlutterWKWebView.Version.allCases.map { version in
        let summary: String
        let breakage: String
        switch version {
        case .setCookie:
            summary = "webview_flutter \(version.range): each cookie for the page awaited through WebViewCookieManager.setCookie (name, value, domain, path), then loadRequest"
            breakage = "copies are session cookies without Secure/HttpOnly/SameSite; private web views not fed; no web→native sync"
        case .initialCookies2_6_0:
            summary = "webview_flutter \(version.range): WebView(initialCookies:) setCookie'd at creation without waiting, initialUrl loaded in the same turn"
            breakage = "the first load races the writes; copies are session cookies without flags; later loads copy nothing; no web→native sync"
        case .initialCookies2_9_0:
            summary = "webview_flutter \(version.range): WebView(initialCookies:) never read by WebKitWebViewWidget, initialUrl loaded"
            breakage = "no cookie reaches the web view from the app at all"
        }
        return SyncStrategyKind(
            name: "webview-flutter-\(version.rawValue)",
            summary: summary,
            knownBreakage: breakage,
            origin: LibraryOrigin(
                library: WebViewFlutterWKWebView.library, repository: version.repository, version: version.release,
                commit: version.commit, files: version.files),
            make: { WebViewFlutterWKWebView(version: version) })
    }
}
