import CookieModel
import WebKitModel

/// `wk-js-read`: when a page finishes loading, the app evaluates `document.cookie` and copies each pair into
/// `HTTPCookieStorage.shared` (host-only, path `/`, session — all a pair can tell).
///
/// **Source.** StackOverflow "Getting all cookies from WKWebView" (question 33156567) and similar answers:
/// `webView.evaluateJavaScript("document.cookie") { result, _ in … HTTPCookie(properties:) … }` in
/// `webView(_:didFinish:)`.
///
/// **Where it breaks.** HttpOnly cookies — sessions, usually — are invisible to `document.cookie` (DESIGN §6
/// rule 7), so the very cookie the native side needs never arrives. Attributes are lost: domain cookies become
/// host-only, persistent cookies become session cookies, Secure and paths are gone. Cookies set on redirects to
/// other hosts, and by subresources after `didFinish`, are missed. Native→web: nothing.
public final class JSReadStrategy: SyncStrategy {
    public let name = "wk-js-read"

    public init() {}

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        guard let url = webView.url, let host = url.host?.lowercased() else { return }
        webView.evaluateJavaScript("document.cookie") { [name] value, error in
            guard let string = value as? String else {
                return app.log("\(name): document.cookie unreadable: \(error.map { "\($0)" } ?? "no value")")
            }
            let pairs = CookieHeaders.pairs(inDocumentCookie: string)
            app.log("\(name): document.cookie of \(url) = '\(string)' → \(pairs.count) cookie(s) to the native store")
            for pair in pairs {
                app.cookieStorage.setCookie(Cookie.make(name: pair.name, value: pair.value, domain: host, path: "/", now: app.now))
            }
        }
    }
}
