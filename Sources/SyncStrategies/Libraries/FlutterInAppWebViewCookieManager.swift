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
/// | `inappwebview-set-cookie:2.1.0` | 2.0.0–2.1.0+1 | 2.1.0+1, 16ec6ac49ffb77cff9096854f961a09e648905b4 | 3106caf4 (2.0.0) answers in `setCookie`'s completion handler and puts every web view on one shared `WKProcessPool` (issue #196, PR #198). As 3.1.0 (the expiry lost, every copy a session cookie), and native 93 sets the `secure` property to "TRUE" or **"FALSE"**: `HTTPCookie(properties:)` makes a cookie Secure for any value of that key (Apple's documentation of `HTTPCookiePropertyKey.secure`: "Providing any value for this key indicates that the cookie should remain secure"; swift-corelibs-foundation's `init?(properties:)`, `Sources/FoundationNetworking/HTTPCookie.swift` 310–316 at 761b621d, sets `_secure` for any non-empty string, though its doc comment, 251–253, says "TRUE" or "FALSE"), so **every copy is Secure** and none goes to an http page — PR #311 (issue #118): "cookies are always 'secure' and won't work on http urls". 6a7963e4 (3.0.0) sets the key only for a Secure cookie (fcb965ea, the PR's own commit, joins the tags' history only at 5.4.0 and changes nothing more). 2.1.0 renamed the package `flutter_inappwebview` (the channel's name only). |
/// | `inappwebview-set-cookie:1.2.1` | 0.5.3–1.2.1 (as `flutter_inappbrowser`) | 1.2.1, f6353b8f722faad5d6597c2cceafffad3c3f611c | as 2.1.0 ("FALSE" Secure, the expiry lost: Dart 1460 sends a string, native 40 reads `as? Int`), but native 96–97 call `setCookie` **without a completion handler and `result(true)` at once**: the app's `await` returns before the write lands and the load races the writes. The web view's configuration is a plain `WKWebViewConfiguration()` (`InAppWebView.swift` 195): its own process pool, the default data store, none of the settings below (on iOS 11 and 12 a `setCookie` into a store whose web views are on no shared pool is lost, PR #198). The native code is the same from 0.5.3 (ac962a59) to 1.2.1 (`git diff v0.5.3 v1.2.1`). |
///
/// Every range takes the native path on iOS 11 and later (`_shouldUseJavascript` is true only below 10.13; the
/// JavaScript `document.cookie` path is for older systems). No profile is below iOS 11, and none is invented for it.
///
/// **What it does.** The copy keeps every flag, the expiry and SameSite (3.2.0–3.3.0+3: Secure and the expiry only —
/// `setCookie` has no `isHttpOnly` or `sameSite` there, so the app's call leaves them out; before 3.0.0 every copy is a
/// Secure session cookie); it goes into the default data store (a web view with another store is not fed) and from
/// 2.0.0 the app's `await` returns only when the write has landed, so the load follows the writes — and on iOS 11.3,
/// where the store holds writes until its first load, never starts. Only cookies for the loaded URL are copied, and
/// only at a load; nothing goes web → native.
///
/// **Settings** (2.0.0 and later: `InAppWebViewOptions`/`IOSInAppWebViewOptions`, from 6.0.0 `InAppWebViewSettings`; the
/// port's options, `inappwebview-set-cookie:6.1.5[incognito=true]`, each at the library's default unless set). The
/// library builds the web view's configuration itself (`preWKWebViewConfiguration`): the shared process pool; `incognito`
/// a non-persistent store, else `cacheEnabled` (on by default) the default store — a private web view of the
/// harness is an app that set `incognito`; with `sharedCookiesEnabled` (off by default) every `HTTPCookieStorage` cookie
/// is set into the configuration's store, no completion handler, not awaited, after a non-persistent store is picked
/// when neither `incognito` nor `cacheEnabled` is on. `CookieManager` writes into `WKWebsiteDataStore.default()`
/// whatever the web view's store: with `incognito` the app's copies never reach the page. `thirdPartyCookiesEnabled`
/// is read by the Android web view only (`CookieManager.setAcceptThirdPartyCookies`): declared, never set. None of the
/// settings is on in the README's examples; no common app default is known, so none is built into the main job.
///
/// **Line map** (`s` = `flutter_inappwebview_ios/ios/Classes/MyCookieManager.swift`, `d` =
/// `flutter_inappwebview_ios/lib/src/cookie_manager.dart`, `w` = `flutter_inappwebview_ios/ios/Classes/InAppWebView/InAppWebView.swift`,
/// all at 6.1.5; 3.3.0's and 2.1.0's are `ios/Classes/MyCookieManager.swift`, `lib/src/cookie_manager.dart` and
/// `ios/Classes/InAppWebView.swift`; 1.2.1's `ios/Classes/MyCookieManager.swift`, `lib/flutter_inappbrowser.dart` and
/// `ios/Classes/InAppWebView.swift`; their line → here).
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
/// | w 597–599: `WKWebViewConfiguration()`, `processPool = WKProcessPoolManager.sharedProcessPool` | `configure` |
/// | w 614–619: `incognito` → `nonPersistent()`, else `cacheEnabled` → `default()` | `configure` |
/// | w 647–659: `sharedCookiesEnabled`: `nonPersistent()` when neither `incognito` nor `cacheEnabled`; each `HTTPCookieStorage` cookie `setCookie(…, completionHandler: nil)` | `configure` |
/// | w 1006–1023: `setSettings` at run time, the same three | not ported: the app sets them when it makes the web view |
/// | 3.3.0 d 35–63: `setCookie(url:name:value:domain:path:expiresDate:maxAge:isSecure:)`, a null domain from the URL, the map, `invokeMethod`, awaited | `arguments` (no HttpOnly or SameSite), `setNext` |
/// | 3.3.0 s 34–50, 77–101: the arguments; originURL, name, value, domain, path, expires = ms / 1000, maximumAge, `Secure` "TRUE" when true | `setCookie` |
/// | 3.3.0 s 102–105: `HTTPCookie(properties:)!`, `httpCookieStore!` (the default store's, set at registration) `setCookie` → `result(true)` | `setCookie` |
/// | 3.3.0 w 1190–1192, 1212–1216, 1220–1231: the pool, the data store, `sharedCookiesEnabled` (as 6.1.5's) | `configure` |
/// | 2.1.0 d 33–61: as 3.3.0's, `expiresDate?.toString()` (56) | `arguments` |
/// | 2.1.0 s 34–45: the arguments, `expiresDate as? Int` (40): nil for the string | `setCookie` (`readsExpiry`) |
/// | 2.1.0 s 72–99: originURL, name, value, domain, path; no expires; `secure` "TRUE" or "FALSE" (93); `HTTPCookie(properties:)!`, `setCookie` → `result(true)` in the completion | `setCookie` (`Cookie.httpCookieIsSecure`) |
/// | 2.1.0 w 890–892, 786–790, 794–806: the pool, the data store, `sharedCookiesEnabled` (as 6.1.5's) | `configure` |
/// | 1.2.1 d 1436–1464: `CookieManager.setCookie(url, name, value, domain:, path:, expiresDate:, maxAge:, isSecure:)` (static), `expiresDate?.toString()`, awaited | `arguments`, `setNext` |
/// | 1.2.1 s 34–45, 72–95: as 2.1.0's | `setCookie` |
/// | 1.2.1 s 96–97: `httpCookieStore!.setCookie(cookie)`, no completion handler; `result(true)` | `setCookie` (`awaitsWrite`) |
/// | 1.2.1 w 195: `WKWebViewConfiguration()`: its own pool, the default store, no cookie setting | `configure` |
/// | (the app: after the last `await`, the load) | `load` |
/// | `getCookies`, `getAllCookies`, `deleteCookie(s)`, `deleteAllCookies`, the JavaScript path | not ported: not in the app code above |
public final class FlutterInAppWebViewCookieManager: SyncStrategy {
    /// The ranges whose cookie code behaves differently, oldest first.
    public enum Version: String, Sendable, CaseIterable {
        case v1_2_1 = "1.2.1"
        case v2_1_0 = "2.1.0"
        case v3_3_0 = "3.3.0"
        case v6_1_5 = "6.1.5"

