import Foundation
import HTTPModel

/// `WKWebView`: loads pages through its engine and reports to its navigation delegate.
///
/// A facade: the engine does the work and calls back through ``WebViewEngineClient``, which this class turns into
/// `WKNavigationDelegate` calls with `WKNavigation` handles.
public final class WKWebView {
    /// A copy of the configuration the web view was created with (WebKit copies it too).
    public let configuration: WKWebViewConfiguration
    /// Like WebKit, the web view does not keep its delegate alive.
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's answers to the page's panels (`prompt()`); weak, like WebKit's.
    public weak var uiDelegate: (any WKUIDelegate)?
    /// The engine's identifier of the web view.
    public private(set) var identifier = 0
    private let engine: any WebKitEngine
    private var navigations: [Int: WKNavigation] = [:]

    /// `WKWebView(frame:configuration:)`.
    public init(configuration: WKWebViewConfiguration) {
        self.configuration = configuration
        self.engine = configuration.websiteDataStore.engine
        self.identifier = engine.makeWebView(
            dataStore: configuration.websiteDataStore.identifier, processPool: configuration.processPool.identifier,
            opener: configuration.openerWebView, client: ClientBridge(self)
        )
    }

    /// The committed page's URL; nil while the web view is blank.
    public var url: URL? { engine.currentURL(ofWebView: identifier) }

    public var isLoading: Bool { engine.isLoading(webView: identifier) }

    /// Starts a navigation; returns its handle at once (everything else happens when the run loop turns). Runs
    /// whatever implementation the app process swizzled in (``WKWebViewMethods``).
    @discardableResult
    public func load(_ request: WebRequest) -> WKNavigation? {
        configuration.websiteDataStore.webViewMethods.load(request, in: self)
    }

    /// `loadRequest:` as WebKit ships it.
    func originalLoad(_ request: WebRequest) -> WKNavigation? {
        navigation(for: engine.load(request, inWebView: identifier))
    }

