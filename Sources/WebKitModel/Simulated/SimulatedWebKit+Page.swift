import CookieModel
import Foundation
import HTTPModel

extension SimulatedWebKit {
    /// The script runs when the run loop turns; its completion follows at once, unless the script posted messages:
    /// those are sent while the script runs, so they reach the app first (then the completion, in one more turn).
    public func evaluateJavaScript(
        _ source: String, inWebView handle: Int, completion: @escaping (Result<String?, WebKitError>) -> Void
    ) {
        guard let webView = webViews[handle] else {
            return log("evaluateJavaScript ignored: web view #\(handle) belongs to a killed process")
        }
        schedule(after: 0) { [unowned self] in
            let posted = webView.postedMessages
            let result: Result<String?, WebKitError>
            do throws(WebKitError) {
                result = .success(try evaluate(source, in: webView))
            } catch {
                log("evaluateJavaScript failed: \(error)")
                result = .failure(error)
            }
            if webView.postedMessages == posted { return completion(result) }
            schedule(after: 0) { completion(result) }
        }
    }

    /// Runs `source` in the page: through the fast path (``JavaScriptEvaluator``) while the page has no
    /// JavaScriptCore context and the script is in its grammar, else in the page's context (made now if needed).
    func evaluate(_ source: String, in webView: WebView) throws(WebKitError) -> String? {
        if webView.javaScript == nil, JavaScriptEvaluator.canRun(source) {
            let evaluator = JavaScriptEvaluator(
                readCookie: { [unowned self] in documentCookie(in: webView) },
                writeCookie: { [unowned self] in writeDocumentCookie($0, in: webView) },
                bindNames: { webView.fastPathGlobals[$0] = $1 }
            )
            return try evaluator.evaluate(source)
        }
        return try pageJavaScript(of: webView).evaluate(source)
    }

    /// The page's JavaScriptCore context, made at the first script that needs one.
    func pageJavaScript(of webView: WebView) -> PageJavaScript {
        if let context = webView.javaScript { return context }
        let page = webView.page
        // The web view owns its context: the host's closures hold it weakly, or the two keep each other (and the
        // JavaScriptCore VM, some hundred kilobytes) alive after the scenario.
        let host = PageJavaScript.Host(
            readCookie: { [unowned self, weak webView] in webView.map { documentCookie(in: $0) } ?? "" },
            writeCookie: { [unowned self, weak webView] value in webView.map { writeDocumentCookie(value, in: $0) } },
            url: page,
            now: { [unowned self] in clock.now },
            messageHandlerNames: { [weak webView] in webView?.client.scriptMessageHandlerNames ?? [] },
            postMessage: { [unowned self, weak webView] name, json in
                webView.map { postMessage(json, to: name, from: page, in: $0) }
            },
            prompt: { [unowned self, weak webView] message, defaultText in
                webView.flatMap { prompt(message, defaultText: defaultText, from: page, in: $0) }
            },
            log: { [unowned self] in log("console.log in \(page?.absoluteString ?? "about:blank"): \($0)") },
            fetch: { [unowned self, weak webView] call, settle in
                guard let webView else { return }
                scriptFetch(call, from: page, in: webView, settle: settle)
            },
            // A timer with a delay waits for the scenario's clock to reach it (as the platform's own timers do):
            // a page's timer never moves the clock.
            setTimer: { [unowned self] delay, fire in _ = schedule(at: clock.now.addingTimeInterval(delay), waitsForClock: delay > 0, fire) },
            navigate: { [unowned self, weak webView] url, how in
                webView.map { navigateFromScript(to: url, how: how, from: page, in: $0) }
            },
            changeURL: { [unowned self, weak webView] url, replace in
                webView.map { changeURLFromScript(to: url, replace: replace, in: $0) }
            },
            openWindow: { [unowned self, weak webView] url in webView.map { openWindowFromScript(url, from: page, in: $0) } }
        )
        let context = PageJavaScript(host: host, globals: webView.fastPathGlobals)
        webView.javaScript = context
        log("a JavaScriptCore context for \(page?.absoluteString ?? "about:blank") in web view #\(webView.handle)")
        return context
    }