        /// The commit of the version's tag.
        var commit: String {
            switch self {
            case .v1_2_1: "f6353b8f722faad5d6597c2cceafffad3c3f611c"
            case .v2_1_0: "16ec6ac49ffb77cff9096854f961a09e648905b4"
            case .v3_3_0: "30102a5c1ac8ba44d2dc058f534eb7e4b0abfa04"
            case .v6_1_5: "f67ae1f34868c7660c16a2473f53a7a7bfb6f784"
            }
        }

        /// The first and last release of the range.
        var range: String {
            switch self {
            case .v1_2_1: "0.5.3–1.2.1"
            case .v2_1_0: "2.0.0–2.1.0+1"
            case .v3_3_0: "3.2.0–3.3.0+3"
            case .v6_1_5: "3.4.0–6.1.5"
            }
        }

        var files: [String] {
            switch self {
            case .v1_2_1: ["ios/Classes/MyCookieManager.swift", "lib/flutter_inappbrowser.dart", "ios/Classes/InAppWebView.swift"]
            case .v2_1_0, .v3_3_0: ["ios/Classes/MyCookieManager.swift", "lib/src/cookie_manager.dart", "ios/Classes/InAppWebView.swift"]
            case .v6_1_5:
                [
                    "flutter_inappwebview_ios/ios/Classes/MyCookieManager.swift", "flutter_inappwebview_ios/lib/src/cookie_manager.dart",
                    "flutter_inappwebview_ios/ios/Classes/InAppWebView/InAppWebView.swift",
                ]
            }
        }

