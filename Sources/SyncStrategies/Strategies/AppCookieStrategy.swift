import CookieModel
import Foundation
import WebKitModel

/// `wk-app-cookie`: field note 002's way — the app's one login cookie (its `CookieManager`'s key and value) handed
/// to the web view twice: a document-start script writes it into `document.cookie`, and the load's `Cookie` header
/// carries every other native cookie and then the app's cookie, written `key = value;`.
///
/// **Source.** Field note 002 (`docs/field-notes.md`), re-expressed; the note's project does the script and
/// the header ("私たちのプロジェクト…", not the iOS 11 `WKHTTPCookieStore` step it lists for reference):
/// - `setWkJsCookie:` (l. 73–78): at web view creation a `WKUserScript`, document start, `forMainFrameOnly: NO`,
///   `document.cookie ='KEY=VALUE';` → ``configure(_:app:)``.
/// - `setWkPHPCookie:` (l. 81–101): a dictionary name → value over `[NSHTTPCookieStorage sharedHTTPCookieStorage]
///   cookies` (every host's), the app's key removed, each written `name=value;`, then `KEY = VALUE;` appended — spaces
///   around `=` — and `addValue:forHTTPHeaderField:@"Cookie"` on the app's own request → ``load(_:in:app:)``.
///
/// The note's `CookieManager` holds one cookie the app set after its login (`cookieKey`, `cookieValue`, `domain`);
/// here it is the native store's `session` cookie when the script or the header is made (the app's login token, as
/// note 001's `DAServerSessionCookieName`), none when the store has none. The dictionary's order is unspecified in
/// the note: the first appearance of each name keeps its place.
///
/// **Where it breaks (from the code).** The app's cookie goes as `session = VALUE;`: a server reading the
/// cookie-string of RFC 6265bis §5.8.3 finds a cookie named `session ` (with its space) or none, so the web view's
/// first page is not logged in. The script writes the HttpOnly session into `document.cookie`: every script on every
/// page of the web view reads it, its `Secure` is lost, and it is made when the web view is, so a web view opened
/// before the native login never gets it. As every header strategy, only the app's `load(_:)` carries the header, with
/// other hosts' and Secure cookies too.
public final class AppCookieStrategy: SyncStrategy {
    public let name = "wk-app-cookie"
    /// The note's `CookieManager.cookieKey`: the app's login cookie.
    public static let cookieKey = "session"

    public init() {}

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        guard let cookie = Self.appCookie(app) else { return }
        let source = "document.cookie ='\(JavaScriptString.escaped(cookie.name))=\(JavaScriptString.escaped(cookie.value))';"
        configuration.userContentController.addUserScript(
            WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false))
        app.log("\(name): document-start script \(source)")
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        var request = request
        let header = Self.header(app)
        if !header.isEmpty {
            request.addValue(header, forHTTPHeaderField: "Cookie")
            app.log("\(name): Cookie header on \(request.url): \(header)")
        }
        webView.load(request)
    }

    /// `setWkPHPCookie:`: every other native cookie `name=value;`, then `KEY = VALUE;`.
    static func header(_ app: StrategyContext) -> String {
        let others = RequestHeaderStrategy.everyCookieByName(app.cookieStorage.cookies.filter { $0.name != cookieKey }) ?? ""
        guard let cookie = appCookie(app) else { return others }
        return others + "\(cookie.name) = \(cookie.value);"
    }

    /// The `CookieManager`'s cookie: the native store's `session`, if it has one.
    static func appCookie(_ app: StrategyContext) -> Cookie? {
        app.cookieStorage.cookies.first { $0.name == cookieKey }
    }
}
