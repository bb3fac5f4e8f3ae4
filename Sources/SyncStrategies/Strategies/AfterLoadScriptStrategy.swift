import CookieModel
import WebKitModel

/// `wk-user-script:after-load`: field note 000's second script injection ("JS注入2") — when a page finishes
/// loading, the app evaluates `document.cookie = 'name=value';` in it, one statement per native cookie.
///
/// **Source.** Field note 000 (`docs/field-notes.md`, "2、注入Cookie", (2)): in
/// `webView:didFinishNavigation:`, `[webView evaluateJavaScript:@"document.cookie ='TeskCookieKey1=TeskCookieValue1';"
/// …]`. The note writes one constant test pair; the port writes what its first injection ((1), l. 269–275) writes,
/// every cookie of `NSHTTPCookieStorage.sharedHTTPCookieStorage`, `name=value` without attributes — the only
/// difference from ``UserScriptStrategy/Variant/asWritten`` being when: after the page, not at document start.
///
/// **Where it breaks (from the code).** Nothing is in the web view's store before the first page has finished: that
/// page's request, its subresources and its scripts go without the native cookies, and so does every page of a
/// web view until its first `didFinish`. Then every native cookie lands host-only on the page's host, as a session
/// cookie, without `Secure` or `HttpOnly` (a native HttpOnly session becomes script-visible, another host's cookie
/// is planted on this one), and again after every page: a value the server changed in the web view is overwritten
/// by the native copy at the next `didFinish`.
public final class AfterLoadScriptStrategy: SyncStrategy {
    public let name = "wk-user-script:after-load"

    public init() {}

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
        let cookies = app.cookieStorage.cookies
        guard !cookies.isEmpty else { return }
        let source = UserScriptStrategy.scriptAsWritten(for: cookies)
        app.log("\(name): didFinish \(webView.url?.absoluteString ?? "?"): evaluateJavaScript writes \(cookies.count) native cookie(s) into document.cookie")
        webView.evaluateJavaScript(source) { [name] _, error in
            if let error { app.log("\(name): evaluateJavaScript failed: \(error)") }
        }
    }
}
