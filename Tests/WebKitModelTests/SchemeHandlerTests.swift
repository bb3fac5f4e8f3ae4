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

    /// A page the app serves on its own scheme (a hybrid app's `capacitor://localhost/`), measured on WebKitGTK 2.50.6
    /// (Suites/app-scheme): the handler answers the navigation without cookies; the page is cookie-averse; its
    /// fetch of an https API sends Lax and Strict cookies and keeps the answer's on webkitgtk (a first party to every
    /// host), and nothing either way on ios (ITP: the API is a third party).
    @Test("a page on the app's scheme", arguments: [
        (PlatformProfile.webkitgtk, "none=1; lax=1; strict=1", true), (PlatformProfile.ios, nil, false),
    ])
    func pageOnTheAppsScheme(profile: PlatformProfile, sent: String?, kept: Bool) {
        let handler = Answerer()
        let app = EngineFixture(profile: profile, schemeHandlers: ["capacitor": handler])
        app.route("https://api.example.com/site", setCookies: [
            "none=1; Path=/; Secure; SameSite=None", "lax=1; Path=/; Secure; SameSite=Lax", "strict=1; Path=/; Secure; SameSite=Strict",
        ])
        app.route("https://api.example.com/me", setCookies: ["late=1; Path=/; Secure; SameSite=Lax"])
        app.load("https://api.example.com/site")
        app.load("capacitor://localhost/")
        #expect(app.webView.url?.absoluteString == "capacitor://localhost/")
        #expect(handler.requests.map(\.url.absoluteString) == ["capacitor://localhost/"])
        #expect(handler.requests.allSatisfy { $0.value(forHTTPHeaderField: "Cookie") == nil })
        #expect(app.evaluate("document.cookie = 'js=1; path=/'; document.cookie").value == "")
        #expect(!app.storedCookies().contains { $0.name == "js" })
        app.fetch("https://api.example.com/me")
        #expect(app.network.cookie(sentTo: "https://api.example.com/me") == .some(sent))
        #expect(app.storedCookies().contains { $0.name == "late" } == kept)
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
