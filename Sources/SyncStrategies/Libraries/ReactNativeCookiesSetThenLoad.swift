import CookieModel
import Foundation
import WebKitModel

/// `@react-native-cookies/cookies` as React Native apps build their sync from it: before showing the page, the app
/// reads the native cookies for its URL and writes each into WebKit, waits for every write, then loads. One kind per
/// release range whose code on that path behaves differently.
///
/// ```js
/// const cookies = await CookieManager.get(url);                      // useWebKit false: HTTPCookieStorage
/// await Promise.all(Object.values(cookies).map(c => CookieManager.set(url, c, true)));
/// setSource({ uri: url });                                           // <WebView source={source} />
/// ```
///
/// Before 3.0.0 `set` takes no URL (`set(cookie, useWebKit)`, index.js 40): the app's line is
/// `CookieManager.set(c, true)` there, the same chain otherwise.
///
/// **`useWebKit`, an option** (``options``, `rn-cookies-set-then-load:6.2.1[useWebKit=false]`): `set`'s third
/// argument defaults to false in index.js (every release, line 40), so an app that leaves it out ships
/// `set(url, c)`. Then `set` builds the same cookie and hands it to `[NSHTTPCookieStorage sharedHTTPCookieStorage]
/// setCookie:` before resolving: the web view gets nothing, and the native cookie is replaced by its rebuilt copy
/// (same name, domain and path) — Secure and HttpOnly lost before 6.0.9, SameSite always, the expiry cut to the
/// millisecond; 6.0.0's dotted domain makes a host-only cookie's copy a domain cookie beside it. `get(url)` is the
/// same call either way (its `useWebKit` is the default, false). Default true: the README's app, which passes it.
///
/// | version (kind) | npm package | tag commit | what changed (on the path above) |
/// |---|---|---|---|
/// | — (1.0.0–2.0.2) | `react-native-cookies` 1.0.0, `@react-native-community/react-native-cookies` 1.0.1–1.1.1, `@react-native-community/cookies` 2.0.0–2.0.2 | e5529434f482315110d673bc864404c28debd830 (1.0.0) … fb9f1cd76bc4cc1d86a7e754d1e1c72be1740b1e (2.0.2) | not ported: `set` puts `origin`, `version` and `expiration` into its property dictionary unchecked (`setObject:forKey:`, 1.0.0 L47–50, 2.0.2 L55–58), and `get`'s dictionary has none of them (name, value, domain, path, `expiresDate`): the first `set` raises `NSInvalidArgumentException`, the app stops and no cookie is written. Before 2.0.2 (97c48ba) `get` itself raises on a session cookie (a nil `expiresDate` string). No cookie observation to make. |
/// | 2.0.9 | `@react-native-community/cookies` 2.0.3–2.0.9 | 15eb00bf9936b49ba129ab62c92d849a6d7e74d6 | 3ab3abc (2.0.3): `set` adds only the keys it is given and `get` answers `createCookieData:` (name, value, path, domain, version, `expiration`), so the chain runs. `set` has no URL; the domain and path go as given; Secure and HttpOnly are not among the fields (dropped); `setCookie` is called with no completion handler and the promise resolves right after the call, so the load does not wait for the writes. 4d3e816 (2.0.8) changes only `get(url, true)`, which the app does not call. |
/// | 6.0.0 | `@react-native-community/cookies` 3.0.0–5.0.1, `@react-native-cookies/cookies` 6.0.0 | ce99ebd6163b4f215e5013ac7c027a96e88b2d42 | 4a6bbeb (3.0.0): `set(url, cookie, useWebKit)` with `makeHTTPCookieObject:`; the promise resolves in `setCookie`'s completion handler; a domain without a leading dot gets one ("to match android"): **a host-only cookie is copied as a domain cookie** of its host; `secure` and `httpOnly` are read but stored under the keys `secure` and `HTTPOnly`, which `NSHTTPCookie` does not know (dropped, as 354e9bb's title says: "always being false"). 724c55b (4.0.1) changes only `clearAll`. |
/// | 6.0.8 | `@react-native-cookies/cookies` 6.0.1–6.0.8 | 0b99c33b222b5130aceaf8a4501fcbb10b755ba2 | e627bec (6.0.1): the domain goes as given (a host-only cookie stays host-only). 597f32e (6.0.7) changes only the rejection's third argument. |
/// | 6.2.1 | `@react-native-cookies/cookies` 6.0.9–6.2.1 | e0ed1f0966ae8ce0fe831f8dbf66877880f00f04 | 354e9bb (6.0.9): `NSHTTPCookieSecure` and `HttpOnly` when true: the flags are kept. 297095f (6.1.0, the header import) and 9867cbd (6.2.1, `clearByName`) change nothing here; master after 6.2.1 (69fe655) changes only the README. |
///
/// Every range takes the iOS 11 branch (`@available(iOS 11.0, *)`) of `set(…, useWebKit: true)`; below iOS 11 it
/// rejects. No profile is below iOS 11, and none is invented for it.
///
/// **Source.** `react-native-cookies/cookies` at the tags above: `ios/RNCookieManagerIOS/RNCookieManagerIOS.m`;
/// the app code is the README's `get` and `set` (the WebKit-Support section) chained as above.
///
/// **What it does.** `get` answers a dictionary keyed by cookie name: of two cookies with one name for the URL
/// (two paths or domains), only the last `cookiesForURL:` lists survives. Each `set` rebuilds the cookie from
/// that dictionary — name, value, path, domain, version, expires (to the millisecond), and from 6.0.9 secure and
/// httpOnly; never SameSite — and writes it into `WKWebsiteDataStore.defaultDataStore` (whatever store the web
/// view uses). Only cookies for the loaded URL are copied, and only at a load; nothing goes web → native.
///
/// **Line map** (their line in each version's file → here; "6.0.x" is 6.0.0 and 6.0.8, whose lines differ only
/// inside `makeHTTPCookieObject:`).
///
/// | their code | port |
/// |---|---|
/// | 2.0.9 152–158, 6.0.x 141–147, 6.2.1 137–143: `get(url, useWebKit: false)` — `cookiesForURL:` into a dictionary keyed by `cookie.name` | `get` |
/// | 2.0.9 233–245: `createCookieData:` — name, value, path, domain, version, `expiration` (formatted, ms); 6.0.0 332–346, 6.0.8 328–342, 6.2.1 324–338: `expires` instead, then secure, httpOnly | `createCookieData` |
/// | 27–35 (all): the formatter `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`, which `RCTConvert NSDate:` reads back | `createCookieData` (expires to the millisecond) |
/// | 2.0.9 44–91: `set(props, useWebKit: true)`; 6.0.x 45–76, 6.2.1 41–72: `set(url, props, useWebKit: true)` | `set` |
/// | 2.0.9 50–75: Name, Value, Path as given; Domain, OriginURL, Version, Expires when not empty; `cookieWithProperties:` | `makeCookie209` |
/// | 2.0.9 77–83: `dispatch_async(main)`, `defaultDataStore` `setCookie` with a nil completion handler, then `resolve` | `set` (2.0.9) |
/// | 6.0.x 52–59, 6.2.1 48–55: `makeHTTPCookieObject` in `@try`; a throw rejects | `set` (the domain check cannot fail for cookies of `url`) |
/// | 6.0.x 262–270, 6.2.1 255–266: `url.host` empty → throw | `makeHTTPCookieObject` |
/// | 6.0.x 272–283, 6.2.1 267–279: read the props; Name, Value | `makeHTTPCookieObject` |
/// | 6.0.0 285–306: a domain without a leading `.` gets one; the check: the host `containsString:` the domain without it, else throw; the dotted domain, or the URL's host | `makeHTTPCookieObject` (6.0.0) |
/// | 6.0.0 308–312, 6.0.8 285–289, 6.2.1 281–285: path or `/` | `makeHTTPCookieObject` |
/// | 6.0.8 290–309, 6.2.1 286–305: a leading dot stripped for the check only, else throw; the domain as given, or the URL's host | `makeHTTPCookieObject` (6.0.8, 6.2.1) |
/// | 6.0.0 314–319, 6.0.8 310–315, 6.2.1 306–311: version, expires | `makeHTTPCookieObject` |
/// | 6.0.0 320–325, 6.0.8 316–321: `secure` under the key `secure`, `httpOnly` under `HTTPOnly` (keys `NSHTTPCookie` ignores) | `makeHTTPCookieObject`: no flags |
/// | 6.2.1 312–317: `NSHTTPCookieSecure` and `HttpOnly` when true | `makeHTTPCookieObject` |
/// | 6.0.0 327, 6.0.8 323, 6.2.1 319: `cookieWithProperties:` | `makeHTTPCookieObject` (`Cookie.make`) |
/// | 6.0.x 61–68, 6.2.1 57–64: `dispatch_async(main)`, `defaultDataStore` `setCookie` → `resolve` in its completion | `set` |
/// | 2.0.9 84–86, 6.0.x 69–71, 6.2.1 65–67: iOS < 11 reject | not ported: no profile is below iOS 11 |
/// | 2.0.9 87–90, 6.0.x 72–75, 6.2.1 68–71: `useWebKit` false — the same cookie into `sharedHTTPCookieStorage` `setCookie:`, then `resolve` | `setIntoNativeStore` (``options``: `useWebKit=false`) |
/// | index.js 40 (all): `set(…, useWebKit = false)` | ``options``: the kind's default is the README's `true` |
/// | (the app: `Promise.all`, then the source; a JavaScript turn between each step) | `load` |
/// | `setFromResponse`, `getFromResponse`, `clearAll`, `clearByName`, `getAll`, `get(url, true)`, `isMatchingDomain` | not ported: not in the app code above |
public final class ReactNativeCookiesSetThenLoad: SyncStrategy {
    public enum Version: String, Sendable, CaseIterable {
        case v2_0_9 = "2.0.9"
        case v6_0_0 = "6.0.0"
        case v6_0_8 = "6.0.8"
        case v6_2_1 = "6.2.1"

