import CookieModel
import Foundation
import WebKitModel

/// `@react-native-cookies/cookies` 6.2.1 as React Native apps build their sync from it: before showing the page,
/// the app reads the native cookies for its URL and writes each into WebKit, waits for every write, then loads.
///
/// ```js
/// const cookies = await CookieManager.get(url);                      // useWebKit false: HTTPCookieStorage
/// await Promise.all(Object.values(cookies).map(c => CookieManager.set(url, c, true)));
/// setSource({ uri: url });                                           // <WebView source={source} />
/// ```
///
/// **Source.** `react-native-cookies/cookies` at 69fe6557b0f2c286e6df6fa9100391ad2d163860 (package 6.2.1; the file
/// last changed in 9867cbd): `ios/RNCookieManagerIOS/RNCookieManagerIOS.m`; the app code is its README's `get`
/// and `set(url, cookie, useWebKit)` (the WebKit-Support section) chained as above.
///
/// **What it does.** `get` answers a dictionary keyed by cookie name: of two cookies with one name for the URL
/// (two paths or domains), only the last `cookiesForURL:` lists survives. Each `set` rebuilds the cookie from
/// that dictionary — name, value, path, domain, version, expires (to the millisecond), secure, httpOnly; no
/// SameSite — and writes it into `WKWebsiteDataStore.defaultDataStore` (whatever store the web view uses),
/// resolving when `setCookie` completes, so the load waits for the writes. Only cookies for the loaded URL are
/// copied, and only at a load; nothing goes web → native.
///
/// **Line map** (their line → here).
///
/// | their code | port |
/// |---|---|
/// | 106–111, 137–143: `get(url, useWebKit: false)` — `cookiesForURL:` into a dictionary keyed by `cookie.name` | `get` |
/// | 324–338: `createCookieData:` — name, value, path, domain, version, expires (formatted, ms), secure, httpOnly | `createCookieData` |
/// | 41–72: `set(url, props, useWebKit: true)` | `set` |
/// | 48–55: `makeHTTPCookieObject` in `@try`; a throw rejects | `set` (the domain check cannot fail for cookies of `url`) |
/// | 255–266: `url.host` empty → throw | `makeHTTPCookieObject` |
/// | 267–279: read the props; Name, Value | `makeHTTPCookieObject` |
/// | 281–285: path or `/` | `makeHTTPCookieObject` |
/// | 286–305: domain: strip a leading dot for the check `host containsString:` it, else throw; the domain as given, or the URL's host | `makeHTTPCookieObject` |
/// | 306–317: version, expires, Secure and HttpOnly when true | `makeHTTPCookieObject` |
/// | 319: `cookieWithProperties:` | `makeHTTPCookieObject` (`Cookie.make`) |
/// | 57–62: `dispatch_async(main)`, `defaultDataStore` `setCookie` → `resolve` in its completion | `set` |
/// | 64–71: iOS < 11 reject; `useWebKit` false | not ported: the app passes `useWebKit` true and no profile is below iOS 11 |
/// | (the app: `Promise.all`, then the source; a JavaScript turn between each step) | `load` |
/// | 74–104, 146–253, 340–end: `setFromResponse`, `getFromResponse`, `clearAll`, `clearByName`, `getAll`, `isMatchingDomain` | not ported: not in the app code above |
public final class ReactNativeCookiesSetThenLoad: SyncStrategy {
    public static let library = "@react-native-cookies/cookies"
    public static let version = "6.2.1"
    public static let commit = "69fe6557b0f2c286e6df6fa9100391ad2d163860"
    public let name = "rn-cookies-set-then-load:\(ReactNativeCookiesSetThenLoad.version)"

    public init() {}