    /// `window.webkit.messageHandlers[name].postMessage(body)`: the body converted as `WKScriptMessage.body` is
    /// (from its JSON), delivered to the app asynchronously, after the posting script returned.
    func postMessage(_ json: String?, to name: String, from page: URL?, in webView: WebView) {
        let body = WKScriptMessage.body(fromJSON: json)
        webView.postedMessages += 1
        log("the page posted a message to '\(name)': \(json ?? "null")")
        schedule(after: 0) { webView.client.didReceiveScriptMessage(name: name, body: body, pageURL: page) }
    }

    /// `prompt()`: the page's script waits for the app's answer while the app's run loop turns (the app may answer
    /// later on the main queue); null without a UI delegate, or when the app never answers.
    func prompt(_ message: String, defaultText: String?, from page: URL?, in webView: WebView) -> String? {
        var answer: String??
        let asked = webView.client.runTextInputPanel(prompt: message, defaultText: defaultText, pageURL: page) { text in
            if answer == nil { answer = .some(text) }
        }
        guard asked else {
            log("prompt('\(message.prefix(80))'): no UI delegate, null")
            return nil
        }
        var turns = 0
        while answer == nil, (try? runNext(turn: &turns)) == true {}
        guard let answer else {
            log("prompt('\(message.prefix(80))'): the app never called the completion handler, null")
            return nil
        }
        log("prompt('\(message.prefix(80))'): the app answered \(answer.map { "'\($0.prefix(80))'" } ?? "null")")
        return answer
    }

    /// HTML's cookie-averse document: one whose URL is not http(s) (a page on the app's own scheme, about:blank, a
    /// data: URL) reads "" and writes nothing through `document.cookie`; measured on WebKitGTK 2.50.6
    /// (Suites/app-scheme/app-scheme.xml; Suites/documents/documents.xml: no exception for a data: document either),
    /// reported on iOS for ionic:// pages (ionic-team/cordova-plugin-ionic-webview issue 312).
    static func isCookieAverse(_ page: URL) -> Bool {
        !["http", "https"].contains(page.scheme?.lowercased() ?? "")
    }

    /// Rule 7: pairs that match the page URL (host, path, Secure only on https), no HttpOnly, no attributes. A
    /// top-level document is same-site with itself. On a profile with a script-write cache, a read caches the host
    /// and what the cache kept is read back too (``ScriptCookieCache``).
    func documentCookie(in webView: WebView) -> String {
        guard let page = webView.page, !Self.isCookieAverse(page), let url = CookieURL(string: page.absoluteString) else { return "" }
        guard profile.scriptWriteCache else { return webView.store.jar.readDocumentCookie(for: url, isSameSite: true) }
        let cache = webView.scriptCookieCache ?? ScriptCookieCache(jar: Self.makeJar(profile: profile, clock: clock))
        webView.scriptCookieCache = cache
        cache.noteRead(of: url)
        return cache.documentCookie(from: webView.store.jar, for: url)
    }

    /// Rule 6: the jar's non-HTTP API refuses HttpOnly cookies, overwriting an HttpOnly cookie, and domains the
    /// page's host does not domain-match.
    func writeDocumentCookie(_ value: String, in webView: WebView) {
        guard let page = webView.page, let url = CookieURL(string: page.absoluteString) else {
            return log("document.cookie = '\(value)' ignored: blank page")
        }
        if Self.isCookieAverse(page) {
            return log("document.cookie = '\(value)' ignored: \(page) is not an http(s) document (cookie-averse)")
        }
        let outcome = webView.store.jar.setDocumentCookie(value, documentURL: url, isSameSite: true)
        log("document.cookie = '\(value)' in \(page): \(describe(outcome))")
        if case .rejected(let refusal) = outcome,
           webView.scriptCookieCache?.keepRefusedWrite(value, documentURL: url, refusal: refusal) == true
        {
            log("document.cookie = '\(value)' kept in web view #\(webView.handle)'s cookie cache: its pages read it back")
        }
        didChange(webView.store, after: outcome)
    }

