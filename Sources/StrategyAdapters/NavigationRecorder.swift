import HarnessCore
import SyncStrategies
import WebKitModel

/// The app's navigation delegate: passes every callback to the strategy, writes each decision into the transcript,
/// and keeps what the harness needs to judge a navigation step — how it ended, and whether the app was caught in
/// a cancel-and-reload loop. WebKit's private same-document callback ends a back/forward step that stayed within
/// the page's document (its own `pushState` item); the strategy never sees it, as no public delegate method does.
final class NavigationRecorder: WKNavigationDelegatePrivate {
    /// Navigation actions one step may take before the recorder calls it a loop: a navigation may take 21 (20
    /// redirects), a strategy that re-issues each once twice that.
    static let actionLimit = 2 * (HTTPRedirect.limit + 1)

    enum Outcome {
        case finished
        case failed(WebKitError)
        case cancelled
    }

    private unowned let app: WebViewApp
    private var actions = 0
    private var loop = false
    private var outcome: Outcome?
    /// The step went back or forward within the page's document: no navigation action was due.
    private var withinDocument = false

    init(app: WebViewApp) {
        self.app = app
    }

    private var transcript: Transcript { app.environment.transcript }

    func beginStep() {
        actions = 0
        loop = false
        outcome = nil
        withinDocument = false
    }

    /// Throws the ``StepFailure`` a navigation step ended with, if any.
    func endStep(describing what: String) throws {
        if loop {
            throw StepFailure(
                .redirectLoop,
                "navigation loop: more than \(Self.actionLimit) navigation actions in one step — the app keeps cancelling and re-issuing \(what)")
        }
        if actions == 0, !withinDocument {
            throw StepFailure(.failed, "\(what) never started: the app is still waiting (for a completion handler that never came)")
        }
        if case .failed(let error) = outcome {
            throw StepFailure(error.code == .tooManyRedirects ? .redirectLoop : .failed, error.message)
        }
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        actions += 1
        let request = navigationAction.request
        let frame = navigationAction.isMainFrame || navigationAction.targetsNewWindow ? "" : ", frame"
        var what = "[\(navigationAction.navigationType.rawValue)\(navigationAction.isRedirect ? ", redirect" : "")\(frame)] \(request.httpMethod) \(request.url)"
        if let cookie = request.value(forHTTPHeaderField: "Cookie") { what += " (Cookie: \(cookie))" }
        if request.httpMethod != "GET", request.httpBody == nil { what += " (no body)" }
        if actions > Self.actionLimit {
            loop = true
            transcript.record("• delegate: decidePolicyFor navigationAction \(what) → cancel (loop guard)")
            return decisionHandler(.cancel)
        }
        app.strategy.webView(webView, decidePolicyFor: navigationAction, app: app.context) { [weak self] policy in
            self?.transcript.record("• delegate: decidePolicyFor navigationAction \(what) → \(policy.rawValue)")
            // A frame's cancelled load fails its own step (the fetch that made the frame), not the main frame's.
            if policy == .cancel, frame.isEmpty { self?.outcome = .cancelled }
            decisionHandler(policy)
        }
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        let response = navigationResponse.response
        var what = "\(response.statusCode) \(response.url)\(navigationResponse.isForMainFrame ? "" : " [frame]")"
        if let folded = response.allHeaderFields.first(where: { $0.key.lowercased() == "set-cookie" })?.value {
            what += " (allHeaderFields[\"Set-Cookie\"]: \(folded))"
        }
        app.strategy.webView(webView, decidePolicyFor: navigationResponse, app: app.context) { [weak self] policy in
            self?.transcript.record("• delegate: decidePolicyFor navigationResponse \(what) → \(policy.rawValue)")
            decisionHandler(policy)
        }
    }

    func _webView(_ webView: WKWebView, navigation: WKNavigation, didSameDocumentNavigation type: WKSameDocumentNavigationType) {
        withinDocument = true
        transcript.record("• delegate (private): didSameDocumentNavigation: back/forward within the page's document, nothing loaded")
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation) {
        app.strategy.webView(webView, didCommit: navigation, app: app.context)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation) {
        outcome = .finished
        transcript.record("• delegate: didFinish \(webView.url?.absoluteString ?? "")")
        app.strategy.webView(webView, didFinish: navigation, app: app.context)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation, withError error: any Error) {
        let error = error as? WebKitError ?? WebKitError(.cannotFindHost, "\(error)")
        transcript.record("• delegate: didFailProvisionalNavigation: \(error)")
        if error.code != .cancelled { outcome = .failed(error) }
    }
}
