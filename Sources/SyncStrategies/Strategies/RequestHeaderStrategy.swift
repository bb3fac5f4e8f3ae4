import CookieModel
import WebKitModel

/// `wk-request-header`: before `load(_:)`, the app builds a `Cookie` header from `HTTPCookieStorage.shared` and sets
/// it on the request.
///
/// **Source.** The most up-voted answers to StackOverflow's "Can I set the cookies to be used by a WKWebView?"
/// (question 26573137): `request.addValue("name=value", forHTTPHeaderField: "Cookie")`, or
/// `request.allHTTPHeaderFields = HTTPCookie.requestHeaderFields(with: cookies)`, then `webView.load(request)`.
///
/// **Variants.** ``Variant/matchingURL`` (`wk-request-header`) takes the cookies `HTTPCookieStorage` has *for the
/// URL*. ``Variant/asWritten`` (`wk-request-header:as-written`) is what the field notes' code does (notes 000, 001,
/// 002): **every** native cookie goes into the header, whatever its host, path or Secure flag; note 000 keeps one
/// value per name (the last one stored) and writes `name=value;` pairs back to back. So other hosts' cookies and
/// Secure cookies travel on the first request, over http too. Notes 000 and 001 also build a **new** request from
/// the URL alone, so the app's POST goes out as a GET without its body or header fields.
///
/// **Note lines → port lines** (`docs/field-notes.md`), the as-written variant:
/// - 000 l. 297 `[NSMutableURLRequest requestWithURL:url cachePolicy:… timeoutInterval:10]` and 001 l. 216
///   `requestWithURL:` → ``rebuiltFromURL(_:app:by:)``: a GET of the URL, no body, no header of the app's request.
/// - 000 l. 306–318 `readCurrentCookie` (`cookieDic[name] = value` over `[cookieJar cookies]`, then `"%@=%@;"` per
///   key) → ``everyCookieByName(_:)``.
/// - 000 l. 302–303 `setValue:cookie forHTTPHeaderField:@"Cookie"`, `loadRequest:` → `load(_:in:app:)`.
///
/// **Where it breaks.** Only the request the app loads carries the header: links the user follows and
/// subresources (XHR, images) get only what the web view's own store holds. Worse, WebKit copies the header to
/// every redirect hop of that load, cross-domain too (DESIGN §6 rule 2): the native session leaks to whatever
/// host the redirect names, and it masks a `Set-Cookie` the 302 sent (the next hop still carries the old value).
/// A private (non-persistent) web view gets the native session too.
public final class RequestHeaderStrategy: SyncStrategy {
    /// Which native cookies go into the header.
    public enum Variant: Sendable {
        /// `HTTPCookieStorage.cookies(for: url)`, joined with "; ".
        case matchingURL
        /// Every native cookie, one value per name, `name=value;` back to back (field notes 000, 001, 002).
        case asWritten
    }

    public let variant: Variant
    public var name: String { variant == .asWritten ? "wk-request-header:as-written" : "wk-request-header" }

    public init(variant: Variant = .matchingURL) {
        self.variant = variant
    }

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        var request = variant == .asWritten ? Self.rebuiltFromURL(request, app: app, by: name) : request
        let header: String? =
            switch variant {
            case .matchingURL: CookieHeaders.requestHeaderValue(with: app.cookieStorage.cookies(for: request.url))
            case .asWritten: Self.everyCookieByName(app.cookieStorage.cookies)
            }
        if let header {
            request.setValue(header, forHTTPHeaderField: "Cookie")
            app.log("\(name): Cookie header from the native store on \(request.url): \(header)")
        }
        webView.load(request)
    }

    /// Notes 000 (l. 297) and 001 (l. 216): `NSMutableURLRequest requestWithURL:` — a new GET of the URL, without
    /// the app's method, body or header fields (a POST login form loads as a plain GET).
    /// The transcript says what the rebuild dropped, as `strategy`.
    static func rebuiltFromURL(_ request: WebRequest, app: StrategyContext, by strategy: String) -> WebRequest {
        let rebuilt = WebRequest(url: request.url)
        if request.httpMethod != rebuilt.httpMethod || request.httpBody != nil {
            app.log("\(strategy): the app's \(request.httpMethod) \(request.url) rebuilt from its URL as a GET (requestWithURL:): method and body lost")
        }
        return rebuilt
    }

    /// Note 000's header: a dictionary of name → value over every stored cookie (a later cookie of the same name
    /// replaces the value), each written as `name=value;`. The dictionary's order is unspecified in the note; here
    /// the first appearance of each name keeps its place, so transcripts are the same from run to run.
    static func everyCookieByName(_ cookies: [Cookie]) -> String? {
        var order: [String] = []
        var values: [String: String] = [:]
        for cookie in cookies {
            if values.updateValue(cookie.value, forKey: cookie.name) == nil { order.append(cookie.name) }
        }
        return order.isEmpty ? nil : order.map { "\($0)=\(values[$0]!);" }.joined()
    }
}
