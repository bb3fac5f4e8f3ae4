import CookieModel
import Foundation
import HTTPModel

extension SimulatedWebKit {
    /// One main-frame navigation, hop by hop.
    final class Navigation {
        let handle: Int
        unowned let webView: WebView
        /// The request of the current hop (the first request, then each redirect target).
        var request: WebRequest
        /// The URL of every hop so far, the current one last (the request's URL list, RFC 6265bis §5.2).
        var urlList: [URL]
        let type: WKNavigationType
        /// The page that started the navigation (a link), nil for a load by the app.
        let initiator: URL?
        /// Rule 2: the app's own `Cookie` header on the `load(_:)` request.
        let manualCookie: String?
        /// Rule 11.
        let handlesCookies: Bool
        /// For a back/forward navigation: the history item it goes to.
        var historyIndex: Int?
        var hops = 0
        /// The HTML the app gave (`loadHTMLString(_:baseURL:)`): the page is this document at the request's URL (the
        /// base URL, or about:blank), and no request goes out for it.
        var document: String?

        init(handle: Int, webView: WebView, request: WebRequest, type: WKNavigationType, initiator: URL?) {
            self.handle = handle
            self.webView = webView
            self.request = request
            self.urlList = [request.url]
            self.type = type
            self.initiator = initiator
            self.manualCookie = request.value(forHTTPHeaderField: "Cookie")
            self.handlesCookies = request.httpShouldHandleCookies
        }
    }

    public func load(_ request: WebRequest, inWebView handle: Int) -> Int {
        let navigation = makeHandle()
        guard let webView = webViews[handle] else {
            log("load ignored: web view #\(handle) belongs to a killed process")
            return navigation
        }
        start(Navigation(handle: navigation, webView: webView, request: request, type: .other, initiator: nil))
        return navigation
    }

    /// `loadHTMLString(_:baseURL:)`: the app's HTML becomes the page at `baseURL` (about:blank without one). Measured
    /// on WebKitGTK 2.50.6 (`webkit_web_view_load_html`, the same `loadData` path as Apple's): a navigation action
    /// for the base URL, no request and no response decision, then the page with the base URL's origin.
    public func loadHTML(_ html: String, baseURL: URL?, inWebView handle: Int) -> Int {
        let navigation = makeHandle()
        guard let webView = webViews[handle] else {
            log("loadHTMLString ignored: web view #\(handle) belongs to a killed process")
            return navigation
        }
        let page = Navigation(
            handle: navigation, webView: webView, request: WebRequest(url: baseURL ?? Self.aboutBlank), type: .other, initiator: nil)
        page.document = html
        start(page)
        return navigation
    }

    static let aboutBlank = URL(string: "about:blank")!

    /// A link click: no header the app set (rule 2), same-site or cross-site by the page's site.
    public func clickLink(to url: URL, inWebView handle: Int) {
        guard let webView = webViews[handle], let page = webView.page else {
            return log("link click to \(url) ignored: web view #\(handle) shows no page")
        }
        let navigation = Navigation(
            handle: makeHandle(), webView: webView, request: WebRequest(url: url), type: .linkActivated, initiator: page
        )
        start(navigation)
    }

    /// A `target="_blank"` link: Apple asks the navigation delegate about an action with no target frame, then
    /// (allowed) the UI delegate for a web view; the link's navigation runs in the web view it returns, or nowhere
    /// when it returns nil. In the new window the action is of type `.other` (measured on WebKitGTK 2.50.6:
    /// `NewWindowTests`; WebCore's `continueLoadAfterNewWindowPolicy` loads it so), its request started by the
    /// opener's page (same-site or not by that page's site, as a browser's new tab).
    public func clickLinkToNewWindow(_ url: URL, inWebView handle: Int) {
        guard let webView = webViews[handle], let page = webView.page else {
            return log("target=_blank link click to \(url) ignored: web view #\(handle) shows no page")
        }
        let action = WKNavigationAction(
            request: WebRequest(url: url), navigationType: .linkActivated, isRedirect: false, sourceURL: page,
            targetsNewWindow: true)
        let decision = makeHandle()
        log("web view #\(handle): a link asks for a new window to \(url) (action #\(decision))")
        schedule(after: 0) { [unowned self] in
            webView.client.decidePolicy(
                for: action, navigation: decision,
                decisionHandler: onceOnlyDecisionHandler(for: "action #\(decision)", log: { [unowned self] in log($0) }) {
                    [unowned self] policy in
                    schedule(after: 0) { [unowned self] in openNewWindow(for: action, from: webView, policy: policy) }
                })
        }
    }

