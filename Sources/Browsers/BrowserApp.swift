import CookieModel
import EngineAppSupport
import Foundation
import HTTPModel
import HarnessCore
import EngineDrivers
import WebKitModel

/// A real browser as the app (issue 21): its own cookie jar is the one store, as for `reference` and `uiwebview`,
/// and every request of a scenario is one the browser makes itself.
///
/// - **Engine.** The browser's driver speaks the WebKitGTK driver's protocol (`Sources/EngineDrivers/harness_drivers/`), so
///   ``WebKitGTKEngine`` drives it: responses come from the scenario's origins through the driver's proxy, on a
///   real connection. A browser has no navigation delegate: no policy decision is asked, every navigation goes on.
/// - **Native side.** There is no native store apart from the browser's: ``nativeRequest(_:)`` is a top-level
///   navigation in a second tab of the default context (what an app's own request would be if it were the
///   browser's: a request nobody initiated, no page behind it, so same-site by the RFC's rules, and the same jar);
///   ``nativeSetCookie(_:url:)`` turns the line into cookies with the reference jar's parser and storage model
///   (domain, path, expiry on the scenario's clock) and writes them through the browser's cookie API, since a
///   browser takes no raw Set-Cookie line outside a response; `cookies(in:)` reads the browser's jar for native
///   and web view checks alike (the web view's own context when it was opened non-persistent).
/// - **A POST** (a native one, a load with a body) is a top-level navigation whose request the driver turns into
///   the POST (Chromium's `Fetch`, before cookies are added; Firefox's
///   `network.addIntercept`, after: the same cookies, as a navigation nobody initiated is same-site either way): the
///   browser still decides which cookies go.
/// - **What a browser cannot do** (a load that ignores cookies, a clock it cannot move) is
///   ``AppError/cannotServe(_:)``: the scenario is skipped with the reason, never faked.
package final class BrowserApp: App {
    private let environment: AppEnvironment
    private let engine: WebKitGTKEngine
    private let browser: String
    private var defaultStore: Int
    private var nativeTab: Tab?
    /// The open web views (tabs) with the options each was opened with; steps act on the current one.
    private var webViews = OpenWebViews<(options: WebViewOptions, tab: Tab)>()
    private var webView: (options: WebViewOptions, tab: Tab)? { webViews.current }

    /// One tab: the engine's web view and what its navigations did.
    final class Tab: WebViewEngineClient {
        var handle = 0
        let store: Int
        /// How the last navigation of a step ended: nil while none failed.
        var failure: WebKitError?
        var started = false

        init(store: Int) {
            self.store = store
        }

        func decidePolicy(
            for action: WKNavigationAction, navigation: Int, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            decisionHandler(.allow)
        }

        func decidePolicy(
            for response: WKNavigationResponse, navigation: Int, decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
        ) {
            decisionHandler(.allow)
        }

        func navigation(_ navigation: Int, didChange event: NavigationEvent) {
            switch event {
            // A back/forward within the page's document starts no load, yet the step did what it asked.
            case .startedProvisional, .sameDocument: started = true
            case .failedProvisional(let error) where error.code != .cancelled: failure = error
            default: break
            }
        }

        var userScripts: [WKUserScript] { [] }
    }

    /// - Parameters:
    ///   - drivers: the browser's driver pool (``WebKitGTKDrivers/chromium``, ``WebKitGTKDrivers/firefox``).
    ///   - browser: its name in messages (`Chromium`).
    package init(environment: AppEnvironment, drivers: WebKitGTKDrivers, browser: String) throws {
        self.environment = environment
        self.browser = browser
        let transcript = environment.transcript
        if environment.platform.implicitWebToNativeSync != nil {
            throw AppError.cannotServe("\(browser) has no native store to sync into: the implicit web→native sync is the simulated engine's only")
        }
        do {
            engine = try WebKitGTKEngine(
                clock: environment.clock, network: TranscribedNetwork(network: environment.network, transcript: transcript),
                persistent: environment.scenarioNeeds.contains(.persistence), drivers: drivers,
                eventLog: { transcript.record("• " + $0) })
        } catch {
            throw BrowserAppError.browserUnavailable(browser, "\(error)")
        }
        if environment.scenarioNeeds.contains(.virtualClock), !engine.movesClock {
            let why = drivers.program.clockNeverMoves
                ?? "libfaketime is missing, or the browser's cookie expiry did not follow it when its driver started"
            throw AppError.cannotServe("\(browser)'s clock cannot be moved here (\(why))")
        }
        defaultStore = engine.defaultDataStore()
        transcript.record("• app launched: \(browser) (its cookie jar is the app's one store)")
        try settle()
    }

    private var transcript: Transcript { environment.transcript }

    /// Lets the engine run until the browser is idle; a step the browser cannot do skips the scenario.
    private func settle() throws {
        try engine.settleForApp()
    }

    private func makeTab(store: Int) throws -> Tab {
        let tab = Tab(store: store)
        tab.handle = engine.makeWebView(dataStore: store, processPool: 0, opener: nil, client: tab)
        try settle()
        return tab
    }

    /// Runs one navigation step in `tab` and throws how it failed, if it did.
    private func navigate(_ tab: Tab, describing what: String, _ start: () throws -> Bool) throws {
        tab.failure = nil
        tab.started = false
        guard try start() else {
            try settle()
            throw StepFailure(.failed, "\(what): the browser has nothing to do")
        }
        try settle()
        if let failure = tab.failure {
            throw StepFailure(failure.code == .tooManyRedirects ? .redirectLoop : .failed, failure.message)
        }
        if !tab.started { throw StepFailure(.failed, "\(what) never started in \(browser)") }
    }

    // MARK: Native side

    package func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws {
        guard let cookieURL = url.cookieURL else { throw StepFailure(.failed, "not a URL a cookie store can use: \(url)") }
        transcript.record("• \(browser)'s cookie API ← Set-Cookie: \(setCookie) (for \(url), parsed by the reference jar)")
        // Expiry on the browser's clock: the scenario's, or the machine's when the browser's cannot be moved (a
        // Max-Age counted from the scenario's start would be long past for Firefox).
        let parsed = CookieJar(clock: engine.movesClock ? environment.cookieClock : CookieClock { Date() })
        parsed.receive(setCookie: setCookie, from: cookieURL, context: .sameSiteNavigation)
        for cookie in parsed.storedCookies() {
            var done = false
            engine.setCookie(cookie, inDataStore: defaultStore) { done = true }
            try settle()
            if !done { throw StepFailure(.failed, "\(browser) did not take the cookie \(cookie.name)") }
        }
    }

    package func nativeRequest(_ request: HTTPRequest) throws {
        let tab = try nativeTab ?? makeTab(store: defaultStore)
        nativeTab = tab
        transcript.record("• native request: a top-level navigation in a second tab of the browser's default context")
        try navigate(tab, describing: "the native request to \(request.url)") {
            engine.load(try WebRequest(harness: request), inWebView: tab.handle) > 0
        }
    }

    // MARK: Web view

    package func openWebView(_ options: WebViewOptions) throws {
        let store = options.dataStore == .nonPersistent ? engine.makeNonPersistentDataStore() : defaultStore
        webViews.open((options, try makeTab(store: store)), options: options)
        transcript.record("• web view \(options.name.map { "'\($0)' " } ?? "")opened: a tab (data store: \(options.dataStore.rawValue))")
    }

    package func switchWebView(to name: String) throws {
        try webViews.switchTo(name)
        transcript.record("• steps act on web view '\(name)': its tab")
    }

    private func pageTab(_ step: String) throws -> Tab {
        guard let tab = webView?.tab, engine.currentURL(ofWebView: tab.handle) != nil else { throw AppError.noPage(step) }
        return tab
    }

    package func load(_ request: HTTPRequest, handlesCookies: Bool) throws {
        guard handlesCookies else {
            throw AppError.cannotServe("\(browser) always handles cookies: a load without them (httpShouldHandleCookies = false) has no browser equivalent")
        }
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let tab = webView?.tab else { return }
        try navigate(tab, describing: "the load of \(request.url)") {
            engine.load(try WebRequest(harness: request), inWebView: tab.handle) > 0
        }
    }

    /// `about:blank` or a `data:` URL loaded by the app (issue 37): a plain navigation of the tab, which makes no
    /// request (a `data:` document is the browser's own). A page on an app scheme has no browser equivalent.
    package func loadAppPage(_ url: URL) throws {
        guard ["about", "data"].contains(url.scheme?.lowercased() ?? "") else {
            throw AppError.unsupported("a page on the app's scheme (\(url))")
        }
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let tab = webView?.tab else { return }
        try navigate(tab, describing: "the load of \(url.absoluteString.prefix(60))") {
            engine.load(WebRequest(url: url), inWebView: tab.handle) > 0
        }
    }

    /// The app's HTML (`loadHTMLString`, issue 37): with a base URL the tab navigates there and the driver's proxy
    /// answers that one request with the HTML itself, never the scenario's server (browser_driver.py's `load_html`
    /// says why); without one, `about:blank` written with the HTML.
    package func loadHTMLString(_ html: String, baseURL: URL?) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let tab = webView?.tab else { return }
        try navigate(tab, describing: "the app's HTML at \(baseURL?.absoluteString ?? "about:blank")") {
            engine.loadHTML(html, baseURL: baseURL, inWebView: tab.handle) > 0
        }
    }

    package func followLink(_ url: HTTPURL) throws {
        let tab = try pageTab("follow-link")
        try navigate(tab, describing: "the link to \(url)") {
            engine.clickLink(to: try URL(harness: url), inWebView: tab.handle)
            return true
        }
    }

    /// The browser opens the link in a tab of its own, on the same store; the harness sees its requests, and the
    /// steps after it still act on the first tab.
    package func followLinkToNewWindow(_ url: HTTPURL) throws {
        let tab = try pageTab("follow-link")
        engine.clickLinkToNewWindow(try URL(harness: url), inWebView: tab.handle)
        try settle()
    }

    package func submitForm(_ request: HTTPRequest) throws {
        let tab = try pageTab("submit-form")
        try navigate(tab, describing: "the form submission to \(request.url)") {
            engine.submitForm(try WebRequest(harness: request), inWebView: tab.handle) != nil
        }
    }

    package func goBack() throws { try goInHistory(by: -1) }

    package func goForward() throws { try goInHistory(by: 1) }

    private func goInHistory(by offset: Int) throws {
        let what = offset < 0 ? "go-back" : "go-forward"
        let tab = try pageTab(what)
        try navigate(tab, describing: what) { engine.goInHistory(by: offset, inWebView: tab.handle) != nil }
    }

    package func fetch(_ request: HTTPRequest, as kind: SubresourceKind) throws {
        let tab = try pageTab("fetch")
        var outcome: Result<WebResponse, WebKitError>?
        engine.requestSubresource(try WebRequest(harness: request), kind: kind, inWebView: tab.handle) { outcome = $0 }
        try settle()
        switch outcome {
        case .success?: return
        case .failure(let error)?: throw StepFailure(error.code == .tooManyRedirects ? .redirectLoop : .failed, error.message)
        case nil: throw StepFailure(.failed, "the fetch of \(request.url) never completed")
        }
    }

    package func runScript(_ script: String) throws {
        if case .failure(let error) = try evaluate(script, step: "run-script") {
            throw StepFailure(.failed, "script failed: \(error.message)")
        }
    }

    package func documentCookie() throws -> String {
        switch try evaluate("document.cookie", step: "document.cookie") {
        case .success(let value): return value ?? ""
        // The page's own answer (Chromium throws a SecurityError on an opaque origin's document.cookie): the
        // browser's behaviour under test, so a failed check with what it threw, not a harness error.
        case .failure(let error): throw StepFailure(.failed, "document.cookie threw: \(error.message.split(separator: "\n").first ?? "")")
        }
    }

    private func evaluate(_ source: String, step: String) throws -> Result<String?, WebKitError> {
        let tab = try pageTab(step)
        var outcome: Result<String?, WebKitError>?
        engine.evaluateJavaScript(source, inWebView: tab.handle) { outcome = $0 }
        try settle()
        guard let outcome else { throw StepFailure(.failed, "\(step) never completed in \(browser)") }
        return outcome
    }

    // MARK: Life cycle and inspection

    /// The browser is closed (its persistent profile keeps what it wrote) and started again on the same profile;
    /// a web view that was open is opened again, blank.
    package func close() { engine.close() }

    package func restart() throws {
        try relaunch(after: { engine.terminateApp() },
                     "• app killed and relaunched: \(browser) closed and started again on its profile")
    }

    /// The browser is closed, its profile's website data removed through the browser's own call, and it starts
    /// again: a first launch on an empty profile.
    package func reinstall() throws {
        try relaunch(after: { engine.uninstallApp() },
                     "• app deleted and installed again: \(browser) started again on an emptied profile")
    }

    /// What a restart and a reinstall share: the open tabs closed, the browser stopped by `stop`, the default store
    /// taken again, and the tabs opened again, blank, with the same one current.
    private func relaunch(after stop: () -> Void, _ line: String) throws {
        let closed = webViews.closeAll(\.options)
        nativeTab = nil
        stop()
        defaultStore = engine.defaultDataStore()
        transcript.record(line)
        try settle()
        for options in closed.options { try openWebView(options) }
        try webViews.switchBack(to: closed)
    }

    /// The browser's clear-browsing-data call on the current tab's store (the default one without a tab).
    package func clearWebsiteData() throws { try removeAll(from: webView?.tab.store ?? defaultStore, "website data") }

    /// The browser's jar is the one store: the native side's removal empties it.
    package func nativeRemoveCookies() throws { try removeAll(from: defaultStore, "native cookies") }

    /// A browser's cookie API (CDP, WebDriver BiDi) lists no creation time, so it cannot pick the cookies stored
    /// after a moment: skipped with the reason.
    package func nativeRemoveCookies(since date: Date) throws {
        throw AppError.cannotServe("\(browser)'s cookie API tells no cookie's creation time: it cannot remove those stored after a moment")
    }

    /// A browser has no app writing into its cookie store: the harness's own writes (a native cookie) are done
    /// before the step ends, so there is no app race to look for.
    package func loadsDuringCookieWrites() throws -> [LoadDuringCookieWrite] {
        throw AppError.cannotServe("\(browser) has no app cookie-store writes that could race its loads (expect-no-load-during-cookie-write)")
    }

    private func removeAll(from store: Int, _ what: String) throws {
        var completed = false
        engine.removeAllWebsiteData(inDataStore: store) { completed = true }
        try settle()
        guard completed else { throw StepFailure(.failed, "\(browser) never finished removing the \(what)") }
    }

    /// The browser's driver answers each call once the browser did it: nothing is pending after a settle.
    package func pendingWork() -> [PendingWork] {
        engine.pendingOperations.map(PendingWork.init)
    }

    package func cookies(in which: StoreExpectation.Store) throws -> [Cookie] {
        let store = which == .webView ? webView?.tab.store ?? defaultStore : defaultStore
        var cookies: [Cookie]?
        engine.getAllCookies(inDataStore: store) { cookies = $0 }
        try settle()
        guard let cookies else { throw StepFailure(.failed, "\(browser) never answered for its cookies") }
        return cookies
    }
}

/// Why a browser app could not be built (an adapter error, not a behaviour under test).
package enum BrowserAppError: Error, Sendable, CustomStringConvertible {
    /// The browser's driver could not start (its reason).
    case browserUnavailable(String, String)

    package var description: String {
        switch self {
        case .browserUnavailable(let browser, let reason): "\(browser) could not start: \(reason)"
        }
    }
}
