import WebKitModel

/// `wk-action-reinject`: in `decidePolicyFor navigationAction`, a main-frame request without a `Cookie` header is
/// cancelled and loaded again with a header built from `HTTPCookieStorage.shared`; the "already injected" check
/// (the request has a `Cookie` header) lets the second pass through.
///
/// **Source.** StackOverflow 26573137 answers that extend the header approach to links ("set the header in
/// `decidePolicyForNavigationAction` … `decisionHandler(.cancel)` … `webView.load(newRequest)`"), and the many
/// cookie web view wrappers built on it.
///
/// **Where it breaks.** The re-issued load is a new navigation started by the app: a POST loses its body
/// (`navigationAction.request.httpBody` is nil, DESIGN §6 rule 12), a link click becomes an app load (so a
/// cross-site link carries SameSite=Strict cookies), back/forward become fresh loads. Redirect hops already
/// carry the header (rule 2), so their own cookies are never injected and the first host's cookies leak to
/// them. XHR and subresources never reach the delegate. And the "already injected" check loops forever when the
/// re-issued request still has no `Cookie` header — e.g. ``AlreadyInjectedCheck/cookieHeaderPresent`` when the
/// native store has nothing for the URL.
public final class ActionReinjectStrategy: SyncStrategy {
    /// How the strategy tells a request it already re-issued.
    public enum AlreadyInjectedCheck: Sendable {
        /// The request carries a `Cookie` header — the naive check: with nothing to inject, the re-issued request
        /// has no header either, and is cancelled and re-issued again, forever.
        case cookieHeaderPresent
        /// The request carries a `Cookie` header, or the native store has nothing for its URL (the usual fix).
        case cookieHeaderPresentOrNothingToInject
    }

    public var name: String { check == .cookieHeaderPresent ? "wk-action-reinject:naive-check" : "wk-action-reinject" }
    public let check: AlreadyInjectedCheck

    public init(check: AlreadyInjectedCheck = .cookieHeaderPresentOrNothingToInject) {
        self.check = check
    }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        let request = navigationAction.request
        guard navigationAction.isMainFrame, request.value(forHTTPHeaderField: "Cookie") == nil else {
            return decisionHandler(.allow)
        }
        let header = CookieHeaders.requestHeaderValue(with: app.cookieStorage.cookies(for: request.url))
        if header == nil, check == .cookieHeaderPresentOrNothingToInject { return decisionHandler(.allow) }
        decisionHandler(.cancel)
        var reissued = request
        if let header { reissued.setValue(header, forHTTPHeaderField: "Cookie") }
        app.log(
            "\(name): cancelled \(request.httpMethod) \(request.url) (\(navigationAction.navigationType.rawValue)); "
                + "re-issuing it with Cookie: \(header ?? "(nothing to inject)")"
                + (request.httpMethod != "GET" && request.httpBody == nil ? " — without its body" : "")
        )
        webView.load(reissued)
    }
}
