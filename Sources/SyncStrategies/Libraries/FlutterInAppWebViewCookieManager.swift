import CookieModel
import Foundation
import WebKitModel

/// `flutter_inappwebview`'s `CookieManager` on iOS: how a Flutter app built on `InAppWebView` puts its cookies into
/// the web view before the page loads.
///
/// ```dart
/// final cookieManager = CookieManager.instance();
/// for (final c in cookies) {                            // the cookies the app's HTTP client holds for the page
///   await cookieManager.setCookie(url: url, name: c.name, value: c.value, path: c.path, domain: c.domain,
///       expiresDate: c.expires?.millisecondsSinceEpoch, isSecure: c.secure, isHttpOnly: c.httpOnly,
///       sameSite: c.sameSite);
/// }
/// controller.loadUrl(urlRequest: URLRequest(url: url)); // or InAppWebView(initialUrlRequest: …) built after it
/// ```
///
/// (the README's "CookieManager" section, with every field `setCookie` takes filled from the native cookie:
/// here `HTTPCookieStorage.cookies(for:)`, the harness's native side; the domain is `HTTPCookie`'s, a leading dot
/// for a domain cookie; no `maxAge`, the expiry goes as `expiresDate`.)
///
/// | kind | releases | read at | why the releases behave the same |
/// |---|---|---|---|
/// | `inappwebview-set-cookie:6.1.5` | 3.4.0–6.1.5 (`flutter_inappwebview_ios` up to 1.1.2) | 6.1.5, f67ae1f34868c7660c16a2473f53a7a7bfb6f784 | b9d14828 (3.4.0) added HttpOnly and SameSite to the properties; since then `setCookie` builds one `HTTPCookie` from originURL, name, value, path, domain, expires (milliseconds / 1000), max-age, Secure, HttpOnly and SameSite (`sameSitePolicy` from iOS 13, the same `SameSite` key before), writes it into `WKWebsiteDataStore.default()`'s store and answers in `setCookie`'s completion handler. Later commits change nothing on this path for this app: 77f09dd5 (5.0.0) adds the JavaScript path below iOS 11 and changes `getCookies`; 011d1c86 (6.0.0 betas) leaves a null domain to the URL (the app always gives one; 3.4.0–5.x put the URL's domain); b6725128…600bceaf (6.0.0 betas) answer `false` instead of crashing when `HTTPCookie(properties:)` is nil (never for these cookies); f3033b34 moves the file into `flutter_inappwebview_ios`. 6.2.0 betas not read. |
/// | `inappwebview-set-cookie:3.3.0` | 3.2.0–3.3.0+3 | 3.3.0+3, 30102a5c1ac8ba44d2dc058f534eb7e4b0abfa04 | b6b1e0e2 (3.2.0) reads `expiresDate` as milliseconds; `setCookie` takes no `isHttpOnly` or `sameSite` (Dart 35–43): the properties are originURL, name, value, domain, path, expires, max-age and Secure only, so **HttpOnly and SameSite are lost**; awaited the same way (`result(true)` in the completion, native 103–105). ad56ca66 and 7d88cd80 (3.3.0) change only `toString` and docs. |
/// | — (3.0.0–3.1.0) | | 3.1.0, 02c3de9280f2147a428e89475412c1eb70fdd8ab | not ported: as 3.3.0, but the Dart side sends `expiresDate` as a string (Dart 56) and the native side reads it `as? Int` (native 40): nil, so the expiry is lost and every copy is a session cookie (issue #338, fixed by b6b1e0e2 in 3.2.0). Tried as a kind: it gives 3.3.0's verdict on every scenario of every profile (the app copies again before each load, so a session copy is never missed), which LibraryPortDriftTests refuses. |
/// | — (2.0.0–2.1.x) | | | not ported yet: as 3.1.0, and `secure` set to "FALSE" for a cookie that is not Secure (fcb965ea removes it); what NSHTTPCookie makes of a "FALSE" Secure property is not established |
/// | — (1.x) | | | not ported yet: `setCookie` without a completion handler, `result(true)` at once (3106caf4, 2.0.0, awaits it) |
///
/// Every range takes the native path on iOS 11 and later (`_shouldUseJavascript` is true only below 10.13; the
/// JavaScript `document.cookie` path is for older systems). No profile is below iOS 11, and none is invented for it.
///
/// **What it does.** The copy keeps every flag, the expiry and SameSite (3.2.0–3.3.0+3: Secure and the expiry only —
/// `setCookie` has no `isHttpOnly` or `sameSite` there, so the app's call leaves them out); it goes into the default data store (a web
/// view with another store is not fed) and the app's `await` returns only when the write has landed, so the load
/// follows the writes — and on iOS 11.3, where the store holds writes until its first load, never starts. Only
/// cookies for the loaded URL are copied, and only at a load; nothing goes web → native.
///
/// **Line map** (`s` = `flutter_inappwebview_ios/ios/Classes/MyCookieManager.swift`, `d` =
/// `flutter_inappwebview_ios/lib/src/cookie_manager.dart`, both at 6.1.5; 3.3.0's are `ios/Classes/MyCookieManager.swift`
/// and `lib/src/cookie_manager.dart`; their line → here).
///
/// | their code | port |
/// |---|---|
/// | (the app: each native cookie of the page to `setCookie`'s arguments) | `arguments` |
/// | d 65–85: `setCookie(url:name:value:path:domain:expiresDate:maxAge:isSecure:isHttpOnly:sameSite:…)` | `load`, `setNext` |
/// | d 86–99: `_shouldUseJavascript()` (below 10.13) → `document.cookie` | not ported: no profile below iOS 11 |
/// | d 101–113: the arguments map (`expiresDate` as a string), `invokeMethod('setCookie')`, awaited | `setNext` (reply → next turn) |
/// | s 14: `static let httpCookieStore = WKWebsiteDataStore.default().httpCookieStore` | `setCookie` |
/// | s 26–54: `case "setCookie"`: the arguments read back | `setCookie` |
/// | s 95–134: the properties — originURL, name, value, path; domain when given; expires = ms / 1000; maximumAge; `Secure` "TRUE" when true; `HttpOnly` "YES" when true; SameSite (Lax, Strict, else None) | `setCookie` |
/// | s 136–142: `HTTPCookie(properties:)` → `setCookie` → `result(true)` in the completion; nil → `result(false)` | `setCookie` |
/// | 3.3.0 d 35–63: `setCookie(url:name:value:domain:path:expiresDate:maxAge:isSecure:)`, a null domain from the URL, the map, `invokeMethod`, awaited | `arguments` (no HttpOnly or SameSite), `setNext` |
/// | 3.3.0 s 34–50, 77–101: the arguments; originURL, name, value, domain, path, expires = ms / 1000, maximumAge, `Secure` "TRUE" when true | `setCookie` |
/// | 3.3.0 s 102–105: `HTTPCookie(properties:)!`, `httpCookieStore!` (the default store's, set at registration) `setCookie` → `result(true)` | `setCookie` |
/// | (the app: after the last `await`, the load) | `load` |
/// | `getCookies`, `getAllCookies`, `deleteCookie(s)`, `deleteAllCookies`, the JavaScript path | not ported: not in the app code above |
public final class FlutterInAppWebViewCookieManager: SyncStrategy {
    public enum Version: String, Sendable, CaseIterable {
        case v3_3_0 = "3.3.0"
        case v6_1_5 = "6.1.5"

