import WebKitModel

/// A cookie sync strategy: the code an app with a native side and a WKWebView writes to keep their cookies in
/// step (DESIGN §5), expressed as hooks the app calls at the moments such code runs.
///
/// Strategies see only the WebKit-shaped API and the app's platform services (``StrategyContext``), never an
/// engine's insides, so one strategy runs unchanged on the simulated engine and on a real one.
///
/// **Implementation requirements**
/// - One instance per app process: the app makes a new one at every launch (a kill loses what the old one held
///   in memory, as it would on a device).
/// - Everything asynchronous goes through WebKit's completion handlers or the main queue; a hook never blocks.
/// - `load(_:in:app:)` must start the navigation (`webView.load`) itself, now or later — an app that never does
///   has deadlocked, and the harness reports it.
/// - Decision handlers are called exactly once.
///
/// Every hook has a default that does what an app without sync code does (nothing; `allow`; load as asked).
public protocol SyncStrategy: AnyObject {
    /// The adapter name, e.g. `wk-request-header`.
    var name: String { get }

    /// `application(_:didFinishLaunchingWithOptions:)`: the process has just started (first launch or relaunch).
    func appDidLaunch(_ app: StrategyContext)
    /// Before `WKWebView(configuration:)`: the last chance to add user scripts or pick stores.
    func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext)
    /// Right after the web view exists (the app has already made itself its navigation delegate).
    func webViewDidOpen(_ webView: WKWebView, app: StrategyContext)
    /// The native store changed (a native login, `HTTPCookieStorage.setCookie`): `NSHTTPCookieManagerCookiesChanged`
    /// for changes the strategy did not make itself.
    func nativeCookiesDidChange(_ app: StrategyContext)
    /// The app opens a page: the strategy may rewrite the request, do work first, and must call `webView.load`.
    func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext)
    /// `webView(_:decidePolicyFor:decisionHandler:)` for a navigation action.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    )
    /// `webView(_:decidePolicyFor:decisionHandler:)` for a navigation response.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    )
    /// `webView(_:didCommit:)`: the main frame's response is in and the new page has replaced the old one (its
    /// URL is `webView.url`); sync code that reads the page's cookies per page hooks here.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation, app: StrategyContext)
    /// `webView(_:didFinish:)`.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext)
    /// The last moment before the process dies (`applicationDidEnterBackground` before the user swipes the app
    /// away); completion handlers started here still run.
    func appWillTerminate(_ app: StrategyContext)
}

extension SyncStrategy {
    public func appDidLaunch(_ app: StrategyContext) {}
    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {}
    public func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) {}
    public func nativeCookiesDidChange(_ app: StrategyContext) {}
    public func load(_ request: WebRequest, in webView: WKWebView, app: StrategyContext) { webView.load(request) }
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) { decisionHandler(.allow) }
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, app: StrategyContext,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) { decisionHandler(.allow) }
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation, app: StrategyContext) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {}
    public func appWillTerminate(_ app: StrategyContext) {}
}
