import CookieModel
import Foundation
import WebKitModel

/// `wk-request-header:kept-session`: field note 001's own sync — every native cookie in the `Cookie` header of the
/// request the app loads — with the note's fix for "cookies lost": the session cookie is saved to `UserDefaults`,
/// and a swizzled `HTTPCookieStorage.cookies` puts it back into the native store whenever it is missing.
///
/// **Source.** Field note 001 (`docs/field-notes.md`), re-expressed:
/// - 方案一 (l. 216–222): `[NSMutableURLRequest requestWithURL:]`, `[NSHTTPCookieStorage sharedHTTPCookieStorage].cookies`
///   (every cookie, whatever its host), `requestHeaderFieldsWithCookies:` as `allHTTPHeaderFields`, `loadRequest:`
///   → ``load(_:in:app:)`` (the request rebuilt from its URL as ``RequestHeaderStrategy/rebuiltFromURL(_:app:by:)``
///   does for the as-written header; `requestHeaderFieldsWithCookies` joins `name=value` with "; ", duplicates kept).
/// - "适当的时候保存cookie" (l. 250–266), "for example after a login succeeds": the cookie named
///   `DAServerSessionCookieName` (here `session`) found in `cookies` is saved to `UserDefaults` (its properties) →
///   ``saveSession(_:)``, run when the native store changes (``nativeCookiesDidChange(_:)``), which is when an app
///   learns of a native login.
/// - `da_cookies` swizzled over `cookies` (l. 270–296): when no cookie of that name is in the store, the saved one is
///   made again (`cookieWithProperties:`), stored with `setCookie:` and appended to the answer → ``cookies(_:)``. It
///   replaces `cookies` for every caller in the app, the save above and the header included; `cookies(for:)`, which
///   `URLSession` uses, is not swizzled.
/// - 方案三 (decidePolicyForNavigationAction re-injection) is named in the note without code: not ported.
///
/// The note's `properties` round trip is taken to keep every attribute (HttpOnly included: assumed, Apple documents
/// no `HttpOnly` key); the saved cookie is made again even when its expiry has passed, and the swizzled answer
/// includes it even when `setCookie:` then drops it as expired.
///
/// **Where it breaks (from the code).** Nothing ends the saved session: a native logout (the server expires
/// `session`) is undone by the next read of `cookies` — the very save that runs when the store changes — so the
/// native store, the next native request and the web view's next load carry the logged-out session again. The rest
/// is `wk-request-header:as-written`'s: only the app's `load(_:)` carries the header (links, redirects' own cookies
/// and subresources do not), every host's and every Secure cookie goes on it (over http too), and a POST loads as a
/// GET without its body.
public final class KeptSessionHeaderStrategy: SyncStrategy {
    public let name = "wk-request-header:kept-session"
    /// `DAServerSessionCookieName`: the note's server session cookie.
    public static let sessionCookieName = "session"
    /// `DAUserDefaultsCookieStorageKey`.
    public static let key = "DAUserDefaultsCookieStorageKey"

    public init() {}

    public func nativeCookiesDidChange(_ app: StrategyContext) {
        saveSession(app)
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        var request = RequestHeaderStrategy.rebuiltFromURL(request, app: app, by: name)
        if let header = CookieHeaders.requestHeaderValue(with: cookies(app)) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
            app.log("\(name): Cookie header from every native cookie on \(request.url): \(header)")
        }
        webView.load(request)
    }

    /// The note's save "at the right moment": the first `session` cookie of the (swizzled) `cookies`, over the saved
    /// one (the note only logs when the value changed).
    func saveSession(_ app: StrategyContext) {
        guard let session = cookies(app).first(where: { $0.name == Self.sessionCookieName }) else { return }
        let saved = app.defaults.savedList(of: Cookie.self, forKey: Self.key).first
        if saved != session {
            app.log("\(name): session \(session.value) saved to UserDefaults\(saved.map { $0.value != session.value ? " (was \($0.value))" : "" } ?? "")")
        }
        app.defaults.saveList([session], forKey: Self.key)
    }

    /// `da_cookies`: the store's cookies, and the saved session put back (into the store and the answer) when none of
    /// the store's cookies has its name.
    func cookies(_ app: StrategyContext) -> [Cookie] {
        let stored = app.cookieStorage.cookies
        guard !stored.contains(where: { $0.name == Self.sessionCookieName }),
              let saved = app.defaults.savedList(of: Cookie.self, forKey: Self.key).first
        else { return stored }
        app.cookieStorage.setCookie(saved)
        app.log("\(name): no \(Self.sessionCookieName) in HTTPCookieStorage.cookies: the saved one (\(saved.value)) put back")
        return stored + [saved]
    }
}