        /// The commit of the version's tag.
        var commit: String {
            switch self {
            case .v2_0_9: "15eb00bf9936b49ba129ab62c92d849a6d7e74d6"
            case .v6_0_0: "ce99ebd6163b4f215e5013ac7c027a96e88b2d42"
            case .v6_0_8: "0b99c33b222b5130aceaf8a4501fcbb10b755ba2"
            case .v6_2_1: "e0ed1f0966ae8ce0fe831f8dbf66877880f00f04"
            }
        }

        /// The first and last release of the range.
        var range: String {
            switch self {
            case .v2_0_9: "2.0.3–2.0.9"
            case .v6_0_0: "3.0.0–6.0.0"
            case .v6_0_8: "6.0.1–6.0.8"
            case .v6_2_1: "6.0.9–6.2.1"
            }
        }
    }

    public static let library = "@react-native-cookies/cookies"
    static let files = ["ios/RNCookieManagerIOS/RNCookieManagerIOS.m"]

    /// `set`'s third argument as an adapter option; every range reads it the same way.
    public static let options: [LibraryOption] = [
        LibraryOption(
            "useWebKit", default: true,
            "off (index.js's default): each set writes its rebuilt cookie back into HTTPCookieStorage, none into WebKit"
        ),
    ]

    public let version: Version
    /// `set`'s third argument: true writes into WebKit's default store, false into `HTTPCookieStorage`.
    public let useWebKit: Bool
    public var name: String {
        "rn-cookies-set-then-load:\(version.rawValue)" + (useWebKit ? "" : "[\(Self.options[0].written(false))]")
    }