    func openNewWindow(for action: WKNavigationAction, from opener: WebView, policy: WKNavigationActionPolicy) {
        guard webViews[opener.handle] === opener, let page = opener.page else { return }
        guard policy == .allow else { return log("new-window action to \(action.request.url) cancelled by the navigation-action policy") }
        guard let handle = opener.client.createWebView(for: action), let window = webViews[handle] else {
            return log("no new window for \(action.request.url): the UI delegate returned none made with its configuration")
        }
        start(Navigation(handle: makeHandle(), webView: window, request: action.request, type: .other, initiator: page))
    }

    /// A form the page submits: the page's navigation (no header the app set), with its method and body; the
    /// action the delegate sees may lack the body (rule 12), the request on the wire keeps it. A GET form's fields
    /// go in the query of its action URL instead (``HTMLFormSubmission``), as on the real engine.
    public func submitForm(_ request: WebRequest, inWebView handle: Int) -> Int? {
        guard let webView = webViews[handle], let page = webView.page else {
            log("form submission to \(request.url) ignored: web view #\(handle) shows no page")
            return nil
        }
        var form = WebRequest(url: request.url, httpMethod: request.httpMethod, httpBody: request.httpBody)
        if request.httpMethod.uppercased() == "GET", let body = request.httpBody,
           let url = URL(string: HTMLFormSubmission.getURL(action: request.url.absoluteString, fields: String(decoding: body, as: UTF8.self)))
        {
            form = WebRequest(url: url, httpMethod: "GET")
        }
        let navigation = Navigation(handle: makeHandle(), webView: webView, request: form, type: .formSubmitted, initiator: page)
        start(navigation)
        return navigation.handle
    }

    /// Back/forward: the history item is loaded again from the network (no page cache), as a navigation of type
    /// `.backForward` without any header the app set (rule 2); the list moves when the page commits. An item of
    /// the current document (its own `pushState`) is a traversal within it instead (``traverseWithinDocument``).
    public func goInHistory(by offset: Int, inWebView handle: Int) -> Int? {
        guard let webView = webViews[handle], webView.history.indices.contains(webView.historyIndex + offset) else {
            log("\(offset < 0 ? "goBack" : "goForward"): web view #\(handle) has no history item that way")
            return nil
        }
        let index = webView.historyIndex + offset
        if webView.history[index].document == webView.history[webView.historyIndex].document {
            return traverseWithinDocument(to: index, in: webView)
        }
        let navigation = Navigation(
            handle: makeHandle(), webView: webView, request: WebRequest(url: webView.history[index].url), type: .backForward,
            initiator: nil)
        navigation.historyIndex = index
        start(navigation)
        return navigation.handle
    }

    func isCurrent(_ navigation: Navigation) -> Bool {
        webViews[navigation.webView.handle] === navigation.webView && navigation.webView.navigation === navigation
    }

    func start(_ navigation: Navigation) {
        let webView = navigation.webView
        if let previous = webView.navigation {
            webView.navigation = nil
            log("navigation #\(previous.handle) cancelled: navigation #\(navigation.handle) replaces it")
            schedule(after: 0) {
                webView.client.navigation(
                    previous.handle, didChange: .failedProvisional(WebKitError(.cancelled, "cancelled by a newer load")))
            }
        }
        webView.navigation = navigation
        let unlanded = inFlight(on: webView.store)
        if !unlanded.isEmpty {
            log("navigation #\(navigation.handle) starts while \(unlanded.count) cookie-store call(s) of its data store are in flight: "
                + unlanded.map { "\($0.what), sent \(String(format: "%.3f", clock.now.timeIntervalSince($0.since))) s before" }
                    .joined(separator: "; "))
        }
        wake(webView.store)
        let manual = navigation.manualCookie.map { " with the app's Cookie header '\($0)'" } ?? ""
        log(
            "navigation #\(navigation.handle) (\(navigation.type.rawValue)) starts in web view #\(webView.handle): "
                + "\(navigation.request.httpMethod) \(navigation.request.url)\(manual)"
                + (navigation.handlesCookies ? "" : ", httpShouldHandleCookies=false")
        )
        schedule(after: 0) { [unowned self] in decideAction(navigation) }
    }

