import WebKitModel

/// `wk-response-capture`: in `decidePolicyFor navigationResponse`, the app reads `Set-Cookie` from the response's
/// `allHeaderFields` and stores the cookies in `HTTPCookieStorage.shared`, so that native requests carry the web
/// login.
///
/// **Source.** StackOverflow answers on getting cookies out of WKWebView before iOS 11 (e.g. under question
/// 26573137 and "WKWebView and NSHTTPCookieStorage"): cast `navigationResponse.response` to `HTTPURLResponse`,
/// split `allHeaderFields["Set-Cookie"]`, `HTTPCookieStorage.shared.setCookie` (often through
/// `HTTPCookie.cookies(withResponseHeaderFields:for:)`).
///
/// **Where it breaks.** 3xx responses never reach the delegate (DESIGN §6 rule 4): a session set on a login
/// redirect is never captured. Several `Set-Cookie` fields arrive folded into one value joined with ", "
/// (rule 5); splitting it on commas cuts `Expires` dates in two, so persistent cookies become session cookies
/// and date fragments become name-less cookies. Subresource responses are never seen either. Native→web: nothing.
public final class ResponseCaptureStrategy: SyncStrategy {
    public let name = "wk-response-capture"

    public init() {}

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let response = navigationResponse.response
        if let folded = response.allHeaderFields.first(where: { $0.key.lowercased() == "set-cookie" })?.value {
            let lines = CookieHeaders.splitFoldedSetCookie(folded)
            app.log("\(name): Set-Cookie of \(response.url) as the delegate sees it: '\(folded)' → \(lines.count) cookie line(s) to the native store")
            app.cookieStorage.setCookies(fromSetCookieLines: lines, for: response.url)
        }
        decisionHandler(.allow)
    }
}