    /// `loadHTMLString(_:baseURL:)`: the page is `string`, its origin `baseURL`'s (an opaque one, about:blank, when
    /// nil); nothing is requested, so no strategy's `load` override sees it.
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        navigation(for: engine.loadHTML(string, baseURL: baseURL, inWebView: identifier))
    }

    /// Loads the previous item of the back-forward list (an item of the current document: goes back within it,
    /// loading nothing); nil when there is none.
    @discardableResult
    public func goBack() -> WKNavigation? {
        engine.goInHistory(by: -1, inWebView: identifier).map(navigation(for:))
    }

    /// Loads the next item of the back-forward list; nil when there is none.
    @discardableResult
    public func goForward() -> WKNavigation? {
        engine.goInHistory(by: 1, inWebView: identifier).map(navigation(for:))
    }

    /// Runs `javaScriptString` in the current page; the handler gets the last expression's value (a `String`, or
    /// nil for undefined) or an error (``WebKitError``).
    public func evaluateJavaScript(_ javaScriptString: String, completionHandler: ((Any?, (any Error)?) -> Void)? = nil) {
        engine.evaluateJavaScript(javaScriptString, inWebView: identifier) { result in
            switch result {
            case .success(let value): completionHandler?(value, nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    // MARK: Harness automation (what a user or the page does; not WebKit API)

    /// The user clicks a link to `url` in the current page (see ``WebKitEngine/clickLink(to:inWebView:)``).
    public func performLinkClick(to url: URL) {
        engine.clickLink(to: url, inWebView: identifier)
    }

    /// The user clicks a `target="_blank"` link to `url` in the current page (see
    /// ``WebKitEngine/clickLinkToNewWindow(_:inWebView:)``).
    public func performLinkClickToNewWindow(_ url: URL) {
        engine.clickLinkToNewWindow(url, inWebView: identifier)
    }

    /// The user submits a form of the current page (see ``WebKitEngine/submitForm(_:inWebView:)``); nil when the
    /// page could not submit it.
    @discardableResult
    public func performFormSubmission(_ request: WebRequest) -> WKNavigation? {
        engine.submitForm(request, inWebView: identifier).map(navigation(for:))
    }

    /// The current page loads a subresource (see ``WebKitEngine/requestSubresource(_:kind:inWebView:completion:)``).
    public func performSubresourceRequest(
        _ request: WebRequest, kind: SubresourceKind = .fetch(), completion: ((Result<WebResponse, WebKitError>) -> Void)? = nil
    ) {
        engine.requestSubresource(request, kind: kind, inWebView: identifier) { completion?($0) }
    }

    // MARK: Engine callbacks

    fileprivate func navigation(for identifier: Int) -> WKNavigation {
        if let known = navigations[identifier] { return known }
        let navigation = WKNavigation(identifier: identifier)
        navigations[identifier] = navigation
        return navigation
    }

    fileprivate func deliver(_ event: NavigationEvent, for identifier: Int) {
        let navigation = navigation(for: identifier)
        guard let delegate = navigationDelegate else { return }
        switch event {
        case .startedProvisional: delegate.webView(self, didStartProvisionalNavigation: navigation)
        case .receivedServerRedirect: delegate.webView(self, didReceiveServerRedirectForProvisionalNavigation: navigation)
        case .committed: delegate.webView(self, didCommit: navigation)
        case .finished:
            navigations[identifier] = nil
            delegate.webView(self, didFinish: navigation)
        case .failedProvisional(let error):
            navigations[identifier] = nil
            delegate.webView(self, didFailProvisionalNavigation: navigation, withError: error)
        case .sameDocument:
            navigations[identifier] = nil
            (delegate as? any WKNavigationDelegatePrivate)?._webView(self, navigation: navigation, didSameDocumentNavigation: .sessionStatePop)
        }
    }
}

/// Passes engine callbacks to the web view without the engine keeping the web view alive.
private final class ClientBridge: WebViewEngineClient {
    weak var webView: WKWebView?

    init(_ webView: WKWebView) {
        self.webView = webView
    }

    func decidePolicy(
        for action: WKNavigationAction, navigation: Int, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        guard let webView, let delegate = webView.navigationDelegate else { return decisionHandler(.allow) }
        _ = webView.navigation(for: navigation)
        delegate.webView(webView, decidePolicyFor: action, decisionHandler: decisionHandler)
    }

    func decidePolicy(
        for response: WKNavigationResponse, navigation: Int, decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        guard let webView, let delegate = webView.navigationDelegate else { return decisionHandler(.allow) }
        delegate.webView(webView, decidePolicyFor: response, decisionHandler: decisionHandler)
    }

    func navigation(_ navigation: Int, didChange event: NavigationEvent) {
        webView?.deliver(event, for: navigation)
    }

    var userScripts: [WKUserScript] { webView?.configuration.userContentController.userScripts ?? [] }

    var scriptMessageHandlerNames: [String] { webView?.configuration.userContentController.scriptMessageHandlerNames ?? [] }

    func didReceiveScriptMessage(name: String, body: Any, pageURL: URL?) {
        guard let webView else { return }
        let frame = WKFrameInfo(isMainFrame: true, request: WebRequest(url: pageURL ?? URL(string: "about:blank")!))
        webView.configuration.userContentController.deliver(
            WKScriptMessage(name: name, body: body, webView: webView, frameInfo: frame))
    }

    func runTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?, completion: @escaping (String?) -> Void) -> Bool {
        guard let webView, let delegate = webView.uiDelegate else { return false }
        let frame = WKFrameInfo(isMainFrame: true, request: WebRequest(url: pageURL ?? URL(string: "about:blank")!))
        delegate.webView(
            webView, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completion)
        return true
    }

    func createWebView(for action: WKNavigationAction) -> Int? {
        guard let webView, let delegate = webView.uiDelegate else { return nil }
        let configuration = WKWebViewConfiguration(newWindowOf: webView)
        guard let created = delegate.webView(
            webView, createWebViewWith: configuration, for: action, windowFeatures: WKWindowFeatures())
        else { return nil }
        // WebKit raises when the returned web view was not created with the configuration it handed out; the model
        // opens no window instead (the engine logs it).
        return created.configuration.openerWebView == webView.identifier ? created.identifier : nil
    }

    var urlSchemes: [String] { webView.map { Array($0.configuration.urlSchemeHandlers.keys).sorted() } ?? [] }

    func startURLSchemeTask(_ request: WebRequest, completion: @escaping (Result<(WebResponse, Data), WebKitError>) -> Void) -> Bool {
        guard let webView, let scheme = request.url.scheme?.lowercased(),
              let handler = webView.configuration.urlSchemeHandlers[scheme]
        else { return false }
        handler.webView(webView, start: URLSchemeTask(request: request, completion: completion))
        return true
    }
}