        /// Whether `setCookie` takes `isHttpOnly` and `sameSite` (3.4.0, b9d14828).
        var carriesHttpOnlyAndSameSite: Bool { self == .v6_1_5 }
        /// Whether the native side reads the expiry the Dart side sends (3.2.0, b6b1e0e2; before, a string read `as? Int`).
        var readsExpiry: Bool { self >= .v3_3_0 }
        /// Whether a cookie that is not Secure gets `secure` "FALSE" (before 3.0.0, 6a7963e4).
        var writesSecureFalse: Bool { self <= .v2_1_0 }
        /// Whether `result(true)` waits for `setCookie`'s completion handler (2.0.0, 3106caf4).
        var awaitsWrite: Bool { self >= .v2_1_0 }
        /// Whether the web view's configuration comes from the settings and the shared pool (2.0.0); 1.x makes a plain one.
        var readsSettings: Bool { self >= .v2_1_0 }
    }

    /// The web view settings the cookie code reads, as adapter options (the line map's `w` rows); 2.0.0 and later.
    public static let options: [LibraryOption] = [
        LibraryOption(
            "sharedCookiesEnabled", default: false,
            "on: every HTTPCookieStorage cookie set into the web view's store as it is configured, not awaited"),
        LibraryOption(
            "incognito", default: false, "on: a non-persistent data store, which CookieManager (the default store's) never feeds"),
        LibraryOption(
            "cacheEnabled", default: true, "off, with sharedCookiesEnabled and not incognito: a non-persistent data store"),
        LibraryOption(
            "thirdPartyCookiesEnabled", default: true, "Android's CookieManager.setAcceptThirdPartyCookies",
            notAParameter: "Android-only: the iOS web view never reads it, so it has no effect on an iOS profile"),
    ]

    /// The settings an app gives `InAppWebView`, at the library's defaults unless set.
    public struct Settings: Sendable {
        public var sharedCookiesEnabled = false
        public var incognito = false
        public var cacheEnabled = true

        public init(sharedCookiesEnabled: Bool = false, incognito: Bool = false, cacheEnabled: Bool = true) {
            self.sharedCookiesEnabled = sharedCookiesEnabled
            self.incognito = incognito
            self.cacheEnabled = cacheEnabled
        }

        init(_ values: LibraryOptionValues) {
            let options = FlutterInAppWebViewCookieManager.options
            self.init(sharedCookiesEnabled: values[options[0]], incognito: values[options[1]], cacheEnabled: values[options[2]])
        }
    }

    public static let library = "flutter_inappwebview"

    public let version: Version
    public let settings: Settings
    public var name: String {
        let changed = [
            settings.sharedCookiesEnabled ? "sharedCookiesEnabled=true" : nil, settings.incognito ? "incognito=true" : nil,
            settings.cacheEnabled ? nil : "cacheEnabled=false",
        ].compactMap(\.self)
        return "inappwebview-set-cookie:\(version.rawValue)" + (changed.isEmpty ? "" : "[\(changed.joined(separator: ","))]")
    }

    public init(version: Version = .v6_1_5, settings: Settings = Settings()) {
        precondition(version.readsSettings || settings.sharedCookiesEnabled == false && !settings.incognito && settings.cacheEnabled)
        self.version = version
        self.settings = settings
    }

