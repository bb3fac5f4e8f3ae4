import Foundation
import Testing
import WebKitModel

/// An iframe the page appends (issue 19, `<fetch kind="iframe">`): every hop is a navigation action not for the
/// main frame, the final response a navigation response not for the main frame, and the main frame's navigation
/// callbacks stay silent. Each case runs on the simulated engine and on the real one, which must agree.
@Suite("iframes and their navigation decisions, on both engines", .serialized)
struct FrameTests {
    /// The app's navigation delegate: what it saw, and whether it cancels a frame's actions or response.
    final class Delegate: WKNavigationDelegate {
        var cancelFrameActions = false
        var cancelFrameResponses = false
        var actions: [WKNavigationAction] = []
        var responses: [WKNavigationResponse] = []
        var finished = 0

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            actions.append(navigationAction)
            decisionHandler(!navigationAction.isMainFrame && cancelFrameActions ? .cancel : .allow)
        }

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
            decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
        ) {
            responses.append(navigationResponse)
            decisionHandler(!navigationResponse.isForMainFrame && cancelFrameResponses ? .cancel : .allow)
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation) { finished += 1 }
    }

    typealias Engine = BothEngines.Engine

    /// An app with one web view on `engine` showing a page (``BothEngines/ShownPage``), where
    /// http://app.example/hop answers a 302 to http://app.example/widget.
    final class App {
        let page: BothEngines.ShownPage
        let delegate = Delegate()
        var network: BothEngines.Pages { page.network }
        var webView: WKWebView { page.webView }

        init(_ kind: Engine) throws {
            let delegate = delegate
            page = try BothEngines.ShownPage(kind, network: BothEngines.Pages(redirects: ["http://app.example/hop": "http://app.example/widget"])) {
                webView, _ in webView.navigationDelegate = delegate
            }
            delegate.actions = []
            delegate.responses = []
            delegate.finished = 0
        }

        /// Appends an iframe loading `url`; its outcome.
        func addFrame(_ url: String) throws -> Result<WebResponse, WebKitError>? {
            var outcome: Result<WebResponse, WebKitError>?
            webView.performSubresourceRequest(WebRequest(url: URL(string: url)!), kind: .iframe) { outcome = $0 }
            try page.engine.runUntilIdle()
            return outcome
        }
    }

    @Test("each hop of a frame's load is an action not for the main frame; its response is not the main frame's; no didFinish", arguments: Engine.allCases)
    func frameDecisions(_ engine: Engine) throws {
        let app = try App(engine)
        let outcome = try app.addFrame("http://app.example/hop")
        #expect((try? outcome?.get()) != nil, "\(String(describing: outcome))")
        let actions = app.delegate.actions.map { "\($0.request.url) main=\($0.isMainFrame) redirect=\($0.isRedirect) \($0.navigationType)" }
        #expect(actions == [
            "http://app.example/hop main=false redirect=false other",
            "http://app.example/widget main=false redirect=true other",
        ])
        #expect(app.delegate.actions.allSatisfy { $0.sourceURL?.absoluteString == "http://app.example/" })
        #expect(app.delegate.responses.map { "\($0.response.url) \($0.response.statusCode) main=\($0.isForMainFrame)" } == [
            "http://app.example/widget 200 main=false",
        ])
        #expect(app.delegate.finished == 0, "didFinish is the main frame's")
        #expect(app.network.requested("http://app.example/widget") == ["sid=s1"])
        #expect(app.webView.url?.absoluteString == "http://app.example/", "the page stays")
    }

    @Test("a cancelled frame action fails the frame's load: no request goes out, the page stays", arguments: Engine.allCases)
    func cancelledAction(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegate.cancelFrameActions = true
        let outcome = try app.addFrame("http://app.example/widget")
        guard case .failure? = outcome else { Issue.record("the frame loaded: \(String(describing: outcome))"); return }
        #expect(app.delegate.actions.count == 1)
        #expect(app.network.requested("http://app.example/widget").isEmpty)
        #expect(app.delegate.responses.isEmpty)
        #expect(app.webView.url?.absoluteString == "http://app.example/")
    }

    @Test("a cancelled frame response fails the frame's load after its request went", arguments: Engine.allCases)
    func cancelledResponse(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegate.cancelFrameResponses = true
        let outcome = try app.addFrame("http://app.example/widget")
        guard case .failure? = outcome else { Issue.record("the frame loaded: \(String(describing: outcome))"); return }
        #expect(app.network.requested("http://app.example/widget") == ["sid=s1"])
        #expect(app.delegate.responses.count == 1)
        #expect(app.webView.url?.absoluteString == "http://app.example/")
    }
}
