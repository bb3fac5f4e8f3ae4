import CookieModel
import Foundation
import HTTPModel

/// The UIWebView model: one cookie store serves the native side and the web view alike.
///
/// Any ``CookieStore`` becomes a full app this way, so every store runs every suite. A web view on a
/// non-persistent data store gets its own, empty store from `makeStore` (isolated, dropped on restart). After a
/// restart the app opens its web view again with the same options, on a blank page, as relaunched app code would.
/// A manual `Cookie` header on a load is sent as given on that first request only, instead of the store's cookies.
public final class SharedStoreApp: App {
    private let environment: AppEnvironment
    private let makeStore: () throws -> any CookieStore
    private let store: any CookieStore
    /// A web view: its options, its store and its back-forward list (final URLs) with the index of the current item.
    private struct WebView {
        var options: WebViewOptions
        var store: any CookieStore
        var history: [HTTPURL] = []
        var current = -1
    }
    private var webViews = OpenWebViews<WebView>()
    /// The status of the last request's final answer (a 204 or 205 navigation keeps the page).
    private var lastStatus = 200
    private var webView: WebView? { webViews.current }
    private var page: HTTPURL? {
        history.indices.contains(current) ? history[current] : nil
    }
    /// The current web view's back-forward list and current item (none: no web view is open).
    private var history: [HTTPURL] {
        get { webViews.current?.history ?? [] }
        set { webViews.current?.history = newValue }
    }
    private var current: Int {
        get { webViews.current?.current ?? -1 }
        set { webViews.current?.current = newValue }
    }

    public init(environment: AppEnvironment, makeStore: @escaping () throws -> any CookieStore) throws {
        self.environment = environment
        self.makeStore = makeStore
        self.store = try makeStore()
    }

    private var webViewStore: any CookieStore { webView?.store ?? store }

    // MARK: Native side

    public func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws {
        environment.transcript.record("• native store ← Set-Cookie: \(setCookie) (for \(url))")
        try store.receive(setCookie: setCookie, from: try cookieURL(url), context: .sameSiteNavigation)
    }

    public func nativeRequest(_ request: HTTPRequest) throws {
        try nativeRequest(request, handlesCookies: true)
    }

    public func nativeRequest(_ request: HTTPRequest, handlesCookies: Bool) throws {
        _ = try perform(request, channel: "native", store: store, initiator: nil, topLevel: true, handlesCookies: handlesCookies)
    }

    // MARK: Web view

    public func openWebView(_ options: WebViewOptions) throws {
        let webStore = options.dataStore == .nonPersistent ? try makeStore() : store
        webViews.open(WebView(options: options, store: webStore), options: options)
        environment.transcript.record(
            "• web view \(options.name.map { "'\($0)' " } ?? "")opened (data store: \(options.dataStore.rawValue))")
    }

    public func switchWebView(to name: String) throws {
        try webViews.switchTo(name)
        environment.transcript.record("• steps act on web view '\(name)' (\(page.map { "\($0)" } ?? "no page"))")
    }