    /// What `createCookieData:` answers for a cookie and `set` reads back (`expires` is a string to the millisecond).
    struct CookieData {
        var name: String
        var value: String
        var path: String
        var domain: String
        var version: String
        var expires: Date?
        var secure: Bool
        var httpOnly: Bool
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let url = request.url
        let cookies = get(url, app: app)
        // await get(): the promise resolves on a later JavaScript turn.
        app.mainQueue.async { [weak self, weak webView] in
            guard let self else { return }
            var pending = cookies.count
            let loadWhenAllResolved = {
                guard pending == 0 else { return }
                // Promise.all resolved: setSource, on a later turn.
                app.mainQueue.async { webView?.load(request) }
            }
            for data in cookies {
                set(url, data, app: app) {
                    pending -= 1
                    loadWhenAllResolved()
                }
            }
            app.log("\(name): \(cookies.count) cookie(s) of \(url) sent to WKHTTPCookieStore; the load waits for them")
            loadWhenAllResolved()
        }
    }

    /// `get(url, useWebKit: false)`: a dictionary keyed by name, in `cookiesForURL:` order (a later one replaces).
    func get(_ url: URL, app: StrategyContext) -> [CookieData] {
        var order: [String] = []
        var byName: [String: CookieData] = [:]
        for cookie in app.cookieStorage.cookies(for: url) {
            if byName.updateValue(createCookieData(cookie), forKey: cookie.name) == nil { order.append(cookie.name) }
        }
        return order.compactMap { byName[$0] }
    }

    /// `createCookieData:`.
    func createCookieData(_ cookie: Cookie) -> CookieData {
        CookieData(
            name: cookie.name, value: cookie.value, path: cookie.path, domain: cookie.httpCookieDomain, version: "0",
            expires: cookie.expiresDate.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded(.down) / 1000) },
            secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly)
    }

    /// `set(url, cookie, useWebKit: true)`: `resolve` runs when the default store's `setCookie` completes.
    private func set(_ url: URL, _ props: CookieData, app: StrategyContext, resolve: @escaping () -> Void) {
        guard let cookie = makeHTTPCookieObject(url, props, app: app) else { return }
        app.mainQueue.async {
            app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie) { resolve() }
        }
    }

    /// `makeHTTPCookieObject:props:`; nil where it throws (the promise is rejected and never resolves `Promise.all`).
    private func makeHTTPCookieObject(_ url: URL, _ props: CookieData, app: StrategyContext) -> Cookie? {
        guard let topLevelDomain = url.host, !topLevelDomain.isEmpty else { return nil }
        let path = props.path.isEmpty ? "/" : props.path
        let domain: String
        if !props.domain.isEmpty {
            let stripped = props.domain.hasPrefix(".") ? String(props.domain.dropFirst()) : props.domain
            guard topLevelDomain.contains(stripped) || topLevelDomain == stripped else {
                app.log("Cookie URL host \(topLevelDomain) and domain \(props.domain) mismatched. The cookie won't set correctly.")
                return nil
            }
            domain = props.domain
        } else {
            domain = topLevelDomain
        }
        return Cookie.make(
            name: props.name, value: props.value, domain: domain, path: path, expires: props.expires, isSecure: props.secure,
            isHTTPOnly: props.httpOnly, now: app.now)
    }
}

extension SyncStrategyKind {
    static let reactNativeCookies: [SyncStrategyKind] = [
        SyncStrategyKind(
            name: "rn-cookies-set-then-load:\(ReactNativeCookiesSetThenLoad.version)",
            summary: "@react-native-cookies/cookies: get(url) from HTTPCookieStorage, set(url, c, useWebKit) each into the default store, awaited, then load",
            knownBreakage: "only the loaded URL's cookies, only at a load; one cookie per name; SameSite dropped; private web views not fed; no web→native sync",
            origin: LibraryOrigin(
                library: ReactNativeCookiesSetThenLoad.library, repository: "react-native-cookies/cookies",
                version: ReactNativeCookiesSetThenLoad.version, commit: ReactNativeCookiesSetThenLoad.commit,
                files: ["ios/RNCookieManagerIOS/RNCookieManagerIOS.m"]),
            make: { ReactNativeCookiesSetThenLoad() }),
    ]
}