    /// Rule 4: the delegate decides on the first request and on every redirect hop. Rule 12: the request it sees
    /// may have lost a POST body.
    func decideAction(_ navigation: Navigation) {
        guard isCurrent(navigation) else { return }
        var shown = navigation.request
        if !profile.navigationActionCarriesBody, shown.httpBody != nil { shown.httpBody = nil }
        let action = WKNavigationAction(
            request: shown, navigationType: navigation.hops == 0 ? navigation.type : .other, isRedirect: navigation.hops > 0,
            sourceURL: navigation.initiator
        )
        navigation.webView.client.decidePolicy(
            for: action, navigation: navigation.handle,
            decisionHandler: onceOnlyDecisionHandler(for: "navigation #\(navigation.handle)", log: { [unowned self] in log($0) }) {
                [unowned self] policy in
                schedule(after: 0) { [unowned self] in actionDecided(navigation, policy) }
            })
    }

    func actionDecided(_ navigation: Navigation, _ policy: WKNavigationActionPolicy) {
        guard isCurrent(navigation) else { return }
        switch policy {
        case .cancel:
            navigation.webView.navigation = nil
            log("navigation #\(navigation.handle) cancelled by the navigation-action policy (no further callback)")
        case .allow:
            navigation.webView.client.navigation(
                navigation.handle, didChange: navigation.hops == 0 ? .startedProvisional : .receivedServerRedirect)
            sendNavigationHop(navigation)
        }
    }

    /// Rules 2, 3, 8, 11: one hop on the wire.
    func sendNavigationHop(_ navigation: Navigation) {
        let store = navigation.webView.store
        afterPendingWrites(store) { [unowned self] in
            guard isCurrent(navigation) else { return }
            let url = navigation.request.url
            if let scheme = url.scheme?.lowercased(), navigation.webView.client.urlSchemes.contains(scheme) {
                return schemeNavigationHop(navigation)
            }
            if navigation.document != nil || Self.isLocalDocument(url) { return localDocumentHop(navigation) }
            guard let cookieURL = CookieURL(string: url.absoluteString), let wireURL = HTTPURL(url.absoluteString) else {
                return fail(navigation, WebKitError(.cannotFindHost, "not an http(s) URL: \(url)"))
            }
            let context = httpContext(
                for: url, initiator: navigation.initiator, urlList: navigation.urlList, topLevel: true,
                method: navigation.request.httpMethod)
            if context.isCrossSiteRedirect {
                log("hop \(navigation.hops) to \(url.host ?? ""): the redirect chain passed through another site, cross-site for SameSite (\(profile.name))")
            }
            var fields = navigation.request.headerFields.removing("Cookie")
            var cookie: String?
            if let manual = navigation.manualCookie, profile.manualCookieHeader == .sentOnEveryHop {
                // Rule 2: the app's header, as given, on every hop — whatever the store holds for this host.
                cookie = manual
                if navigation.hops > 0 {
                    log("hop \(navigation.hops) to \(url.host ?? ""): the app's Cookie header is sent again as given (rule 2)")
                }
            } else {
                if navigation.handlesCookies {
                    cookie = store.jar.cookieHeader(for: cookieURL, context: context)
                } else {
                    log("httpShouldHandleCookies=false: no store cookies on \(url) (rule 11)")
                }
                if let manual = navigation.manualCookie {
                    log("the app's Cookie header '\(manual)' is replaced by the store's cookies (\(profile.name) network layer)")
                }
            }
            if let cookie { fields.append(HTTPHeaderField(name: "Cookie", value: cookie)) }
            let request = HTTPRequest(url: wireURL, method: navigation.request.httpMethod, headers: fields, body: navigation.request.bodyText)
            noteWritesInFlight(on: store, sending: "\(request.method) \(url) (navigation #\(navigation.handle))")
            guard let response = network.send(request, for: .navigation) else {
                return fail(navigation, WebKitError(.cannotFindHost, "no server answers for \(url.host ?? "") (requested \(url))"))
            }
            if navigation.handlesCookies {
                self.store(setCookies: response.setCookies, delays: response.setCookieDelays, from: url, context: context, in: store, thirdParty: false)
            }
            if response.isRedirect {
                followRedirect(navigation, response)
            } else {
                decideResponse(navigation, response)
            }
        }
    }

