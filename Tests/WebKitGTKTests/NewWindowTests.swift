import Foundation
import Testing
import WebKitModel

/// A `target="_blank"` link (issue 20, `createWebViewWith`): the navigation delegate decides on an action with no
/// target frame, then the `WKUIDelegate` is asked for a web view. Each case runs on the simulated engine and on the
/// real one, which must agree.
@Suite("target=_blank links and createWebViewWith, on both engines", .serialized)
struct NewWindowTests {
    /// The app's delegates: what they saw, and how the UI delegate answers.
    final class Delegates: WKNavigationDelegate, WKUIDelegate {
        enum Answer { case none, sameView, newView, viewOfAnotherConfiguration }
        var answer = Answer.none
        var cancelNewWindows = false
        var actions: [WKNavigationAction] = []
        var creations = 0
        var created: WKWebView?
        let context: WKContext
        init(context: WKContext) { self.context = context }

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            actions.append(navigationAction)
            decisionHandler(navigationAction.targetsNewWindow && cancelNewWindows ? .cancel : .allow)
        }

        func webView(
            _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction,
            windowFeatures: WKWindowFeatures
        ) -> WKWebView? {
            creations += 1
            switch answer {
            case .none: return nil
            case .sameView:
                webView.load(navigationAction.request)
                return nil
            case .newView:
                created = WKWebView(configuration: configuration)
                created?.navigationDelegate = self
                return created
            case .viewOfAnotherConfiguration:
                created = WKWebView(configuration: WKWebViewConfiguration(context: context))
                return created
            }
        }
    }

    typealias Engine = BothEngines.Engine

    /// An app with one web view on `engine` showing a page (``BothEngines/ShownPage``), these delegates on it.
    final class App {
        let page: BothEngines.ShownPage
        let delegates: Delegates
        var network: BothEngines.Pages { page.network }
        var webView: WKWebView { page.webView }

        init(_ kind: Engine) throws {
            var delegates: Delegates?
            page = try BothEngines.ShownPage(kind) { webView, context in
                delegates = Delegates(context: context)
                webView.navigationDelegate = delegates
                webView.uiDelegate = delegates
            }
            self.delegates = delegates!
            self.delegates.actions = []
        }

        func clickBlankLink(to url: String = "http://app.example/next") throws {
            webView.performLinkClickToNewWindow(URL(string: url)!)
            try page.engine.runUntilIdle()
        }
    }

    @Test("without createWebViewWith the link does nothing: the action is decided, no request goes out", arguments: Engine.allCases)
    func noWindow(_ engine: Engine) throws {
        let app = try App(engine)
        try app.clickBlankLink()
        #expect(app.delegates.creations == 1)
        try #require(app.delegates.actions.count == 1)
        let action = app.delegates.actions[0]
        #expect(action.targetsNewWindow && !action.isMainFrame && action.navigationType == .linkActivated)
        #expect(action.request.url.absoluteString == "http://app.example/next")
        #expect(action.sourceURL?.absoluteString == "http://app.example/")
        #expect(app.network.requested("http://app.example/next").isEmpty)
        #expect(app.webView.url?.absoluteString == "http://app.example/")
    }

    @Test("a cancelled new-window action asks the UI delegate nothing", arguments: Engine.allCases)
    func cancelled(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegates.cancelNewWindows = true
        app.delegates.answer = .newView
        try app.clickBlankLink()
        #expect(app.delegates.creations == 0 && app.delegates.created == nil)
        #expect(app.network.requested("http://app.example/next").isEmpty)
    }

    @Test("loading the action's request in the same web view (KKJSBridge's way) goes with the store's cookie", arguments: Engine.allCases)
    func sameView(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegates.answer = .sameView
        try app.clickBlankLink()
        #expect(app.network.requested("http://app.example/next") == ["sid=s1"])
        #expect(app.webView.url?.absoluteString == "http://app.example/next")
    }

    @Test("a web view made with the configuration given opens the link there, as a main-frame navigation", arguments: Engine.allCases)
    func newView(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegates.answer = .newView
        try app.clickBlankLink()
        let created = try #require(app.delegates.created)
        #expect(created.configuration.openerWebView == app.webView.identifier)
        #expect(app.network.requested("http://app.example/next") == ["sid=s1"])
        #expect(created.url?.absoluteString == "http://app.example/next")
        #expect(app.webView.url?.absoluteString == "http://app.example/", "the opener keeps its page")
        let actions = app.delegates.actions.map { "\($0.targetsNewWindow) \($0.isMainFrame) \($0.navigationType)" }
        #expect(actions == ["true false linkActivated", "false true other"], "the opener's action, then the window's (WebKit: of type other)")
    }

    @Test("a web view made with another configuration opens nothing (WebKit raises)", arguments: Engine.allCases)
    func foreignView(_ engine: Engine) throws {
        let app = try App(engine)
        app.delegates.answer = .viewOfAnotherConfiguration
        try app.clickBlankLink()
        #expect(app.delegates.creations == 1)
        #expect(app.network.requested("http://app.example/next").isEmpty)
        #expect(app.delegates.created?.url == nil)
    }
}