    /// A subresource of the current page: no delegate call (rule 4), no manual Cookie header (rule 2; `Cookie` is
    /// a forbidden header name for page scripts), third-party policy and SameSite by the page's site (rule 12);
    /// credentials and CORS by `kind`.
    public func requestSubresource(
        _ request: WebRequest, kind: SubresourceKind, inWebView handle: Int,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        guard let webView = webViews[handle] else {
            return log("subresource request ignored: web view #\(handle) belongs to a killed process")
        }
        schedule(after: 0) { [unowned self] in
            // The page's script makes this request: a script that replaced window.fetch (a bridge) gets it.
            // An image is the engine's own load: no script sees it.
            if case .fetch(let credentials, let mode) = kind, let page = webView.javaScript, page.fetchIsPatched {
                log("the page's fetch of \(request.url) goes through the window.fetch a script put in place")
                return page.callRequest(
                    kind: "fetch", url: request.url.absoluteString,
                    initJSON: Self.fetchInit(of: request, credentials: credentials.rawValue, mode: mode.rawValue),
                    completion: completion)
            }
            if case .xhr(let withCredentials) = kind, let page = webView.javaScript, page.xhrIsPatched {
                log("the page's XMLHttpRequest to \(request.url) goes through the XMLHttpRequest a script patched")
                return page.callRequest(
                    kind: "xhr", url: request.url.absoluteString,
                    initJSON: Self.fetchInit(of: request, credentials: withCredentials ? "include" : "same-origin", mode: "cors"),
                    completion: completion)
            }
            if kind != .fetch() { log("the page requests \(request.httpMethod) \(request.url) as \(kind.summary)") }
            if kind == .iframe { return loadFrame(request, in: webView, completion: completion) }
            if kind == .beacon { return sendBeacon(request, in: webView, completion: completion) }
            engineFetch(request, kind: kind, in: webView, completion: completion)
        }
    }

    /// `navigator.sendBeacon`: the page learns only whether the request was queued — refused when its URL is mixed
    /// content — and the request goes out afterwards, following its redirects, whatever becomes of them (Beacon;
    /// measured on WebKitGTK 2.50.6, Chromium and Firefox by Suites/subresource/request-kinds.xml).
    func sendBeacon(_ request: WebRequest, in webView: WebView, completion: @escaping (Result<WebResponse, WebKitError>) -> Void) {
        if let page = webView.page, Self.isMixedContent(request.url, from: page) {
            log("mixed content: sendBeacon refuses \(request.url) from \(page)")
            return completion(.failure(WebKitError(.cannotFindHost, "sendBeacon refused \(request.url)")))
        }
        completion(.success(WebResponse(url: request.url, statusCode: 0, headerFields: [])))
        engineFetch(request, kind: .beacon, in: webView) { [unowned self] outcome in
            if case .failure(let error) = outcome { log("the beacon to \(request.url) ended without an answer: \(error.message)") }
        }
    }

