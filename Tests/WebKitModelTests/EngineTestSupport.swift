import CookieModel
import Foundation
import Testing
import WebKitModel

/// A network of fixed routes that remembers every request, for engine tests.
final class RecordingNetwork: HTTPNetwork {
    struct Route {
        var status = 200
        var setCookies: [String] = []
        var location: String?
    }

    /// Keyed by `scheme://host/path` (query ignored).
    var routes: [String: Route] = [:]
    private(set) var requests: [HTTPRequest] = []

    func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
        requests.append(request)
        let key = "\(request.url.origin)\(request.url.path)"
        guard let route = routes[key] else {
            return routes.keys.contains { $0.hasPrefix("\(request.url.origin)/") } ? HTTPResponse(status: 404, headers: []) : nil
        }
        var fields = route.setCookies.map { HTTPHeaderField(name: "Set-Cookie", value: $0) }
        if let location = route.location { fields.append(HTTPHeaderField(name: "Location", value: location)) }
        return HTTPResponse(status: route.status, headers: fields)
    }

    /// The `Cookie` header of the last request to `url` (`scheme://host/path`); nil when none was sent.
    func cookie(sentTo url: String) -> String?? {
        guard let request = requests.last(where: { "\($0.url.origin)\($0.url.path)" == url }) else {
            return nil
        }
        return .some(request.cookieHeader)
    }

    func requests(to url: String) -> [HTTPRequest] {
        requests.filter { "\($0.url.origin)\($0.url.path)" == url }
    }
}

/// Records every delegate callback (WebKit's private same-document one too) and answers with configurable policies.
final class RecordingDelegate: WKNavigationDelegatePrivate {
    var actions: [WKNavigationAction] = []
    var sameDocumentNavigations: [WKSameDocumentNavigationType] = []
    var responses: [WKNavigationResponse] = []
    var finished: [URL?] = []
    var failures: [WebKitError] = []
    var actionPolicy: (WKNavigationAction) -> WKNavigationActionPolicy = { _ in .allow }
    var responsePolicy: (WKNavigationResponse) -> WKNavigationResponsePolicy = { _ in .allow }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        actions.append(navigationAction)
        decisionHandler(actionPolicy(navigationAction))
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) {
        responses.append(navigationResponse)
        decisionHandler(responsePolicy(navigationResponse))
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation) { finished.append(webView.url) }

    func _webView(_ webView: WKWebView, navigation: WKNavigation, didSameDocumentNavigation type: WKSameDocumentNavigationType) {
        sameDocumentNavigations.append(type)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation, withError error: any Error) {
        failures.append(error as! WebKitError)
    }
}

/// One simulated app process: clock, network, engine, WebKit context, one web view with a recording delegate.
final class EngineFixture {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    let clock = VirtualClock(start: EngineFixture.start)
    let network = RecordingNetwork()
    let engine: SimulatedWebKit
    private(set) var context: WKContext
    let delegate = RecordingDelegate()
    private(set) var webView: WKWebView
    var log: [String] = []

    init(
        profile: PlatformProfile = .ios, nonPersistent: Bool = false, scripts: [WKUserScript] = [],
        schemeHandlers: [String: any WKURLSchemeHandler] = [:]
    ) {
        engine = SimulatedWebKit(profile: profile, clock: clock, network: network)
        context = WKContext(engine: engine)
        let configuration = WKWebViewConfiguration(context: context)
        for (scheme, handler) in schemeHandlers { configuration.setURLSchemeHandler(handler, forURLScheme: scheme) }
        if nonPersistent { configuration.websiteDataStore = context.nonPersistentDataStore() }
        for script in scripts { configuration.userContentController.addUserScript(script) }
        webView = WKWebView(configuration: configuration)
        webView.navigationDelegate = delegate
        engine.eventLog = { [unowned self] in self.log.append($0) }
    }

    func route(_ url: String, status: Int = 200, setCookies: [String] = [], location: String? = nil) {
        network.routes[url] = RecordingNetwork.Route(status: status, setCookies: setCookies, location: location)
    }

    func settle(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try self.engine.runUntilIdle() }
    }

    func load(_ url: String, cookie: String? = nil, method: String = "GET", body: String? = nil, handlesCookies: Bool = true) {
        var request = WebRequest(url: URL(string: url)!, httpMethod: method, httpBody: body.map { Data($0.utf8) })
        request.httpShouldHandleCookies = handlesCookies
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        webView.load(request)
        settle()
    }

    func click(_ url: String) {
        webView.performLinkClick(to: URL(string: url)!)
        settle()
    }

    @discardableResult
    func fetch(_ url: String) -> Result<WebResponse, WebKitError>? {
        var result: Result<WebResponse, WebKitError>?
        webView.performSubresourceRequest(WebRequest(url: URL(string: url)!)) { result = $0 }
        settle()
        return result
    }

    func evaluate(_ script: String) -> (value: String?, error: WebKitError?) {
        var outcome: (String?, WebKitError?) = (nil, nil)
        webView.evaluateJavaScript(script) { value, error in outcome = (value as? String, error as? WebKitError) }
        settle()
        return outcome
    }

    var cookieStore: WKHTTPCookieStore { webView.configuration.websiteDataStore.httpCookieStore }

    /// The web view store's cookies, through `getAllCookies`.
    func storedCookies() -> [Cookie] {
        var cookies: [Cookie] = []
        cookieStore.getAllCookies { cookies = $0 }
        settle()
        return cookies
    }

    /// Kills the process and launches it again with a fresh web view on the same kind of store.
    func relaunch(nonPersistent: Bool = false) {
        engine.terminateApp()
        context = WKContext(engine: engine)
        let configuration = WKWebViewConfiguration(context: context)
        if nonPersistent { configuration.websiteDataStore = context.nonPersistentDataStore() }
        webView = WKWebView(configuration: configuration)
        webView.navigationDelegate = delegate
    }

    func cookie(_ name: String, _ value: String, domain: String, path: String = "/", expires: Date? = nil, httpOnly: Bool = false,
                secure: Bool = false) -> Cookie {
        Cookie.make(name: name, value: value, domain: domain, path: path, expires: expires, isSecure: secure, isHTTPOnly: httpOnly, now: clock.now)
    }
}
