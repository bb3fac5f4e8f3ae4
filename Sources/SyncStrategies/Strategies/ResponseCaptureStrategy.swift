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
///
/// **Variants.** ``Variant/commaSplit`` (`wk-response-capture`) splits the folded value on every comma, as
/// hand-written capture code does. ``Variant/asWritten`` (`wk-response-capture:as-written`) is the field notes'
/// code (000, 003, 004): `HTTPCookie.cookies(withResponseHeaderFields:for:)`, which splits only where a comma
/// starts a new `name=value` — `Expires` dates survive, a value with ", x=" in it still does not.
public final class ResponseCaptureStrategy: SyncStrategy {
    /// How the folded `Set-Cookie` value is cut back into cookies.
    public enum Variant: Sendable {
        /// On every comma.
        case commaSplit
        /// At cookie boundaries, as `HTTPCookie.cookies(withResponseHeaderFields:for:)` does (notes 000, 003, 004).
        case asWritten
    }

    public let variant: Variant
    public var name: String { variant == .asWritten ? "wk-response-capture:as-written" : "wk-response-capture" }

    public init(variant: Variant = .commaSplit) {
        self.variant = variant
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let response = navigationResponse.response
        if let folded = response.allHeaderFields.first(where: { $0.key.lowercased() == "set-cookie" })?.value {
            let lines =
                variant == .asWritten
                ? CookieHeaders.splitFoldedSetCookieAtCookieBoundaries(folded) : CookieHeaders.splitFoldedSetCookie(folded)
            app.log("\(name): Set-Cookie of \(response.url) as the delegate sees it: '\(folded)' → \(lines.count) cookie line(s) to the native store")
            app.cookieStorage.setCookies(fromSetCookieLines: lines, for: response.url)
        }
        decisionHandler(.allow)
    }
}