    /// The harness's subresource as the page's `fetch(url, init)` arguments: what the real engine's driver passes.
    static func fetchInit(of request: WebRequest, credentials: String, mode: String) -> String {
        var fields: [String: Any] = [
            "method": request.httpMethod, "credentials": credentials, "mode": mode,
            "headers": request.headerFields.map { [$0.name, $0.value] },
        ]
        if let body = request.bodyText, !["GET", "HEAD"].contains(request.httpMethod.uppercased()) { fields["body"] = body }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The engine's own fetch: rules 2, 4 and 12, every hop.
    func engineFetch(
        _ request: WebRequest, kind: SubresourceKind = .fetch(), in webView: WebView,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        if request.value(forHTTPHeaderField: "Cookie") != nil {
            log("the page's Cookie header on \(request.url) is dropped (forbidden header name)")
        }
        fetchHop(request, kind: kind, urlList: [request.url], in: webView, completion: completion)
    }


    /// A page script's `fetch()`: `credentials` decides whether cookies go and are kept (the Fetch standard:
    /// `same-origin` only for the page's origin).
    func scriptFetch(
        _ call: PageJavaScript.FetchCall, from page: URL?, in webView: WebView,
        settle: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        if let url = URL(string: call.url), let scheme = url.scheme?.lowercased(), webView.client.urlSchemes.contains(scheme) {
            schedule(after: 0) { [unowned self] in schemeFetch(call, url: url, from: page, in: webView, settle: settle) }
            return
        }
        guard let url = URL(string: call.url), HTTPURL(call.url) != nil else {
            return settle(.failure(WebKitError(.cannotFindHost, "not an http(s) URL: \(call.url)")))
        }
        // fetch()'s defaults: credentials same-origin, mode cors; a mode other than cors is checked as no-cors is.
        let kind = SubresourceKind.fetch(
            credentials: FetchCredentials(rawValue: call.credentials) ?? .sameOrigin,
            mode: call.mode.map { $0 == "cors" ? .cors : .noCors } ?? .cors)
        let request = WebRequest(
            url: url, httpMethod: call.method,
            headerFields: call.headers.compactMap { $0.count == 2 ? HTTPHeaderField(name: $0[0], value: $0[1]) : nil },
            httpBody: call.body.map { Data($0.utf8) })
        log("a script fetches \(call.method) \(url) (credentials \(call.credentials), mode \(call.mode ?? "cors"))")
        schedule(after: 0) { [unowned self] in engineFetch(request, kind: kind, in: webView, completion: settle) }
    }

    /// A page script's `fetch()` of a scheme the app answers (`WKURLSchemeHandler`), measured on WebKitGTK 2.50.6
    /// (`LiveSchemeHandlerTests`; assumed the same on iOS): from an https page it is mixed content and blocked before
    /// the handler sees it; otherwise the handler gets it, with no cookie (the scheme is not HTTP), and a `no-cors`
    /// fetch resolves with an opaque response, a `cors` one only when the answer allows the page's origin (with
    /// credentials: exactly, not `*`).
    func schemeFetch(
        _ call: PageJavaScript.FetchCall, url: URL, from page: URL?, in webView: WebView,
        settle: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        if page?.scheme?.lowercased() == "https" {
            log("a script's fetch of \(url) from \(page?.absoluteString ?? "") is blocked: mixed content (the app's scheme is not secure)")
            return settle(.failure(WebKitError(.cannotFindHost, "Load failed")))
        }
        let request = WebRequest(
            url: url, httpMethod: call.method,
            headerFields: call.headers.compactMap { $0.count == 2 ? HTTPHeaderField(name: $0[0], value: $0[1]) : nil },
            // No Cookie field (WebKit keeps no cookies for a scheme that is not HTTP); the flag follows the fetch's
            // credentials mode where the profile says so (schemeTaskFollowsCredentials).
            httpBody: call.body.map { Data($0.utf8) },
            httpShouldHandleCookies: !profile.schemeTaskFollowsCredentials || call.credentials == "include")
        log("a script fetches \(call.method) \(url) from the app's scheme handler (no cookies)")
        let origin = page.flatMap { HTTPURL($0.absoluteString) }?.origin ?? "null"
        let started = webView.client.startURLSchemeTask(request) { [unowned self] result in
            switch result {
            case .failure(let error):
                settle(.failure(error))
            case .success(let (response, _)) where call.mode == "no-cors":
                settle(.success(WebResponse(url: response.url, statusCode: 0, headerFields: [])))
            case .success(let (response, _)):
                let allowed = response.value(forHTTPHeaderField: "Access-Control-Allow-Origin")
                guard allowed == origin || (allowed == "*" && call.credentials != "include") else {
                    log("the scheme handler's answer to \(url) does not allow \(origin): CORS failure")
                    return settle(.failure(WebKitError(.cannotFindHost, "Load failed")))
                }
                settle(.success(response))
            }
        }
        if !started { settle(.failure(WebKitError(.cannotFindHost, "no handler for \(url)"))) }
    }

    /// One hop of a subresource request; `urlList` holds every hop's URL so far, this one's last.
    func fetchHop(
        _ request: WebRequest, kind: SubresourceKind, urlList: [URL], in webView: WebView,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        guard let page = webView.page else {
            return completion(.failure(WebKitError(.cannotFindHost, "no page to load \(request.url) from")))
        }
        var request = request
        var urlList = urlList
        if Self.isMixedContent(request.url, from: page) {
            // Mixed Content (measured on WebKitGTK 2.50.6, Suites/subresource/mixed-content.xml): an image is
            // upgraded where the profile says so; any other subresource is blocked before it leaves.
            guard kind.isUpgradeableMixedContent else {
                log("mixed content: \(kind.summary) of \(request.url) from \(page) is blocked before it leaves")
                return completion(.failure(WebKitError(.cannotFindHost, "Load failed")))
            }
            if profile.mixedContentImages == .upgraded, let upgraded = Self.upgradedToHTTPS(request.url) {
                log("mixed content: the image \(request.url) is asked for over https (upgraded)")
                request.url = upgraded
                urlList[urlList.count - 1] = upgraded
            }
        }
        afterPendingWrites(webView.store) { [unowned self] in
            let url = request.url
            let response: HTTPResponse
            switch sendSubresourceHop(request, kind: kind, urlList: urlList, from: page, in: webView) {
            case .failure(let error): return completion(.failure(error))
            case .success(let answer): response = answer
            }
            // The CORS check comes after the answer's cookies were kept, on every answer: a redirect's before it is
            // followed (Fetch, "HTTP fetch"; measured: explored.xhr-cross-origin-redirect-without-cors-fails).
            let pageURL = HTTPURL(page.absoluteString)
            guard let wireURL = HTTPURL(url.absoluteString), kind.allowsReading(response, of: wireURL, from: pageURL) else {
                let origin = pageURL?.origin ?? "null"
                log(response.isRedirect
                    ? "CORS: the redirect from \(url) does not allow \(origin); the XMLHttpRequest fails before following it"
                    : "CORS: \(url) does not allow \(origin) to read the answer; the XMLHttpRequest fails")
                return completion(.failure(WebKitError(.cannotFindHost, "Load failed")))
            }
            // A WebSocket handshake's 3xx fails it (Fetch), unless the profile follows it (measured on WebKitGTK).
            guard response.isRedirect, kind.followsRedirects || profile.webSocketFollowsRedirects else {
                guard kind.loads(response) else {
                    log("\(kind.summary) of \(url) does not load its \(response.status) answer")
                    return completion(.failure(WebKitError(.cannotFindHost, "Load failed")))
                }
                return completion(.success(WebResponse(url: url, statusCode: response.status, headerFields: response.headers)))
            }
            switch nextHop(after: request, response, urlList: urlList) {
            case .failure(let error): completion(.failure(error))
            case .success(let next):
                schedule(after: 0) { [unowned self] in
                    fetchHop(next, kind: kind, urlList: urlList + [next.url], in: webView, completion: completion)
                }
            }
        }
    }

    /// Whether `url` is insecure content on `page` (``MixedContent``).
    static func isMixedContent(_ url: URL, from page: URL) -> Bool {
        guard let url = HTTPURL(url.absoluteString), let page = HTTPURL(page.absoluteString) else { return false }
        return MixedContent.isMixed(url, on: page)
    }

    /// `url` over https (``MixedContent/upgraded(_:)``).
    static func upgradedToHTTPS(_ url: URL) -> URL? {
        HTTPURL(url.absoluteString).flatMap { URL(string: MixedContent.upgraded($0).description) }
    }

    /// A subresource hop on the wire, from `page` (rules 2 and 12): cookies by the kind's credentials mode, the
    /// third-party policy and SameSite by the page's site; the answer's cookies kept the same way.
    func sendSubresourceHop(
        _ request: WebRequest, kind: SubresourceKind, urlList: [URL], from page: URL, in webView: WebView
    ) -> Result<HTTPResponse, WebKitError> {
        let url = request.url
        guard let cookieURL = CookieURL(string: url.absoluteString), let wireURL = HTTPURL(url.absoluteString) else {
            return .failure(WebKitError(.cannotFindHost, "not an http(s) URL: \(url)"))
        }
        // A page on the app's own scheme has no registrable domain: cross-site and third-party to every host, or a
        // first party to all of them where the profile says so (measured on WebKitGTK).
        let firstPartyToAll = profile.appSchemePagesAreFirstParty && !["http", "https"].contains(page.scheme?.lowercased() ?? "")
        let thirdParty = !firstPartyToAll && registrableDomain(of: page) != registrableDomain(of: url)
        var context = httpContext(for: url, initiator: page, urlList: urlList, topLevel: false, method: request.httpMethod)
        if firstPartyToAll, profile.sameSite.isEnforced { context.isSameSite = true }
        if context.isCrossSiteRedirect {
            log("subresource hop to \(url.host ?? ""): the redirect chain passed through another site, cross-site for SameSite (\(profile.name))")
        }
        var fields = request.headerFields.removing("Cookie")
        let pageURL = HTTPURL(page.absoluteString)
        // The kind's credentials mode, along every hop so far (Fetch: `same-origin` is tainted by another origin),
        // or by the first URL alone for a no-cors fetch where the profile says so (measured on WebKitGTK).
        let hops = urlList.compactMap { HTTPURL($0.absoluteString) }
        let decidingHops = profile.sameOriginCredentialsAtFirstURL && kind.isFetch && !kind.isCORS ? Array(hops.prefix(1)) : hops
        let credentials = request.httpShouldHandleCookies && kind.includesCredentials(along: decidingHops, from: pageURL)
        if request.httpShouldHandleCookies, !credentials {
            log("\(kind.summary) to \(url.host ?? "") from \(page.host ?? ""): cross-origin without credentials, no cookies sent or kept")
        }
        if credentials {
            if thirdParty, profile.thirdPartyCookies == .blocked {
                log("third-party request to \(url.host ?? "") from \(page.host ?? ""): no cookies sent (ITP)")
            } else if let cookie = webView.store.jar.cookieHeader(for: cookieURL, context: context) {
                fields.append(HTTPHeaderField(name: "Cookie", value: cookie))
            }
        }
        let wire = HTTPRequest(url: wireURL, method: request.httpMethod, headers: fields, body: request.bodyText)
        noteWritesInFlight(on: webView.store, sending: "\(wire.method) \(url) (\(kind.summary))")
        guard let response = network.send(wire, for: .subresource) else {
            return .failure(WebKitError(.cannotFindHost, "no server answers for \(url.host ?? "") (requested \(url))"))
        }
        if credentials {
            var keeping = httpContext(
                for: url, initiator: page, urlList: urlList, topLevel: false, method: request.httpMethod, storing: true)
            if firstPartyToAll, profile.sameSite.isEnforced { keeping.isSameSite = true }
            store(setCookies: response.setCookies, delays: response.setCookieDelays, from: url, context: keeping, in: webView.store, thirdParty: thirdParty)
        }
        return .success(response)
    }

    /// The request of the hop a 3xx `response` to `request` points to, or why there is none.
    func nextHop(after request: WebRequest, _ response: HTTPResponse, urlList: [URL]) -> Result<WebRequest, WebKitError> {
        let url = request.url
        guard urlList.count <= HTTPRedirect.limit else {
            return .failure(WebKitError(.tooManyRedirects, "more than \(HTTPRedirect.limit) redirects starting at \(url)"))
        }
        guard let location = response.location, let target = HTTPRedirect.target(of: location, from: url) else {
            return .failure(WebKitError(.cannotFindHost, "invalid Location from \(url)"))
        }
        return .success(request.following(redirect: response.status, to: target))
    }
}
