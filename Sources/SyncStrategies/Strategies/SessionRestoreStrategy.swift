import CookieModel
import Foundation
import WebKitModel

/// `wk-session-restore`: field note 004's way of keeping a web session across launches without touching the native
/// store — save the server's `Set-Cookie` from each page response, and after a relaunch hand it back twice: a
/// document-start script writes it into `document.cookie`, and the first load carries it in a `Cookie` header with
/// `httpShouldHandleCookies = false`.
///
/// **Source.** Field note 004 (`docs/field-notes.md`), re-expressed:
/// - `webView(_:decidePolicyFor navigationResponse:)`: `HTTPCookie.cookies(withResponseHeaderFields:for:)` of the
///   response, each cookie whose `domain` equals the app's server domain saved in `UserDefaults` (name, value,
///   domain, path: what the restore script needs) → ``webView(_:decidePolicyFor:app:decisionHandler:)``;
/// - at web view creation, a `WKUserScript` at document start, `forMainFrameOnly: false`, writing
///   `document.cookie='NAME=VALUE; domain=DOMAIN; path=PATH;'` → ``configure(_:app:)``;
/// - the first request: `request.httpShouldHandleCookies = false` and `setValue("NAME=VALUE", forHTTPHeaderField:
///   "Cookie")` ("with `true` the `HTTPCookieStorage` values may be shared and the session not passed correctly")
///   → ``load(_:in:app:)``;
/// - one `WKProcessPool`, static, set on the configuration before the web view is made ("set after init, the
///   session is not shared") → ``configure(_:app:)``.
///
/// The note's app has one server (a constant); here it is the host of the app's first `load(_:)` of the launch.
/// The note saves one cookie (`_session_id`); here every cookie of that domain, one per name (a later one replaces
/// it). The note's script literal lacks its closing quote; the port writes the valid statement.
///
/// **Where it breaks (from the code).** The saved session comes back script-visible and without `Secure`: the
/// script cannot write `HttpOnly`, and `domain=` widens a host-only cookie to every subdomain. The first load after a
/// relaunch handles no cookies at all: the web view's own cookies are not sent with it, and a `Set-Cookie` on its
/// response (a rotated session) is not stored. A cookie whose `domain` is not the server's (`Domain=.example.com`
/// gives `.example.com`), or that a redirect hop set, is never saved; a deletion is never saved either, so a logged-out
/// session comes back at the next launch. Nothing reaches `HTTPCookieStorage`, and native logins never reach the web.
public final class SessionRestoreStrategy: SyncStrategy {
    public let name = "wk-session-restore"
    /// The `UserDefaults` key of the saved cookies.
    public static let key = "SessionRestore.savedCookies"

    /// What the note keeps of a cookie: what its restore script and header write.
    struct Saved: Codable, Equatable {
        var name: String
        var value: String
        /// `HTTPCookie.domain`: a leading dot for a domain cookie.
        var domain: String
        var path: String
    }

    /// The saved cookies read at launch: restored by the script of every web view and by the first load's header.
    private var restored: [Saved] = []
    /// The first `load(_:)` of this launch has not happened yet.
    private var firstLoadPending = true
    /// The app's server: the host of the first `load(_:)` of the launch.
    private var serverDomain: String?

    public init() {}

    public func appDidLaunch(_ app: StrategyContext) {
        restored = Self.load(app)
        if !restored.isEmpty {
            app.log("\(name): \(restored.count) saved cookie(s) read from UserDefaults: restored by a document-start script and the first load's Cookie header")
        }
    }

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        configuration.processPool = app.webKit.sharedProcessPool
        guard !restored.isEmpty else { return }
        configuration.userContentController.addUserScript(
            WKUserScript(source: Self.script(for: restored), injectionTime: .atDocumentStart, forMainFrameOnly: false))
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        if serverDomain == nil { serverDomain = request.url.host }
        guard firstLoadPending else { webView.load(request); return }
        firstLoadPending = false
        guard !restored.isEmpty else { webView.load(request); return }
        var request = request
        let header = restored.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        request.httpShouldHandleCookies = false
        request.setValue(header, forHTTPHeaderField: "Cookie")
        app.log("\(name): first load after launch with httpShouldHandleCookies = false and Cookie: \(header)")
        webView.load(request)
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let response = navigationResponse.response
        let cookies = app.cookies(withResponseHeaderFields: response.allHeaderFields, for: response.url)
        let server = cookies.filter { $0.httpCookieDomain == serverDomain }
        if !server.isEmpty {
            var saved = Self.load(app)
            for cookie in server {
                saved.removeAll { $0.name == cookie.name }
                saved.append(Saved(name: cookie.name, value: cookie.value, domain: cookie.httpCookieDomain, path: cookie.path))
            }
            Self.save(saved, app)
            app.log("\(name): \(server.count) cookie(s) of \(serverDomain ?? "") from \(response.url) saved to UserDefaults (\(cookies.count - server.count) of other domains not)")
        } else if !cookies.isEmpty {
            app.log("\(name): \(cookies.count) cookie(s) of \(response.url) not saved: their domain is not the server's (\(serverDomain ?? "none yet"))")
        }
        decisionHandler(.allow)
    }

    /// `document.cookie='NAME=VALUE; domain=DOMAIN; path=PATH;'`, one statement per saved cookie.
    static func script(for cookies: [Saved]) -> String {
        cookies.map { "document.cookie = '\(JavaScriptString.escaped($0.name))=\(JavaScriptString.escaped($0.value)); domain=\(JavaScriptString.escaped($0.domain)); path=\(JavaScriptString.escaped($0.path));';" }
            .joined(separator: "\n")
    }

    private static func load(_ app: StrategyContext) -> [Saved] {
        app.defaults.savedList(of: Saved.self, forKey: key)
    }

    private static func save(_ cookies: [Saved], _ app: StrategyContext) {
        app.defaults.saveList(cookies, forKey: key)
    }
}
