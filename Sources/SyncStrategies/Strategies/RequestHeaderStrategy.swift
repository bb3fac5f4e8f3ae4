import WebKitModel

/// `wk-request-header`: before `load(_:)`, the app builds a `Cookie` header from `HTTPCookieStorage.shared` for the
/// URL and sets it on the request.
///
/// **Source.** The most up-voted answers to StackOverflow's "Can I set the cookies to be used by a WKWebView?"
/// (question 26573137): `request.addValue("name=value", forHTTPHeaderField: "Cookie")`, or
/// `request.allHTTPHeaderFields = HTTPCookie.requestHeaderFields(with: cookies)`, then `webView.load(request)`.
///
/// **Where it breaks.** Only the request the app loads carries the header: links the user follows and
/// subresources (XHR, images) get only what the web view's own store holds. Worse, WebKit copies the header to
/// every redirect hop of that load, cross-domain too (DESIGN §6 rule 2): the native session leaks to whatever
/// host the redirect names, and it masks a `Set-Cookie` the 302 sent (the next hop still carries the old value).
/// A private (non-persistent) web view gets the native session too.
public final class RequestHeaderStrategy: SyncStrategy {
    public let name = "wk-request-header"

    public init() {}

    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) {
        var request = request
        if let header = CookieHeaders.requestHeaderValue(with: app.cookieStorage.cookies(for: request.url)) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
            app.log("\(name): Cookie header from the native store on \(request.url): \(header)")
        }
        webView.load(request)
    }
}