    public init(version: Version = .v6_2_1, useWebKit: Bool = true) {
        self.version = version
        self.useWebKit = useWebKit
    }

    /// What `createCookieData:` answers for a cookie and `set` reads back (`expires` is a string to the millisecond).
    struct CookieData {
        var name: String
        var value: String
        var path: String
        var domain: String
        var version: String
        var expires: Date?
        /// nil where `createCookieData:` has no such field (2.0.9).
        var secure: Bool?
        var httpOnly: Bool?
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
            if useWebKit {
                let waits =
                    version == .v2_0_9 ? "each promise resolves once setCookie is called" : "the load waits for them"
                app.log("\(name): \(cookies.count) cookie(s) of \(url) sent to WKHTTPCookieStore; \(waits)")
            } else {
                app.log("\(name): \(cookies.count) cookie(s) of \(url) set into HTTPCookieStorage, none to WebKit")
            }
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
        let flags = version != .v2_0_9
        return CookieData(
            name: cookie.name, value: cookie.value, path: cookie.path, domain: cookie.httpCookieDomain, version: "0",
            expires: cookie.expiresDate.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded(.down) / 1000) },
            secure: flags ? cookie.isSecure : nil, httpOnly: flags ? cookie.isHTTPOnly : nil)
    }

    /// `set(url, cookie, useWebKit: true)` (2.0.9: `set(cookie, useWebKit: true)`): from 3.0.0 `resolve` runs when
    /// the default store's `setCookie` completes; in 2.0.9 right after `setCookie` is called.
    private func set(_ url: URL, _ props: CookieData, app: StrategyContext, resolve: @escaping () -> Void) {
        if version == .v2_0_9 {
            let cookie = makeCookie209(props, app: app)
            guard useWebKit else { return setIntoNativeStore(cookie, app: app, resolve: resolve) }
            app.mainQueue.async {
                app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie, completionHandler: nil)
                resolve()
            }
            return
        }
        guard let cookie = makeHTTPCookieObject(url, props, app: app) else { return }
        guard useWebKit else { return setIntoNativeStore(cookie, app: app, resolve: resolve) }
        app.mainQueue.async {
            app.webKit.defaultDataStore().httpCookieStore.setCookie(cookie) { resolve() }
        }
    }

    /// `useWebKit` false: the cookie `set` built goes to `HTTPCookieStorage.setCookie`, which replaces a cookie of the
    /// same name, domain and path — the very one `get` read, now without what the rebuild dropped — then `resolve`.
    /// The native module runs off the JavaScript turn that called it, hence the later turn.
    private func setIntoNativeStore(_ cookie: Cookie, app: StrategyContext, resolve: @escaping () -> Void) {
        app.mainQueue.async {
            app.cookieStorage.setCookie(cookie)
            resolve()
        }
    }

    /// 2.0.9's `set` body: the fields as given (the domain and path are never empty from `get`), no flags.
    private func makeCookie209(_ props: CookieData, app: StrategyContext) -> Cookie {
        Cookie.make(
            name: props.name, value: props.value, domain: props.domain, path: props.path, expires: props.expires, now: app.now)
    }

    /// `makeHTTPCookieObject:props:`; nil where it throws (the promise is rejected and never resolves `Promise.all`).
    private func makeHTTPCookieObject(_ url: URL, _ props: CookieData, app: StrategyContext) -> Cookie? {
        guard let topLevelDomain = url.host, !topLevelDomain.isEmpty else { return nil }
        let path = props.path.isEmpty ? "/" : props.path
        let domain: String
        if !props.domain.isEmpty {
            // 3.0.0–6.0.0: a leading dot is added "to match android behaviour of always including subdomains".
            let given = version == .v6_0_0 && !props.domain.hasPrefix(".") ? "." + props.domain : props.domain
            let stripped = given.hasPrefix(".") ? String(given.dropFirst()) : given
            guard topLevelDomain.contains(stripped) || topLevelDomain == stripped else {
                app.log("Cookie URL host \(topLevelDomain) and domain \(given) mismatched. The cookie won't set correctly.")
                return nil
            }
            domain = given
        } else {
            domain = topLevelDomain
        }
        // Before 6.0.9 the flags go under keys NSHTTPCookie does not read (`secure`, `HTTPOnly`): both are lost.
        let flagsKept = version == .v6_2_1
        return Cookie.make(
            name: props.name, value: props.value, domain: domain, path: path, expires: props.expires,
            isSecure: flagsKept && props.secure == true, isHTTPOnly: flagsKept && props.httpOnly == true, now: app.now)
    }
}