    /// A page on the app's own scheme (`WKURLSchemeHandler`): the handler answers the navigation, with no cookie
    /// either way (the scheme is not HTTP); measured on WebKitGTK 2.50.6 (Suites/app-scheme/app-scheme.xml): the
    /// request gets the action and the response decisions of any page, and no `Set-Cookie` of its answer is kept.
    func schemeNavigationHop(_ navigation: Navigation) {
        let request = WebRequest(url: navigation.request.url, httpMethod: "GET", headerFields: [])
        log("navigation #\(navigation.handle): the app's scheme handler answers \(request.url) (no cookies)")
        let started = navigation.webView.client.startURLSchemeTask(request) { [unowned self] result in
            schedule(after: 0) { [unowned self] in
                guard isCurrent(navigation) else { return }
                switch result {
                case .failure(let error): fail(navigation, error)
                case .success(let (response, body)):
                    let fields = response.headerFields.removing("Set-Cookie")
                    decideResponse(navigation, HTTPResponse(
                        status: response.statusCode, headers: fields, body: String(decoding: body, as: UTF8.self)))
                }
            }
        }
        if !started { fail(navigation, WebKitError(.cannotFindHost, "no handler for \(request.url)")) }
    }

    /// Whether a top-level `url` is a document WebKit makes itself, with no request: about: and data: URLs.
    static func isLocalDocument(_ url: URL) -> Bool { ["about", "data"].contains(url.scheme?.lowercased() ?? "") }

    /// A document no request fetches (the app's HTML, about:blank, a data: URL): no cookie goes or is kept. Measured on
    /// WebKitGTK 2.50.6 (Suites/documents): a data: URL gets a response decision, about:blank and the app's HTML none.
    func localDocumentHop(_ navigation: Navigation) {
        let url = navigation.request.url
        log("navigation #\(navigation.handle): \(navigation.document == nil ? "WebKit makes" : "the app gives") the document at \(url) (no request)")
        guard navigation.document == nil, url.scheme?.lowercased() == "data" else {
            schedule(after: 0) { [unowned self] in
                guard isCurrent(navigation) else { return }
                commit(navigation, url)
            }
            return
        }
        decideResponse(navigation, HTTPResponse(status: 200, headers: [HTTPHeaderField(name: "Content-Type", value: "text/html")], body: ""))
    }

    /// Rule 3 holds already (cookies stored); the next hop keeps the request's header fields (so rule 2's manual
    /// header travels) and changes method and body as HTTP says.
    func followRedirect(_ navigation: Navigation, _ response: HTTPResponse) {
        navigation.hops += 1
        guard navigation.hops <= HTTPRedirect.limit else {
            return fail(navigation, WebKitError(.tooManyRedirects, "more than \(HTTPRedirect.limit) redirects starting at \(navigation.request.url)"))
        }
        guard let location = response.location,
              let target = HTTPRedirect.target(of: location, from: navigation.request.url),
              ["http", "https"].contains(target.scheme?.lowercased() ?? "")
        else {
            return fail(navigation, WebKitError(.cannotFindHost, "invalid Location '\(response.location ?? "")' from \(navigation.request.url)"))
        }
        navigation.request = navigation.request.following(redirect: response.status, to: target)
        navigation.urlList.append(target)
        schedule(after: 0) { [unowned self] in decideAction(navigation) }
    }

    /// Rule 4: only the final, non-3xx response reaches `decidePolicyFor navigationResponse`; its header dictionary
    /// folds repeated fields (rule 5), and holds no `Set-Cookie` where the profile says so.
    func decideResponse(_ navigation: Navigation, _ response: HTTPResponse) {
        let url = navigation.request.url
        let fields = profile.responseShowsSetCookie ? response.headers : response.headers.removing("Set-Cookie")
        let shown = WebResponse(url: url, statusCode: response.status, headerFields: fields)
        schedule(after: 0) { [unowned self] in
            guard isCurrent(navigation) else { return }
            let decided = onceOnlyDecisionHandler(for: "navigation #\(navigation.handle)", log: { [unowned self] in log($0) }) {
                [unowned self] (policy: WKNavigationResponsePolicy) in
                schedule(after: 0) { [unowned self] in
                    guard isCurrent(navigation) else { return }
                    switch policy {
                    case .allow where response.hasNoDocument:
                        // No document to show (HTML: the navigation is abandoned): the page stays, the answer's
                        // cookies were kept; measured as WebKitGTK reports it (explored.no-content-answer-keeps-the-page).
                        fail(navigation, WebKitError(.cancelled, "Frame load interrupted: a \(response.status) answer has no document"))
                    case .allow: commit(navigation, url)
                    case .cancel:
                        fail(navigation, WebKitError(.frameLoadInterruptedByPolicyChange, "frame load interrupted: the response policy cancelled \(url)"))
                    }
                }
            }
            navigation.webView.client.decidePolicy(
                for: WKNavigationResponse(response: shown), navigation: navigation.handle, decisionHandler: decided)
        }
    }

