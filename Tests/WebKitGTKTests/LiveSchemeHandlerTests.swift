import Foundation
import Testing
import WebKitModel

@testable import EngineDrivers

/// `WKURLSchemeHandler` on the real engine (`WebContext.register_uri_scheme`): a page's request for the app's own
/// scheme reaches the handler as a task, without cookies, and its answer reaches the page.
@Suite("the real engine's URL scheme handlers", .serialized)
struct LiveSchemeHandlerTests {
    typealias App = LivePageCallsTests.App

    final class Answerer: WKURLSchemeHandler {
        var requests: [WebRequest] = []
        func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
            requests.append(urlSchemeTask.request)
            urlSchemeTask.didReceive(WebResponse(
                url: urlSchemeTask.request.url, statusCode: 200,
                headerFields: [HTTPHeaderField(name: "Content-Type", value: "text/plain"), HTTPHeaderField(name: "Access-Control-Allow-Origin", value: "*")]))
            urlSchemeTask.didReceive(Data("hi".utf8))
            urlSchemeTask.didFinish()
        }
    }

    /// What the page's fetch of `url` from a page at `page` ended with, and what the handler saw.
    static func measure(page: String, url: String, mode: String) throws -> (outcome: String?, requests: [WebRequest]) {
        let app = try App(page: "<p>page</p>", schemeHandlers: ["myapp": Answerer()])
        try app.load(page)
        _ = try app.evaluate("""
            window.outcome = 'pending';
            fetch('\(url)', { mode: '\(mode)', credentials: 'include' })
                .then(r => r.text().then(t => { window.outcome = 'ok ' + r.status + ' ' + r.type + ' ' + t; }),
                      e => { window.outcome = 'error ' + e; });
            0
            """)
        // The fetch settles in the web process on its own time (a CORS refusal came after the first read under CI's
        // load), so read until it has, for at most 20 s.
        var outcome = try app.evaluate("window.outcome").value
        let deadline = Date().addingTimeInterval(20)
        while outcome == "pending", Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            outcome = try app.evaluate("window.outcome").value
        }
        let handler = app.webView.configuration.urlSchemeHandler(forURLScheme: "myapp") as? Answerer
        return (outcome, handler?.requests ?? [])
    }

    /// (page, mode, the page's outcome, requests the handler saw): measured on WebKitGTK 2.50.6; the simulated engine
    /// is held to the same table (`SchemeHandlerTests`).
    @Test("from an http page the handler answers without cookies (no-cors: opaque; cors with credentials: refused); from an https page the request is blocked as mixed content", arguments: [
        ("http://app.example/", "no-cors", "ok 0", 1), ("http://app.example/", "cors", "error", 1),
        ("https://app.example/", "no-cors", "error", 0), ("https://app.example/", "cors", "error", 0),
    ])
    func fetchOfTheAppsScheme(page: String, mode: String, outcome: String, handled: Int) throws {
        try LivePageCallsTests.requireEngine()
        let result = try Self.measure(page: page, url: "myapp://localhost/x?y=1", mode: mode)
        #expect(result.outcome?.hasPrefix(outcome) == true, "\(result.outcome ?? "nil")")
        #expect(result.requests.count == handled)
        #expect(result.requests.allSatisfy { $0.value(forHTTPHeaderField: "Cookie") == nil && $0.url.absoluteString == "myapp://localhost/x?y=1" })
    }
}
