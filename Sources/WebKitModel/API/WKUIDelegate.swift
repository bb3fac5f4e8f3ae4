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
}

extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) { completionHandler(nil) }
}
