/// `WKNavigationDelegate`, with WebKit's defaults for the methods a delegate leaves out (allow, ignore).
///
/// Callback order for one navigation: `decidePolicyFor navigationAction` → `didStartProvisionalNavigation` →
/// for each redirect hop: `decidePolicyFor navigationAction` (`isRedirect`) → `didReceiveServerRedirect…` → then
/// `decidePolicyFor navigationResponse` (final non-3xx response only) → `didCommit` → `didFinish`; or
/// `didFailProvisionalNavigation` when the load fails before committing (`didFail` after committing). A
/// cancelled action ends the navigation without any further callback, as in WebKit.
public protocol WKNavigationDelegate: AnyObject {
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    )
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    )
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation)
    func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation, withError error: any Error)
    /// A navigation that failed after it committed. The simulated engine never calls it (nothing fails once the
    /// response is in); a real engine may.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation, withError error: any Error)
}

extension WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) { decisionHandler(.allow) }

    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) { decisionHandler(.allow) }

    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation) {}
    public func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation) {}
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation) {}
    public func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation, withError error: any Error) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation, withError error: any Error) {}
}

/// How a page's URL changed within its document (WebKit's private `_WKSameDocumentNavigationType`).
package enum WKSameDocumentNavigationType: Int, Sendable {
    case anchorNavigation, sessionStatePush, sessionStateReplace, sessionStatePop
}

/// WebKit's private `WKNavigationDelegatePrivate`, the one part of it the harness needs: a back/forward traversal
/// to a history item the page's own `pushState` made loads nothing, and the public delegate hears nothing of it
/// (no action to decide, no commit); only this callback, with `.sessionStatePop`, says the step is over. `package`,
/// as Apple's is private: the harness's recorder adopts it, the library product does not export it.
package protocol WKNavigationDelegatePrivate: WKNavigationDelegate {
    func _webView(_ webView: WKWebView, navigation: WKNavigation, didSameDocumentNavigation type: WKSameDocumentNavigationType)
}