    public func load(_ request: HTTPRequest, handlesCookies: Bool) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        let shown = request.method.uppercased() == "GET" ? request.url : nil
        try visit(try perform(request, channel: "web view", store: webViewStore, initiator: nil, topLevel: true, handlesCookies: handlesCookies),
                  requested: shown)
    }

    public func followLink(_ url: HTTPURL) throws {
        guard let current = page else { throw AppError.noPage("follow-link") }
        try visit(try perform(HTTPRequest(url: url), channel: "web view", store: webViewStore, initiator: current, topLevel: true, handlesCookies: true),
                  requested: url)
    }

    /// A browser opens the link in a new tab on the same store: the link's navigation, the new tab's page current
    /// from now on (with a history of its own).
    public func followLinkToNewWindow(_ url: HTTPURL) throws {
        guard let current = page else { throw AppError.noPage("follow-link") }
        let response = try perform(HTTPRequest(url: url), channel: "web view", store: webViewStore, initiator: current, topLevel: true, handlesCookies: true)
        clearHistory()
        try visit(response)
    }

    public func submitForm(_ request: HTTPRequest) throws {
        guard let current = page else { throw AppError.noPage("submit-form") }
        var request = request
        if request.method.uppercased() == "GET", let fields = request.body {
            guard let url = HTTPURL(HTMLFormSubmission.getURL(action: request.url.description, fields: fields)) else {
                throw AppError.unsupported("a GET form to \(request.url) with fields '\(fields)'")
            }
            request = HTTPRequest(url: url, method: "GET", headers: request.headers)
        }
        try visit(try perform(request, channel: "web view", store: webViewStore, initiator: current, topLevel: true, handlesCookies: true))
    }

    /// The previous history item is requested again (no page cache), with the store's cookies of now.
    public func goBack() throws {
        guard current > 0 else { throw StepFailure(.failed, "go-back: the web view has no page to go back to") }
        try revisit(current - 1)
    }

    public func goForward() throws {
        guard current + 1 < history.count else { throw StepFailure(.failed, "go-forward: the web view has no page to go forward to") }
        try revisit(current + 1)
    }

    private func revisit(_ index: Int) throws {
        environment.transcript.record("• web view: \(index < current ? "back" : "forward") to \(history[index])")
        current = index
        history[index] = try perform(
            HTTPRequest(url: history[index]), channel: "web view", store: webViewStore, initiator: nil, topLevel: true,
            handlesCookies: true)
        try runAppUserScripts()
    }

    /// A new page: it follows the current item, and the items ahead of it are dropped. A 204 or 205 answer has no
    /// document: the navigation is abandoned and the page stays (HTML; measured on WebKitGTK, the `explored` suite).
    /// A navigation `requested` for the URL the page shows replaces its item (HTML's navigate: a "replace";
    /// measured on WebKitGTK, `explored.*-of-the-shown-url-replaces-its-history-item`).
    private func visit(_ url: HTTPURL, requested: HTTPURL? = nil) throws {
        guard !HTTPResponse.hasNoDocument(lastStatus) else {
            environment.transcript.record("• web view: the \(lastStatus) answer of \(url) has no document; the page stays")
            return
        }
        if let requested, requested == page {
            environment.transcript.record("• web view: \(requested) is the page shown: its history item is replaced")
            history[current] = url
            return try runAppUserScripts()
        }
        history.removeSubrange((current + 1)...)
        history.append(url)
        current = history.count - 1
        try runAppUserScripts()
    }

    /// The app's own scripts run in each page the web view commits (at document start: after its request).
    private func runAppUserScripts() throws {
        for script in webView?.options.appUserScripts ?? [] {
            environment.transcript.record("• the app's user script runs")
            try runScript(script)
        }
    }

    public func addUserScript(_ script: String) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        webViews.current?.options.appUserScripts.append(script)
        environment.transcript.record("• app: its own user script added to the web view (runs in later pages)")
    }

    private func clearHistory() {
        history = []
        current = -1
    }

    public func fetch(_ request: HTTPRequest, as kind: SubresourceKind) throws {
        guard let current = page else { throw AppError.noPage("fetch") }
        var request = request
        // Mixed Content: an insecure image is asked for over https; any other insecure request, on any hop, is
        // blocked in `perform` before it leaves.
        if kind.isUpgradeableMixedContent, MixedContent.isMixed(request.url, on: current) {
            environment.transcript.record("• mixed content: the image \(request.url) is asked for over https (upgraded)")
            request.url = MixedContent.upgraded(request.url)
        }
        // sendBeacon: refused only when its URL is mixed content; what becomes of the request later is not the step's.
        if kind == .beacon {
            guard !MixedContent.isMixed(request.url, on: current) else {
                environment.transcript.record("• mixed content: sendBeacon refuses \(request.url) from \(current)")
                throw StepFailure(.failed, "sendBeacon refused \(request.url): mixed content on \(current)")
            }
            do {
                _ = try perform(request, channel: kind.name, store: webViewStore, initiator: current, topLevel: false, handlesCookies: true, subresource: kind)
            } catch let failure as StepFailure {
                environment.transcript.record("• the beacon to \(request.url) ended without an answer: \(failure.message)")
            }
            return
        }
        let url = try perform(
            request, channel: kind.name, store: webViewStore, initiator: current, topLevel: false,
            handlesCookies: true, subresource: kind)
        // HTML: a 204 or 205 answer abandons a frame's navigation as a page's: no document, no load event.
        if kind == .iframe, HTTPResponse.hasNoDocument(lastStatus) {
            environment.transcript.record("• web view: the frame's \(lastStatus) answer of \(url) has no document; the frame loads nothing")
            throw StepFailure(.failed, "the frame's answer from \(url) is \(lastStatus): no document to load")
        }
    }

    public func runScript(_ script: String) throws {
        guard let current = page else { throw AppError.noPage("run-script") }
        for value in try DocumentCookieScript.assignments(in: script) {
            environment.transcript.record("• script: document.cookie = \(value)")
            try webViewStore.writeDocumentCookie(value, documentURL: try cookieURL(current), isSameSite: true)
        }
    }

    public func documentCookie() throws -> String {
        guard let current = page else { throw AppError.noPage("document.cookie") }
        return try webViewStore.documentCookie(for: try cookieURL(current), isSameSite: true)
    }

    // MARK: Life cycle and inspection

    public func restart() throws {
        try store.restart()
        let closed = webViews.closeAll(\.options)
        for options in closed.options {
            webViews.open(WebView(options: options, store: options.dataStore == .nonPersistent ? try makeStore() : store), options: options)
        }
        try webViews.switchBack(to: closed)
        environment.transcript.record("• app killed and relaunched")
    }

    /// The one store is emptied after the relaunch's session end: a first launch finds nothing.
    public func reinstall() throws {
        try restart()
        try removeAll(from: store, "reinstall-app")
        environment.transcript.record("• app deleted and installed again: its store starts empty")
    }

    /// The web view's store is the native one (one store), unless its data store is non-persistent.
    public func clearWebsiteData() throws {
        try removeAll(from: webViewStore, "clear-website-data")
        environment.transcript.record("• website data removed (every cookie of the web view's store)")
    }

    public func nativeRemoveCookies() throws {
        try removeAll(from: store, "native-remove-cookies")
        environment.transcript.record("• native store: every cookie removed")
    }

    /// `removeCookies(since:)` on the one store: what the web view was given after `date` goes with it.
    public func nativeRemoveCookies(since date: Date) throws {
        try unsupportedSkips("native-remove-cookies since=") { try store.removeCookies(since: date) }
        environment.transcript.record("• native store: the cookies stored after \(PendingWork.timestamp(date)) removed")
    }

    /// One store, called synchronously: nothing the app starts outlives the call.
    public func pendingWork() -> [PendingWork] { [] }

    /// One store, written synchronously: no write is ever in flight when a request goes out.
    public func loadsDuringCookieWrites() -> [LoadDuringCookieWrite] { [] }

    /// A store with no way to empty itself cannot serve the step: skipped with the reason, not failed.
    private func removeAll(from store: any CookieStore, _ step: String) throws {
        try unsupportedSkips(step) { try store.removeAllCookies() }
    }

    private func unsupportedSkips(_ step: String, _ call: () throws -> Void) throws {
        do {
            try call()
        } catch CookieStoreError.unsupported(let what) {
            throw AppError.cannotServe("\(step): this store has no API for \(what)")
        }
    }

    public func cookies(in which: StoreExpectation.Store) throws -> [Cookie] {
        try (which == .native ? store : webViewStore).storedCookies()
    }

    // MARK: The request loop

    /// Sends a request through `store` following redirects; returns the final URL.
    private func perform(
        _ request: HTTPRequest, channel: String, store: any CookieStore, initiator: HTTPURL?, topLevel: Bool,
        handlesCookies: Bool, subresource: SubresourceKind? = nil
    ) throws -> HTTPURL {
        // A subresource's credentials mode decides, hop by hop, whether cookies go and are kept (`same-origin`: only
        // while every hop so far stayed on the page's origin).
        func credentials(_ hop: HTTPClient.Hop) -> Bool {
            handlesCookies && (subresource?.includesCredentials(along: hop.urlList, from: initiator) ?? true)
        }
        let client = HTTPClient(network: environment.network, transcript: environment.transcript, channel: channel)
        // A page's own Cookie field never leaves (Fetch: a forbidden request-header name); an app's request keeps it.
        let manualCookie = subresource == nil ? request.cookieHeader : nil
        if subresource != nil, request.cookieHeader != nil {
            environment.transcript.record("• the page's Cookie header on \(request.url) is dropped (forbidden header name)")
        }
        // The app's other header fields go to every hop, as Fetch's redirect keeps them (a manual Cookie does not).
        var carried = request.headers.removing("Cookie")
        let final = try client.perform(request) { hop in
            if let subresource, !subresource.isUpgradeableMixedContent, let initiator, MixedContent.isMixed(hop.request.url, on: initiator) {
                environment.transcript.record("• mixed content: \(subresource.summary) of \(hop.request.url) from \(initiator) is blocked before it leaves")
                throw StepFailure(.failed, "mixed content: \(hop.request.url) blocked on \(initiator)")
            }
            let context = SiteContext.context(for: hop, initiator: initiator, topLevel: topLevel)
            hop.request.headers.removeAll { $0.name.lowercased() == "cookie" }
            if hop.index == 0 {
                hop.request.headers = subresource == nil ? request.headers : request.headers.removing("Cookie")
                if manualCookie != nil { return }
            } else {
                let previous = hop.urlList[hop.index - 1]
                carried = HTTPRedirect.keptHeaderFields(
                    carried, crossOrigin: previous.origin != hop.request.url.origin,
                    methodBecomesGET: hop.request.method == "GET" && request.method != "GET")
                hop.request.headers = carried
            }
            guard credentials(hop), let header = try store.cookieHeader(for: try cookieURL(hop.request.url), context: context) else { return }
            hop.request.headers.append(HTTPHeaderField(name: "Cookie", value: header))
        } received: { response, hop in
            if credentials(hop) {
                let context = SiteContext.context(for: hop, initiator: initiator, topLevel: topLevel)
                for (index, line) in response.setCookies.enumerated() {
                    let delay = response.setCookieDelay(at: index)
                    if delay > 0 { environment.clock.advance(by: delay) }
                    try store.receive(setCookie: line, from: try cookieURL(hop.request.url), context: context)
                }
            }
            // The CORS check comes after the answer's cookies were kept (Fetch: "HTTP fetch" after "HTTP-network
            // fetch"), on every answer: a redirect's before it is followed.
            if let subresource, !subresource.allowsReading(response, of: hop.request.url, from: initiator) {
                let origin = initiator?.origin ?? "null"
                if response.isRedirect {
                    environment.transcript.record("• CORS: the redirect from \(hop.request.url) does not allow \(origin); not followed")
                    throw StepFailure(.failed, "CORS refused the redirect of \(hop.request.url) to \(origin)")
                }
                environment.transcript.record("• CORS: \(hop.request.url) does not allow \(origin) to read the answer")
                throw StepFailure(.failed, "CORS refused the answer of \(hop.request.url) to \(origin)")
            }
            if let subresource, !response.isRedirect || !subresource.followsRedirects, !subresource.loads(response) {
                environment.transcript.record("• \(subresource.summary) of \(hop.request.url) does not load its \(response.status) answer")
                throw StepFailure(.failed, "\(subresource.summary) of \(hop.request.url) did not load (\(response.status))")
            }
        }
        lastStatus = final.response.status
        return final.url
    }

    private func cookieURL(_ url: HTTPURL) throws -> CookieURL {
        guard let cookieURL = url.cookieURL else { throw StepFailure(.failed, "not a URL a cookie store can use: \(url)") }
        return cookieURL
    }
}
