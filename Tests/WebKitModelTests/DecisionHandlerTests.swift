import Foundation
import Testing
import WebKitModel

/// A decision handler answers once: WebKit raises on a second call; the simulated engine logs it and keeps the first
/// answer (``onceOnlyDecisionHandler(for:log:_:)``, shared with the real engine's seam).
@Suite("simulated WebKit: decision handlers answer once")
struct DecisionHandlerTests {
    /// Allows, then tries to cancel the same action and response.
    final class TwiceDelegate: WKNavigationDelegate {
        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            decisionHandler(.allow)
            decisionHandler(.cancel)
        }

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
            decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
        ) {
            decisionHandler(.allow)
            decisionHandler(.cancel)
        }
    }

    @Test("a second call is logged and ignored: the load the first call allowed commits")
    func secondCallIgnored() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        let delegate = TwiceDelegate()
        app.webView.navigationDelegate = delegate
        app.load("https://app.example.com/home")
        #expect(app.webView.url?.absoluteString == "https://app.example.com/home")
        #expect(app.log.filter { $0.contains("decisionHandler called twice") }.count == 2, "\(app.log)")
    }

    @Test("the helper passes the first answer on and only the first")
    func helper() {
        var answers: [Int] = []
        var logged: [String] = []
        let handler = onceOnlyDecisionHandler(for: "action #7", log: { logged.append($0) }) { answers.append($0) }
        handler(1)
        handler(2)
        #expect(answers == [1])
        #expect(logged == ["decisionHandler called twice for action #7 (WebKit raises here)"])
    }
}
