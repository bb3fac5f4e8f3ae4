/// `WKUIDelegate`: the app's answers to the page's panels, with WebKit's defaults for the methods a delegate
/// leaves out.
public protocol WKUIDelegate: AnyObject {
    /// The page called `prompt(message, defaultText)`. Apple: the page's script waits until the app calls
    /// `completionHandler` — with the text (what `prompt()` returns) or nil (`null`, as when the user cancels); the
    /// handler must be called exactly once. Capacitor's bridge answers synchronously from here. WebKit's default
    /// (no delegate, or a delegate without this method): `prompt()` returns null at once.
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    )

    /// The page asked for a new window (a `target="_blank"` link) and the navigation delegate allowed the action
    /// (`navigationAction.targetsNewWindow`). Apple: return a new web view created with `configuration` (WebKit
    /// raises on one that was not) and WebKit loads the request in it; return nil and nothing is loaded. WebKit's
    /// default (no delegate, or a delegate without this method): nil — in a `WKWebView` such a link does nothing.
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView?
}

extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) { completionHandler(nil) }

    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? { nil }
}