    /// `preWKWebViewConfiguration`: the library makes the web view's configuration, not the app.
    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        guard version.readsSettings else {
            // A plain WKWebViewConfiguration(): a pool of its own and the default store.
            configuration.processPool = WKProcessPool()
            configuration.websiteDataStore = app.webKit.defaultDataStore()
            return app.log("\(name): WKWebViewConfiguration(): its own process pool, the default data store")
        }
        configuration.processPool = app.webKit.sharedProcessPool
        let incognito = settings.incognito || !configuration.websiteDataStore.isPersistent
        if incognito {
            configuration.websiteDataStore = app.webKit.nonPersistentDataStore()
        } else if settings.cacheEnabled {
            configuration.websiteDataStore = app.webKit.defaultDataStore()
        }
        guard settings.sharedCookiesEnabled else { return }
        if !incognito && !settings.cacheEnabled { configuration.websiteDataStore = app.webKit.nonPersistentDataStore() }
        let cookies = app.cookieStorage.cookies
        for cookie in cookies { configuration.websiteDataStore.httpCookieStore.setCookie(cookie) }
        app.log("\(name): sharedCookiesEnabled: \(cookies.count) native cookie(s) set into the configuration's store, not awaited")
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
                let replies = self?.version.awaitsWrite == false ? "answered at once, not written yet" : "set and awaited"
                app.log("inappwebview: \(cookies.count) cookie(s) \(replies); the load follows")
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
        let expires = version.readsExpiry
            ? arguments.expiresDate.flatMap(Int64.init).map { Date(timeIntervalSince1970: Double($0) / 1000) } : nil
        let sameSite: SameSite =
            switch arguments.sameSite {
            case nil: .default
            case "Lax": .lax
            case "Strict": .strict
            default: .none
            }
        let secureProperty: String? = arguments.isSecure == true ? "TRUE" : version.writesSecureFalse ? "FALSE" : nil
        // The domain is always given here; without it NSHTTPCookie would take originURL's host (host-only).
        let domain = arguments.domain ?? URL(string: arguments.url)?.host ?? ""
        let cookie = Cookie.make(
            name: arguments.name, value: arguments.value, domain: domain, path: arguments.path, expires: expires,
            isSecure: Cookie.httpCookieIsSecure(secureProperty), isHTTPOnly: arguments.isHttpOnly == true, sameSite: sameSite,
            now: app.now)
        let store = app.webKit.defaultDataStore().httpCookieStore
        guard version.awaitsWrite else {
            store.setCookie(cookie)
            return result(true)
        }
        store.setCookie(cookie) { result(true) }
    }
}

extension FlutterInAppWebViewCookieManager.Version: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension SyncStrategyKind {
    static let flutterInAppWebView: [SyncStrategyKind] = FlutterInAppWebViewCookieManager.Version.allCases.map { version in
        let fields =
            switch version {
            case .v6_1_5: "every field, SameSite too"
            case .v3_3_0: "HttpOnly and SameSite not among the fields"
            case .v1_2_1, .v2_1_0: "Secure \"FALSE\" makes every copy Secure; no expiry"
            }
        let awaited = version.awaitsWrite ? "awaited" : "not awaited (the reply comes at once)"
        let lost =
            switch version {
            case .v6_1_5: ""
            case .v3_3_0: "HttpOnly and SameSite dropped; "
            case .v1_2_1, .v2_1_0: "every copy Secure (none reaches an http page), session-only, HttpOnly and SameSite dropped; "
            }
        let breakage = version.awaitsWrite
            ? "\(lost)deadlock on iOS 11.3 (setCookie held until the first load); private web views not fed; no web→native sync"
            : "\(lost)the load races the writes; on iOS 11–12 the web view's own process pool loses them; no web→native sync"
        let summary =
            "flutter_inappwebview \(version.range): each cookie for the page through CookieManager.setCookie (\(fields)), \(awaited), "
            + "into the default store, then the load"
        let origin = LibraryOrigin(
            library: FlutterInAppWebViewCookieManager.library, repository: "pichillilorenzo/flutter_inappwebview",
            version: version.rawValue, commit: version.commit, files: version.files)
        let name = "inappwebview-set-cookie:\(version.rawValue)"
        guard version.readsSettings else {
            return SyncStrategyKind(name: name, summary: summary, knownBreakage: breakage, origin: origin) {
                FlutterInAppWebViewCookieManager(version: version)
            }
        }
        return SyncStrategyKind(
            name: name, summary: summary, knownBreakage: breakage, origin: origin, options: FlutterInAppWebViewCookieManager.options,
            make: { FlutterInAppWebViewCookieManager(version: version, settings: FlutterInAppWebViewCookieManager.Settings($0)) })
    }
}
