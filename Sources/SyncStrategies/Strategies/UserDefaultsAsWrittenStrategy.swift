import CookieModel
import Foundation
import WebKitModel

/// `wk-userdefaults:as-written`: UserDefaults persistence as field note 000 writes it, next to the tidier
/// ``UserDefaultsStrategy``.
///
/// **Source.** Field note 000 (`docs/field-notes.md`, "cookies lost after the app exits"), re-expressed:
/// - in `decidePolicyFor navigationResponse`, the response's cookies (`HTTPCookie.cookies(withResponseHeaderFields:for:)`)
///   go into `HTTPCookieStorage`; then **every** native cookie is saved in `UserDefaults` under its name with
///   name, value, domain, path and version only and an expiry forced to now + 2,629,743 s (about 30 days); then
///   every data record of the default `WKWebsiteDataStore` is removed (`fetchDataRecords` + `removeData`);
/// - before each `load(_:)` (`readCurrentCookie`), the saved cookies go back into `HTTPCookieStorage`
///   (`HTTPCookie(properties:)`), and the request gets a `Cookie` header of every native cookie, one value per name.
///
/// - the request is built anew from the URL (`requestWithURL:`): a POST goes out as a GET without its body.
///
/// **Note lines → port lines** (note 000): l. 336–345 (response cookies into `HTTPCookieStorage`) → the
/// `navigationResponse` hook's `setCookies(fromSetCookieLines:for:)`; l. 348–365 (properties, forced expiry l. 357,
/// one key per name l. 359) → ``save(_:_:)``; l. 368–383 (`fetchDataRecords` + `removeData`) → `removeData`;
/// l. 390–401 (`readCurrentCookie`: `cookieWithProperties:` + `setCookie:`) → ``load(_:)`` and ``cookie(_:now:)``;
/// l. 403–418 (one value per name, `"%@=%@;"`) → `RequestHeaderStrategy.everyCookieByName`; l. 297–303 (a new
/// request from the URL, the header set, `loadRequest:`) → `RequestHeaderStrategy.rebuiltFromURL`.
///
/// **Where it breaks.** A POST the app loads arrives as a GET without its body. What is saved loses HttpOnly and Secure: a restored session is script-visible and goes
/// over http. Every cookie — session ones too — comes back with a 30-day life. Cookies of one name but different
/// domains or paths overwrite each other. The web view's store is wiped after every response, so links,
/// subresources and back/forward that follow a page go without its cookies (the header rides on the load only),
/// and a cookie the page sets is gone a moment later. 3xx responses never reach the delegate.
public final class UserDefaultsAsWrittenStrategy: SyncStrategy {
    public let name = "wk-userdefaults:as-written"
    /// The note's forced lifetime: 2,629,743 seconds (a mean month).
    public static let forcedLifetime: TimeInterval = 2_629_743
    /// The `UserDefaults` key of the saved list (the note keeps one key per cookie name and a `cookieArray` of names).
    public static let key = "cookieArray"

    public init() {}

    /// What the note saves of a cookie: `NSHTTPCookieName`, `Value`, `Domain`, `Path`, `Version`, `Expires`.
    struct SavedProperties: Codable, Equatable {
        var name: String
        var value: String
        /// `HTTPCookie.domain`: a leading dot for a domain cookie.
        var domain: String
        var path: String
        var version: Int
        var expires: Date
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        let saved = Self.load(app)
        for properties in saved { app.cookieStorage.setCookie(Self.cookie(properties, now: app.now)) }
        var reissued = RequestHeaderStrategy.rebuiltFromURL(request, app: app, by: name)
        if let header = RequestHeaderStrategy.everyCookieByName(app.cookieStorage.cookies) {
            reissued.setValue(header, forHTTPHeaderField: "Cookie")
            app.log("\(name): \(saved.count) cookie(s) restored from UserDefaults; load with Cookie: \(header)")
        }
        webView.load(reissued)
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let response = navigationResponse.response
        if let folded = response.allHeaderFields.first(where: { $0.key.lowercased() == "set-cookie" })?.value {
            app.cookieStorage.setCookies(
                fromSetCookieLines: CookieHeaders.splitFoldedSetCookieAtCookieBoundaries(folded), for: response.url)
        }
        let saved = Self.save(app.cookieStorage.cookies, app)
        let store = app.webKit.defaultDataStore()
        store.removeData(ofTypes: WKWebsiteDataStore.allWebsiteDataTypes(), modifiedSince: .distantPast) {}
        app.log("\(name): \(saved) cookie(s) saved to UserDefaults (30 days, no HttpOnly/Secure); the web view's data store is wiped")
        decisionHandler(.allow)
    }

    // MARK: The saved list

    /// The properties of each native cookie, one per name (the last wins), expiry forced; returns how many.
    @discardableResult
    static func save(_ cookies: [Cookie], _ app: StrategyContext) -> Int {
        var order: [String] = []
        var byName: [String: SavedProperties] = [:]
        for cookie in cookies {
            let properties = SavedProperties(
                name: cookie.name, value: cookie.value, domain: cookie.httpCookieDomain, path: cookie.path, version: 0,
                expires: app.now.addingTimeInterval(forcedLifetime))
            if byName.updateValue(properties, forKey: cookie.name) == nil { order.append(cookie.name) }
        }
        app.defaults.saveList(order.compactMap { byName[$0] }, forKey: key)
        return order.count
    }

    static func load(_ app: StrategyContext) -> [SavedProperties] {
        app.defaults.savedList(of: SavedProperties.self, forKey: key)
    }

    /// `HTTPCookie(properties:)` of the saved properties: not Secure, not HttpOnly; a leading dot makes a domain cookie.
    static func cookie(_ p: SavedProperties, now: Date) -> Cookie {
        let isDomain = p.domain.hasPrefix(".")
        return Cookie(
            name: p.name, value: p.value, domain: isDomain ? String(p.domain.dropFirst()) : p.domain, path: p.path,
            expiry: p.expires, creation: now, isHostOnly: !isDomain)
    }
}