extension SyncStrategyKind {
    /// `@react-native-cookies/cookies`' get-then-set chain, one kind per release range whose code on it differs.
    static let reactNativeCookies: [SyncStrategyKind] = ReactNativeCookiesSetThenLoad.Version.allCases.map { version in
        let (summary, breakage): (String, String) =
            switch version {
            case .v2_0_9:
                ("@react-native-community/cookies (\(version.range)): get(url) from HTTPCookieStorage, set(c, useWebKit) each into the default store without waiting for the write, then load",
                 "the load does not wait for setCookie; Secure, HttpOnly and SameSite dropped; only the loaded URL's cookies, only at a load; one cookie per name; no web→native sync")
            case .v6_0_0:
                ("@react-native-community/cookies, @react-native-cookies/cookies (\(version.range)): get(url) from HTTPCookieStorage, set(url, c, useWebKit) each into the default store, awaited, then load",
                 "host-only cookies copied as domain cookies; Secure, HttpOnly and SameSite dropped; only the loaded URL's cookies, only at a load; one cookie per name; no web→native sync")
            case .v6_0_8:
                ("@react-native-cookies/cookies (\(version.range)): get(url) from HTTPCookieStorage, set(url, c, useWebKit) each into the default store, awaited, then load",
                 "Secure, HttpOnly and SameSite dropped; only the loaded URL's cookies, only at a load; one cookie per name; no web→native sync")
            case .v6_2_1:
                ("@react-native-cookies/cookies (\(version.range)): get(url) from HTTPCookieStorage, set(url, c, useWebKit) each into the default store, awaited, then load",
                 "only the loaded URL's cookies, only at a load; one cookie per name; SameSite dropped; private web views not fed; no web→native sync")
            }
        return SyncStrategyKind(
            name: "rn-cookies-set-then-load:\(version.rawValue)", summary: summary, knownBreakage: breakage,
            origin: LibraryOrigin(
                library: ReactNativeCookiesSetThenLoad.library, repository: "react-native-cookies/cookies",
                version: version.rawValue, commit: version.commit, files: ReactNativeCookiesSetThenLoad.files),
            options: ReactNativeCookiesSetThenLoad.options,
            make: { values in
                let useWebKit = values[ReactNativeCookiesSetThenLoad.options[0]]
                return ReactNativeCookiesSetThenLoad(version: version, useWebKit: useWebKit)
            })
    }
}