    /// The history item a navigation to the URL its page already shows replaces (HTML's navigate: a URL equal to
    /// the document's URL is a "replace"; WebKit's `FrameLoadType::Same`), measured on WebKitGTK 2.50.6 for an app
    /// load and a link (`explored.*-of-the-shown-url-replaces-its-history-item`, found by `explore`): going back
    /// afterwards finds no item. A form's submission and the app's HTML are left as they were (not measured).
    func indexReplaced(by navigation: Navigation) -> Int? {
        let webView = navigation.webView
        guard navigation.type != .formSubmitted, navigation.document == nil,
              webView.history.indices.contains(webView.historyIndex),
              webView.history[webView.historyIndex].url == navigation.urlList.first else { return nil }
        return webView.historyIndex
    }

    /// Rule 6: the page commits, then its document-start user scripts run (after the response arrived, so what
    /// they write never reaches this page's own request), then document-end scripts, then `didFinish`.
    func commit(_ navigation: Navigation, _ url: URL) {
        let webView = navigation.webView
        webView.page = url
        webView.javaScript = nil
        webView.fastPathGlobals = [:]
        // A committed page is a new document: the item it loads (or replaces) is its own.
        let item = HistoryItem(url: url, document: navigation.handle)
        if let index = navigation.historyIndex ?? indexReplaced(by: navigation), webView.history.indices.contains(index) {
            webView.history[index] = item
            webView.historyIndex = index
        } else {
            // A new page: it follows the current item, and the items ahead of it are dropped.
            webView.history.removeSubrange((webView.historyIndex + 1)...)
            webView.history.append(item)
            webView.historyIndex = webView.history.count - 1
        }
        log("navigation #\(navigation.handle) committed: \(url)")
        webView.client.navigation(navigation.handle, didChange: .committed)
        // The page's scripts reach the store after what the app sent it before the commit, where the profile says so.
        let scripts = { [unowned self] in
            guard webView.page == url else { return }
            runUserScripts(.atDocumentStart, in: webView)
            if let document = navigation.document { runPageScripts(of: document, in: webView) }
            runUserScripts(.atDocumentEnd, in: webView)
            guard webView.navigation === navigation else { return }
            webView.navigation = nil
            webView.client.navigation(navigation.handle, didChange: .finished)
        }
        profile.pageScriptsAfterStoreOperations ? afterPendingWrites(webView.store, waiting: "the page's scripts", scripts) : scripts()
    }

    func fail(_ navigation: Navigation, _ error: WebKitError) {
        navigation.webView.navigation = nil
        log("navigation #\(navigation.handle) failed: \(error)")
        navigation.webView.client.navigation(navigation.handle, didChange: .failedProvisional(error))
    }

    /// The inline `<script>` elements of a document the app gave, in order, as the page parses them.
    func runPageScripts(of document: String, in webView: WebView) {
        for source in HTMLInlineScripts.sources(in: document) {
            do {
                _ = try evaluate(source, in: webView)
                log("the page's script ran in \(webView.page?.absoluteString ?? "about:blank")")
            } catch {
                log("the page's script threw: \(error)")
            }
        }
    }

    func runUserScripts(_ time: WKUserScriptInjectionTime, in webView: WebView) {
        for script in webView.client.userScripts where script.injectionTime == time {
            do {
                _ = try evaluate(script.source, in: webView)
                log("user script (\(time.rawValue)) ran in \(webView.page?.absoluteString ?? "about:blank")")
            } catch {
                log("user script (\(time.rawValue)) threw: \(error)")
            }
        }
    }
}