        /// The commit of the version's tag.
        var commit: String {
            switch self {
            case .v3_3_0: "30102a5c1ac8ba44d2dc058f534eb7e4b0abfa04"
            case .v6_1_5: "f67ae1f34868c7660c16a2473f53a7a7bfb6f784"
            }
        }

        /// The first and last release of the range.
        var range: String {
            switch self {
            case .v3_3_0: "3.2.0–3.3.0+3"
            case .v6_1_5: "3.4.0–6.1.5"
            }
        }

        var files: [String] {
            switch self {
            case .v3_3_0: ["ios/Classes/MyCookieManager.swift", "lib/src/cookie_manager.dart"]
            case .v6_1_5:
                ["flutter_inappwebview_ios/ios/Classes/MyCookieManager.swift", "flutter_inappwebview_ios/lib/src/cookie_manager.dart"]
            }
        }

        /// Whether `setCookie` takes `isHttpOnly` and `sameSite` (3.4.0, b9d14828).
        var carriesHttpOnlyAndSameSite: Bool { self != .v3_3_0 }
    }

    public static let library = "flutter_inappwebview"

    public let version: Version
    public var name: String { "inappwebview-set-cookie:\(version.rawValue)" }

    public init(version: Version = .v6_1_5) {
        self.version = version
    }

