import Foundation
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// A strategy with a script message handler and a UI delegate (a Capacitor-shaped bridge) runs on the real engine
/// (issue 20): it is no longer skipped there, and both reach it.
@Suite("a bridge strategy on the real engine", .serialized)
struct LiveBridgeStrategyTests {
    final class Bridge: SyncStrategy, WKScriptMessageHandler, WKUIDelegate {
        let name = "bridge"
        private var context: StrategyContext?

        func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
            context = app
            configuration.userContentController.add(self, name: "bridge")
        }

        func webViewDidOpen(_ webView: WKWebView, app: StrategyContext) { webView.uiDelegate = self }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation, app: StrategyContext) {
            webView.evaluateJavaScript("window.webkit.messageHandlers.bridge.postMessage({ n: 1 }); prompt('ask', 'd')") { value, _ in
                app.log("bridge: prompt returned \(value as? String ?? "nil")")
            }
        }

        func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
            context?.log("bridge: message \((message.body as? [String: Any])?["n"] as? Int ?? -1)")
        }

        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
        ) {
            context?.log("bridge: prompt \(prompt) \(defaultText ?? "nil")")
            completionHandler("answer")
        }
    }

    @Test("the handler and the delegate run on @webkitgtk-live: message, prompt, the prompt's answer, in that order")
    func bridgeRuns() throws {
        try #require(StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
        let adapter = Adapter(
            info: AdapterInfo(name: "bridge@webkitgtk-live", version: "1", profile: "webkitgtk-live"), summary: "",
            capabilities: StrategyAdapterCatalog.liveCapabilities
        ) { environment in try WebViewApp(environment: environment, engine: .webKitGTK) { Bridge() } }
        let run = try StrategyFixtures.run("bridge", [StrategyFixtures.load("https://app.example.com/home")], on: adapter)
        let lines = run.transcript.filter { $0.contains("bridge: ") }.map { String($0[$0.range(of: "bridge: ")!.upperBound...]) }
        #expect(lines == ["message 1", "prompt ask d", "prompt returned answer"], "\(run.status) \(run.transcript)")
    }
}
