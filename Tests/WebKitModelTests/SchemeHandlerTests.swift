import Foundation
import Testing
import WebKitModel

/// `WKURLSchemeHandler` on the simulated engine, held to what WebKitGTK 2.50.6 was measured to do
/// (`LiveSchemeHandlerTests`): a page's fetch of the app's scheme reaches the handler from an http page only.
@Suite("simulated WebKit: URL scheme handlers")
struct SchemeHandlerTests {
    final class Answerer: WKURLSchemeHandler {
        var requests: [WebRequest] = []
        func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
            requests.append(urlSchemeTask.request)
            urlSchemeTask.didReceive(WebResponse(
                url: urlSchemeTask.request.url, statusCode: 200,
                headerFields: [HTTPHeaderField(name: "Access-Control-Allow-Origin", value: "*")]))
            urlSchemeTask.didReceive(Data("hi".utf8))
            urlSchemeTask.didFinish()
        }
    }

    @Test("the measured table", arguments: [
        ("http://app.example.com/home", "no-cors", "ok 0", 1), ("http://app.example.com/home", "cors", "error", 1),
        ("https://app.example.com/home", "no-cors", "error", 0), ("https://app.example.com/home", "cors", "error", 0),
    ])
    func fetchOfTheAppsScheme(page: String, mode: String, outcome: String, handled: Int) {
        let handler = Answerer()
        let app = EngineFixture(schemeHandlers: ["myapp": handler])
        app.route(page, setCookies: ["sid=1; Path=/"])
        app.load(page)
        _ = app.evaluate("""
            var outcome = 'pending';
            fetch('myapp://localhost/x?y=1', { mode: '\(mode)', credentials: 'include' })
                .then(function (r) { outcome = 'ok ' + r.status; }, function (e) { outcome = 'error ' + e; });
            0
            """)
        #expect(app.evaluate("outcome").value?.hasPrefix(outcome) == true, "\(String(describing: app.evaluate("outcome").value))")
        #expect(handler.requests.count == handled)
        #expect(handler.requests.allSatisfy { $0.value(forHTTPHeaderField: "Cookie") == nil })
    }

    @Test("a handler for a scheme WebKit handles itself has no effect; the configuration says which handler answers")
    func webKitSchemes() {
        let configuration = EngineFixture().webView.configuration
        configuration.setURLSchemeHandler(Answerer(), forURLScheme: "HTTPS")
        #expect(configuration.urlSchemeHandler(forURLScheme: "https") == nil)
        let handler = Answerer()
        configuration.setURLSchemeHandler(handler, forURLScheme: "MyApp")
        #expect(configuration.urlSchemeHandler(forURLScheme: "myapp") === handler)
    }
}
