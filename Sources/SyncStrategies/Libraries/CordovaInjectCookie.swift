import CookieModel
import Foundation
import WebKitModel

/// `cordova-plugin-wkwebview-inject-cookie` 1.1.6: the "kick" workaround a Cordova app calls once at
/// `deviceready` — a dummy Secure cookie `foo=bar` put into the web view's `WKHTTPCookieStore` (and into
/// `HTTPCookieStorage`), said to start the store's sync so that later session cookies stick (its README cites the
/// iOS 11.3 store that holds writes until the first load). It copies no cookie of the app's.
///
/// **Source.** `CWBudde/cordova-plugin-wkwebview-inject-cookie` at 164d8fc1 (version 1.1.6, the last commit;
/// earlier versions did not write `HTTPCookieStorage` (26e5ab7) and were not Secure by default (15e2492)):
/// `src/ios/WKWebViewInjectCookie.m` and `www/cookiesync.js`. The app code is the README's usage,
/// `document.addEventListener('deviceready', () => { wkWebView.injectCookie('mydomain.com/'); })`, with the app's
/// server as the domain (the host of its first load) and the trailing slash that means "no path".
///
/// **Line map** (`js` = `www/cookiesync.js`, `m` = `src/ios/WKWebViewInjectCookie.m`).
///
/// | their code | port |
/// |---|---|
/// | README: `injectCookie(domain)` once, at `deviceready`, not awaited | `load`: first load of the launch, `injected` |
/// | js 32–35: strip `http…//` from the domain | `injectCookie` (a host has none) |
/// | js 37–42: empty path → the part of `domain` from its first `/` | `injectCookie` |
/// | js 44–48: a path not ending in `/` gets one | `injectCookie` |
/// | js 50: `setCookie(domain, path, "foo", "bar", Dec 31 of next year, true, 31536000)` | `injectCookie` |
/// | js 20–25: `expire.toISOString()`, `exec(…, "setCookie", […])` (the bridge: a later main-queue turn) | `injectCookie`, `mainQueue.async` |
/// | m 25–34: read the arguments | `setCookie` parameters |
/// | m 34: `setCookieAcceptPolicy:Always` | not ported: the model's native store has no accept policy (it stores what it is given) |
/// | m 38–46: properties Name, Value, Domain, OriginURL (= the domain), Path, Secure, MaximumAge | `setCookie` (`Cookie.make`: a domain without a leading dot is host-only; Max-Age is ignored, as `HTTPCookie` ignores it for a version-0 cookie that has Expires) |
/// | m 49–56: Expires parsed from the ISO string | `setCookie`, `expires` |
/// | m 58: `cookieWithProperties:` | `setCookie` |
/// | m 60: `[wkWebView…httpCookieStore setCookie:cookie completionHandler:^{NSLog}]` — not awaited | `setCookie` |
/// | m 61: `[[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookie:cookie]` | `setCookie` |
/// | m 62–66: `@catch` → error result | not ported: nothing throws here |
/// | m 68–69: OK result (the JS success callback, unused by the README's app) | not ported |
/// | m 76–111: `getCookies` | not ported: the README's app never calls it |
public final class CordovaInjectCookie: SyncStrategy {
    public static let library = "cordova-plugin-wkwebview-inject-cookie"
    public static let version = "1.1.6"
    public static let commit = "164d8fc101c761150ebbe0916bf3605890e35cd3"
    public let name = "cordova-inject-cookie:\(CordovaInjectCookie.version)"

    /// `deviceready` fires once per launch.
    private var injected = false

    public init() {}

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        if !injected, let host = request.url.host {
            injected = true
            injectCookie(host + "/", in: webView, app: app)
        }
        webView.load(request)
    }

    /// `wkWebView.injectCookie(domain, path = '')` of `www/cookiesync.js`.
    private func injectCookie(_ given: String, path givenPath: String = "", in webView: WKWebView, app: StrategyContext) {
        var domain = given
        if domain.hasPrefix("http"), let slashes = domain.range(of: "//") { domain = String(domain[slashes.upperBound...]) }
        var path = givenPath
        if path.isEmpty, let slash = domain.firstIndex(of: "/") {
            path = String(domain[slash...])
            domain = String(domain[..<slash])
        }
        if !path.hasSuffix("/") { path += "/" }
        // new Date(getFullYear() + 1, 11, 31): midnight of 31 December next year (the device's zone taken as UTC).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = calendar.component(.year, from: app.now) + 1
        let expires = calendar.date(from: DateComponents(year: year, month: 12, day: 31))!
        // exec(): the native method runs on a later turn of the main queue; the page does not wait for it.
        app.mainQueue.async { [weak webView, name] in
            guard let webView else { return }
            Self.setCookie(domain: domain, path: path, name: "foo", value: "bar", expires: expires, secure: true,
                           in: webView, app: app)
            app.log("\(name): injected the dummy cookie foo=bar (\(domain)\(path), Secure) into the web view's and the native store")
        }
    }

    /// `-[WKWebViewInjectCookie setCookie:]`.
    private static func setCookie(
        domain: String, path: String, name: String, value: String, expires: Date?, secure: Bool, in webView: WKWebView,
        app: StrategyContext
    ) {
        let cookie = Cookie.make(name: name, value: value, domain: domain, path: path, expires: expires, isSecure: secure, now: app.now)
        webView.configuration.websiteDataStore.httpCookieStore.setCookie(cookie) { app.log("Cookies synced") }
        app.cookieStorage.setCookie(cookie)
    }
}

extension SyncStrategyKind {
    static let cordovaInjectCookie: [SyncStrategyKind] = [
        SyncStrategyKind(
            name: "cordova-inject-cookie:\(CordovaInjectCookie.version)",
            summary: "cordova-plugin-wkwebview-inject-cookie: a dummy Secure foo=bar put into both stores at deviceready; no cookie of the app's copied",
            knownBreakage: "every native↔web case (it syncs nothing); foo=bar rides on every https request to the app's host",
            origin: LibraryOrigin(
                library: CordovaInjectCookie.library, repository: "CWBudde/cordova-plugin-wkwebview-inject-cookie",
                version: CordovaInjectCookie.version, commit: CordovaInjectCookie.commit,
                files: ["src/ios/WKWebViewInjectCookie.m", "www/cookiesync.js"]),
            make: { CordovaInjectCookie() }),
    ]
}
