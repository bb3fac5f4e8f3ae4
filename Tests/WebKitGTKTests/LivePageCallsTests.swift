import ChildProcesses
import CookieModel
import Foundation
import LiveStrategyAdapters
import StrategyAdapters
import Testing
import WebKitModel

@testable import EngineDrivers

/// What a page asks of the app, on the real engine (issue 20): script messages through
/// `register_script_message_handler` and `prompt()` through the `script-dialog` signal, delivered to the
/// `WKScriptMessageHandler` and the `WKUIDelegate` as the simulated engine delivers them.
@Suite("the real engine's script messages and prompt panel", .serialized)
struct LivePageCallsTests {
    /// Every URL answers `page`.
    final class OnePage: HTTPNetwork {
        var page: String
        init(_ page: String) { self.page = page }
        func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
            HTTPResponse(status: 200, headers: [HTTPHeaderField(name: "Content-Type", value: "text/html")], body: page)
        }
    }

    final class Recorder: WKScriptMessageHandler {
        var messages: [(name: String, body: Any, url: URL?)] = []
        var onMessage: () -> Void = {}
        func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
            messages.append((message.name, message.body, message.frameInfo.request.url))
            onMessage()
        }
    }

    final class PromptAnswerer: WKUIDelegate {
        var prompts: [(String, String?)] = []
        var answer: (String, @escaping (String?) -> Void) -> Void = { _, done in done(nil) }
        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
        ) {
            prompts.append((prompt, defaultText))
            answer(prompt, completionHandler)
        }
    }

    /// An app on its own driver (stopped at the end, also on failure) with one web view.
    final class App {
        let drivers = WebKitGTKDrivers(configuration: nil)
        let network: OnePage
        let engine: WebKitGTKEngine
        let context: WKContext
        let webView: WKWebView

        init(page: String, schemeHandlers: [String: any WKURLSchemeHandler] = [:]) throws {
            network = OnePage(page)
            do {
                engine = try WebKitGTKEngine(
                    clock: VirtualClock(start: Date()), network: network, persistent: false, drivers: drivers)
            } catch {
                drivers.stopAll()
                throw error
            }
            context = WKContext(engine: engine)
            let configuration = WKWebViewConfiguration(context: context)
            for (scheme, handler) in schemeHandlers { configuration.setURLSchemeHandler(handler, forURLScheme: scheme) }
            webView = WKWebView(configuration: configuration)
        }

        deinit { drivers.stopAll() }

        func load(_ url: String = "http://app.example/") throws {
            webView.load(WebRequest(url: URL(string: url)!))
            try engine.runUntilIdle()
        }

        func evaluate(_ script: String) throws -> (value: String?, error: WebKitError?) {
            var outcome: (String?, WebKitError?) = (nil, nil)
            webView.evaluateJavaScript(script) { value, error in outcome = (value as? String, error as? WebKitError) }
            try engine.runUntilIdle()
            return outcome
        }
    }

    static func requireEngine() throws {
        try #require(StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
    }

    @Test("postMessage reaches the handler after the script returned, body converted as on the simulated engine")
    func scriptMessages() throws {
        try Self.requireEngine()
        let app = try App(page: "<script>window.webkit.messageHandlers.bridge.postMessage({ from: 'page' })</script>")
        let handler = Recorder()
        app.webView.configuration.userContentController.add(handler, name: "bridge")
        try app.load()
        try #require(handler.messages.count == 1, "the page's own script posted one message")
        #expect((handler.messages[0].body as? [String: Any])?["from"] as? String == "page")
        #expect(handler.messages[0].url?.absoluteString == "http://app.example/")
        handler.messages = []
        var order: [String] = []
        handler.onMessage = { order.append("message") }
        app.webView.evaluateJavaScript("""
            const bridge = window.webkit.messageHandlers.bridge;
            bridge.postMessage('text'); bridge.postMessage(42); bridge.postMessage({ a: [1, 'b', null], t: true });
            bridge.postMessage([]); bridge.postMessage(null); bridge.postMessage(undefined);
            'done'
            """) { value, _ in order.append("completion \(value as? String ?? "nil")") }
        #expect(handler.messages.isEmpty, "nothing is delivered before the run loop turns")
        try app.engine.runUntilIdle()
        #expect(order == Array(repeating: "message", count: 6) + ["completion done"])
        try #require(handler.messages.count == 6)
        #expect(handler.messages[0].body as? String == "text")
        #expect((handler.messages[1].body as? NSNumber)?.intValue == 42)
        let dictionary = try #require(handler.messages[2].body as? [String: Any])
        let array = try #require(dictionary["a"] as? [Any])
        #expect(array.count == 3 && array[1] as? String == "b" && array[2] is NSNull && dictionary["t"] as? Bool == true)
        #expect((handler.messages[3].body as? [Any])?.isEmpty == true)
        #expect(handler.messages[4].body is NSNull && handler.messages[5].body is NSNull)
    }

    @Test("a removed handler is gone from the page; the others stay")
    func removedHandler() throws {
        try Self.requireEngine()
        let app = try App(page: "<p>page</p>")
        let controller = app.webView.configuration.userContentController
        let handler = Recorder()
        controller.add(handler, name: "bridge")
        controller.add(handler, name: "other")
        try app.load()
        #expect(try app.evaluate("Object.keys(window.webkit.messageHandlers).length + ' ' + typeof window.webkit.messageHandlers.bridge").value != nil)
        controller.removeScriptMessageHandler(forName: "bridge")
        #expect(try app.evaluate("typeof window.webkit.messageHandlers.bridge + ' ' + typeof window.webkit.messageHandlers.other").value
            == "undefined object")
        controller.removeAllScriptMessageHandlers()
        // WebKitGTK removes window.webkit itself with the last handler (the simulated engine keeps an empty one).
        #expect(try app.evaluate("window.webkit && window.webkit.messageHandlers.other").value == nil)
        #expect(handler.messages.isEmpty)
    }

    @Test("prompt() returns the UI delegate's answer, given at once or later on the main queue; evaluate does not deadlock")
    func promptAnswered() throws {
        try Self.requireEngine()
        let app = try App(page: "<p>page</p>")
        let delegate = PromptAnswerer()
        app.webView.uiDelegate = delegate
        try app.load()
        delegate.answer = { prompt, done in done(prompt == #"{"type":"CapacitorCookies.get"}"# ? "answered" : nil) }
        #expect(try app.evaluate(#"prompt(JSON.stringify({ type: 'CapacitorCookies.get' }), 'd') + '!'"#).value == "answered!")
        #expect(delegate.prompts.count == 1 && delegate.prompts.first?.1 == "d")
        #expect(try app.evaluate("String(prompt('other'))").value == "null", "the delegate's nil is null")
        delegate.answer = { _, done in _ = app.context.mainQueue.asyncAfter(seconds: 2) { done("late") } }
        #expect(try app.evaluate("prompt('q') + '|' + document.title").value == "late|")
        #expect(try app.evaluate("throw new Error('after the prompt ' + prompt('q'))").error?.code == .javaScriptExceptionOccurred)
    }

    @Test("without a UI delegate prompt() returns null at once (never WebKitGTK's own dialog)")
    func promptWithoutDelegate() throws {
        try Self.requireEngine()
        let app = try App(page: "<script>document.title = String(prompt('on load'))</script>")
        try app.load()
        #expect(try app.evaluate("document.title + ' ' + (prompt('q') === null)").value == "null true")
    }
}