    /// `setCookie`'s arguments as the channel carries them.
    struct Arguments {
        var url: String
        var name: String
        var value: String
        var path: String
        var domain: String?
        /// Milliseconds since 1970, as a decimal string.
        var expiresDate: String?
        var isSecure: Bool?
        var isHttpOnly: Bool?
        /// `HTTPCookieSameSitePolicy.toNativeValue()`: "Lax", "Strict" or "None"; nil when the cookie has none.
        var sameSite: String?
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let cookies = arguments(for: request.url, app: app)
        app.mainQueue.async { [weak self, weak webView] in
            self?.setNext(cookies[...], app: app) {
                app.log("inappwebview: \(cookies.count) cookie(s) set and awaited; the load follows")
                app.mainQueue.async { webView?.load(request) }
            }
        }
    }

    /// The app's mapping of its cookies for the page to `setCookie`'s arguments.
    func arguments(for url: URL, app: StrategyContext) -> [Arguments] {
        let full = version.carriesHttpOnlyAndSameSite
        return app.cookieStorage.cookies(for: url).map { cookie in
            Arguments(
                url: url.absoluteString, name: cookie.name, value: cookie.value, path: cookie.path,
                domain: cookie.httpCookieDomain,
                expiresDate: cookie.expiresDate.map { String(Int64(($0.timeIntervalSince1970 * 1000).rounded(.down))) },
                isSecure: cookie.isSecure, isHttpOnly: full ? cookie.isHTTPOnly : nil,
                sameSite: !full || cookie.sameSite == .default ? nil : cookie.sameSite.rawValue)
        }
    }

    /// `await cookieManager.setCookie(…)` for each in turn, then `done`.
    private func setNext(_ cookies: ArraySlice<Arguments>, app: StrategyContext, done: @escaping () -> Void) {
        guard let arguments = cookies.first else { return done() }
        app.mainQueue.async { [weak self] in
            self?.setCookie(arguments, app: app) { _ in
                // The reply reaches Dart on a later turn.
                app.mainQueue.async { self?.setNext(cookies.dropFirst(), app: app, done: done) }
            }
        }
    }

    /// `MyCookieManager.setCookie(url:name:value:path:domain:…:result:)`.
    private func setCookie(_ arguments: Arguments, app: StrategyContext, result: @escaping (Bool) -> Void) {
        let expires = arguments.expiresDate.flatMap(Int64.init).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        let sameSite: SameSite =
            switch arguments.sameSite {
            case nil: .default
            case "Lax": .lax
            case "Strict": .strict
            default: .none
            }
        // The domain is always given here; without it NSHTTPCookie would take originURL's host (host-only).
        let domain = arguments.domain ?? URL(string: arguments.url)?.host ?? ""
        let cookie = Cookie.make(
            name: arguments.name, value: arguments.value, domain: domain, path: arguments.path, expires: expires,
            isSecure: arguments.isSecure == true, isHTTPOnly: arguments.isHttpOnly == true, sameSite: sameSite,
            now: app.now)
        app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie) { result(true) }
    }
}

extension SyncStrategyKind {
    static let flutterInAppWebView: [SyncStrategyKind] = FlutterInAppWebViewCookieManager.Version.allCases.map { version in
        let fields = version.carriesHttpOnlyAndSameSite ? "every field, SameSite too" : "HttpOnly and SameSite not among the fields"
        let lost = version.carriesHttpOnlyAndSameSite ? "" : "HttpOnly and SameSite dropped; "
        return SyncStrategyKind(
            name: "inappwebview-set-cookie:\(version.rawValue)",
            summary: "flutter_inappwebview \(version.range): each cookie for the page awaited through CookieManager.setCookie (\(fields)) into the default store, then the load",
            knownBreakage: "\(lost)deadlock on iOS 11.3 (setCookie held until the first load); private web views not fed; no web→native sync",
            origin: LibraryOrigin(
                library: FlutterInAppWebViewCookieManager.library, repository: "pichillilorenzo/flutter_inappwebview",
                version: version.rawValue, commit: version.commit, files: version.files),
            make: { FlutterInAppWebViewCookieManager(version: version) })
    }
}
