import AppleModel
import CookieModel
import Foundation
import HTTPModel
import HarnessCore
import SyncStrategies
import EngineAppSupport
import WebKitModel

/// An app with a native side and a WKWebView (DESIGN §3, the second family): a native cookie store, a persisted
/// key-value store, a WebKit engine and a ``SyncStrategy`` that keeps them in step — driven by the runner's steps.
///
/// - **Native store:** by default the profile's own kind of jar where the platform has one (Apple's jar on the iOS
///   profiles: `HTTPCookieStorage` is CFNetwork's, like WKWebView's store), else the reference jar; set up as
///   `HTTPCookieStorage` behaves for an app: SameSite is not enforced (a native request has no site;
///   `sameSiteDefault` None), persistent cookies survive a kill, session cookies do not. Native requests go through HarnessCore's `HTTPClient` (redirects followed, cookies
///   of every hop stored), and each change is reported to the strategy (`nativeCookiesDidChange`).
/// - **Engine:** ``SimulatedWebKit`` with a ``PlatformProfile``, or a real engine (``LiveWebKitEngine``: WebKitGTK in
///   the full product), on the scenario's clock and network (``WebKitEngineChoice``).
/// - **Defaults:** a key-value store the app keeps across kills (`UserDefaults`).
/// - **Steps:** each step lets the app's run loop turn until idle at its end (``SimulatedWebKit/runUntilIdle()``),
///   so completion handlers, delegate calls and delayed cookie-store writes of the step have all happened before
///   the next step or expectation (and the clock has moved by their delays, no more) — except an
///   `<open-web-view settle="false"/>`, after which the next step starts in the same turn. A load the strategy never
///   started, a navigation loop, or a failed navigation ends the step as a ``StepFailure``.
/// - **Restart:** `appWillTerminate`, then the process dies (engine and stores keep what they persist, the
///   strategy object and everything in memory go), then a launch: a fresh strategy instance gets `appDidLaunch`,
///   and a web view that was open is opened again with the same options, on a blank page.
package final class WebViewApp: App {
    package let engineChoice: WebKitEngineChoice
    let environment: AppEnvironment
    private let makeStrategy: () -> any SyncStrategy
    private let nativeStore: any CookieStore
    private let native: NativeCookieStorageAdapter
    private let defaults = InMemoryDefaults()
    let engine: any WebKitEngine

    // One launch's worth of app state.
    private(set) var context: StrategyContext!
    private(set) var strategy: any SyncStrategy
    private var recorder: NavigationRecorder!
    /// The open web views (``OpenWebViews``) with the options each was opened with; steps act on the current one.
    private var webViews = OpenWebViews<(webView: WKWebView, options: WebViewOptions)>()
    var webView: WKWebView? { webViews.current?.webView }
    /// The native store's disk when it is written after a delay (field note 000); nil: written at once.
    private var flush: NativeStoreFlush?

    /// The native store the app uses unless told otherwise, SameSite not enforced: Apple's jar under a profile
    /// whose jar is Apple's (iOS, with the release's reading of the SameSite attribute), the reference jar elsewhere
    /// (WebKitGTK has no native store; a libsoup one would be invented).
    package static func defaultNativeStore(_ environment: AppEnvironment, engine: WebKitEngineChoice) -> any CookieStore {
        switch engine.httpCookieParsing {
        case .apple:
            AppleCookieJar(
                clock: environment.cookieClock, sameSiteNoneReadAsStrict: engine.profile?.sameSite == .noneReadAsStrict,
                sameSiteDefault: .none)
        case .reference:
            CookieJar(clock: environment.cookieClock, configuration: CookieJarConfiguration(sameSiteDefault: .none))
        }
    }

    /// - Parameters:
    ///   - strategy: makes the strategy; called at every launch.
    ///   - nativeStore: the native store (default ``defaultNativeStore(_:engine:)``).
    package convenience init(
        environment: AppEnvironment, profile: PlatformProfile, strategy: @escaping () -> any SyncStrategy,
        nativeStore: (any CookieStore)? = nil
    ) throws {
        try self.init(environment: environment, engine: .simulated(profile), strategy: strategy, nativeStore: nativeStore)
    }

    package init(
        environment: AppEnvironment, engine choice: WebKitEngineChoice, strategy: @escaping () -> any SyncStrategy,
        nativeStore: (any CookieStore)? = nil
    ) throws {
        self.environment = environment
        self.engineChoice = choice
        self.makeStrategy = strategy
        self.nativeStore = nativeStore ?? Self.defaultNativeStore(environment, engine: choice)
        self.strategy = strategy()
        let transcript = environment.transcript
        let network = TranscribedNetwork(network: environment.network, transcript: transcript)
        let eventLog: (String) -> Void = { transcript.record("• " + $0) }
        var flushDelay = environment.platform.nativeStoreFlushDelay
        switch choice {
        case .simulated(var profile):
            // The scenario's platform behaviours (off in every profile) override the profile's.
            if let delay = environment.platform.implicitWebToNativeSync { profile.implicitWebToNativeSyncDelay = delay }
            flushDelay = flushDelay ?? profile.nativeStoreFlushDelay
            engine = SimulatedWebKit(profile: profile, clock: environment.clock, network: network, eventLog: eventLog)
        case .live(let live):
            if environment.platform.implicitWebToNativeSync != nil {
                throw AppError.cannotServe(
                    "\(live.name) has no native store to sync into: the implicit web→native sync (DESIGN §6 rule 10) is the simulated engine's only")
            }
            do {
                engine = try live.make(
                    environment.clock, network, environment.scenarioNeeds.contains(.persistence), eventLog)
            } catch {
                throw WebViewAppError.engineUnavailable(engine: live.name, reason: "\(error)")
            }
        }
        self.native = NativeCookieStorageAdapter(store: self.nativeStore, clock: environment.cookieClock) {
            transcript.record("✗ \($0)")
        }
        if let simulated = engine as? SimulatedWebKit {
            simulated.implicitSyncTarget = { [unowned self] cookie, webCookies in
                // The web view's cookies of the domain are written over the native ones: those the web view
                // lacks (added by the app) are gone (field note 001).
                for dropped in self.native.cookies where dropped.domain == cookie.domain
                    && !webCookies.contains(where: { $0.hasSameIdentity(as: dropped) })
                {
                    self.native.deleteCookie(dropped)
                    transcript.record("• webkit: implicit sync (rule 10) drops the native cookie \(dropped.name) (\(dropped.domain)\(dropped.path)) the web view does not have")
                }
                self.native.setCookie(cookie)
                self.strategy.nativeCookiesDidChange(self.context)
            }
        }
        if let flushDelay {
            flush = NativeStoreFlush(delay: flushDelay, cookies: (try? self.nativeStore.storedCookies()) ?? [])
            transcript.record("• native store: written to disk \(flushDelay) s after a change (a kill before then loses it)")
        }
        transcript.record("• app launched: strategy \(self.strategy.name), \(choice.description)")
        try launch(first: true)
    }

    private var transcript: Transcript { environment.transcript }

    /// Lets the run loop turn until idle. A step the engine cannot do at all makes the scenario unservable here.
    func settle() throws {
        defer { noteNativeStore() }
        try engine.settleForApp()
    }

    /// Starts the flush timer when the native store changed (field note 000).
    private func noteNativeStore() {
        guard flush != nil else { return }
        flush?.note(native.cookies, at: environment.clock.now)
    }

    /// At a kill: the native store's changes not yet on disk are lost, it reverts to what was written.
    private func loseUnwrittenNativeChanges() {
        guard let written = flush?.unwritten(at: environment.clock.now) else { return }
        let current = native.cookies.filter(\.isPersistent)
        let writtenKeys = NativeStoreFlush.keys(written)
        let currentKeys = NativeStoreFlush.keys(current)
        var lost: [String] = []
        for cookie in current where !writtenKeys.contains(NativeStoreFlush.key(cookie)) {
            native.deleteCookie(cookie)
            lost.append(cookie.name)
        }
        for cookie in written where !currentKeys.contains(NativeStoreFlush.key(cookie)) {
            native.setCookie(cookie)
        }
        transcript.record(
            "• native store: killed before its flush (\(flush?.delay ?? 0) s after a change): unwritten changes lost"
                + (lost.isEmpty ? "" : " (\(lost.joined(separator: ", ")))"))
    }

    private func launch(first: Bool) throws {
        let webKit = WKContext(engine: engine)
        context = StrategyContext(
            webKit: webKit, cookieStorage: native, defaults: defaults, urlSession: NativeURLSession(app: self),
            httpCookieParsing: engineChoice.httpCookieParsing
        ) { [transcript] line in
            transcript.record("• app: " + line)
        }
        if !first { strategy = makeStrategy() }
        recorder = NavigationRecorder(app: self)
        strategy.appDidLaunch(context)
        try settle()
    }

    // MARK: Native side

    package func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws {
        transcript.record("• native store ← Set-Cookie: \(setCookie) (for \(url))")
        native.storeText(setCookie, from: try cookieURL(url))
        strategy.nativeCookiesDidChange(context)
        try settle()
    }

    package func nativeRequest(_ request: HTTPRequest) throws {
        try nativeRequest(request, handlesCookies: true)
    }

    package func nativeRequest(_ request: HTTPRequest, handlesCookies: Bool) throws {
        do {
            _ = try performNativeRequest(request, channel: "native", handlesCookies: handlesCookies)
        } catch {
            try settle()
            throw error
        }
        try settle()
    }

    /// A native request through the native store (`URLSession.shared`): its cookies on every hop unless the
    /// request brings a `Cookie` field (or `handlesCookies` is false), every hop's `Set-Cookie` lines stored, the
    /// strategy told when the store changed.
    func performNativeRequest(
        _ request: HTTPRequest, channel: String, handlesCookies: Bool = true
    ) throws -> (response: HTTPResponse, url: HTTPURL) {
        let client = HTTPClient(network: environment.network, transcript: transcript, channel: channel)
        var received = false
        defer { if received { strategy.nativeCookiesDidChange(context) } }
        return try client.perform(request) { hop in
            hop.request.headers.removeAll { $0.name.lowercased() == "cookie" }
            if hop.index == 0 {
                hop.request.headers = request.headers
                if request.cookieHeader != nil { return }
            }
            guard handlesCookies else { return }
            let context = SiteContext.context(for: hop, initiator: nil, topLevel: true)
            if let header = try nativeStore.cookieHeader(for: try cookieURL(hop.request.url), context: context) {
                hop.request.headers.append(HTTPHeaderField(name: "Cookie", value: header))
            }
        } received: { response, hop in
            guard handlesCookies else { return }
            let context = SiteContext.context(for: hop, initiator: nil, topLevel: true)
            for (index, line) in response.setCookies.enumerated() {
                let delay = response.setCookieDelay(at: index)
                if delay > 0 { environment.clock.advance(by: delay) }
                try nativeStore.receive(setCookie: line, from: try cookieURL(hop.request.url), context: context)
                received = true
            }
        }
    }

    // MARK: Web view

    package func openWebView(_ options: WebViewOptions) throws {
        let configuration = WKWebViewConfiguration(context: context.webKit)
        if options.dataStore == .nonPersistent { configuration.websiteDataStore = context.webKit.nonPersistentDataStore() }
        configuration.processPool = options.sharedProcessPool ? context.webKit.sharedProcessPool : WKProcessPool()
        strategy.configure(configuration, app: context)
        if let scheme = options.appScheme {
            configuration.setURLSchemeHandler(
                AppPageSchemeHandler(library: configuration.urlSchemeHandler(forURLScheme: scheme)), forURLScheme: scheme)
        }
        let webView = WKWebView(configuration: configuration)
        webView.navigationDelegate = recorder
        webViews.open((webView, options), options: options)
        transcript.record(
            "• web view \(options.name.map { "'\($0)' " } ?? "")opened (data store: \(options.dataStore.rawValue), "
                + "process pool: \(options.sharedProcessPool ? "shared" : "own")"
                + (options.appScheme.map { ", the app answers \($0):" } ?? "") + ")")
        strategy.webViewDidOpen(webView, app: context)
        // Relaunched app code adds its own scripts again, after the library's set-up as the step did.
        for script in options.appUserScripts { Self.addAppUserScript(script, to: configuration.userContentController) }
        if options.settles { try settle() }
    }

    /// `<add-user-script>`: the app's own script into the current web view's controller (a web view is opened first
    /// when none is, as a load does); kept in the view's options so that a relaunch adds it again.
    package func addUserScript(_ script: String) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let webView else { return }
        Self.addAppUserScript(script, to: webView.configuration.userContentController)
        webViews.current?.options.appUserScripts.append(script)
        transcript.record("• app: WKUserContentController.addUserScript (its own, document start, main frame only)")
        try settle()
    }

    /// The app's script as apps add theirs: document start, main frame only.
    private static func addAppUserScript(_ source: String, to controller: WKUserContentController) {
        controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true))
    }

    /// The app shows another of its open web views; nothing is reloaded.
    package func switchWebView(to name: String) throws {
        try webViews.switchTo(name)
        transcript.record("• steps act on web view '\(name)' (\(webView?.url?.absoluteString ?? "no page"))")
    }

    package func load(_ request: HTTPRequest, handlesCookies: Bool) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let webView else { return }
        var webRequest = try WebRequest(harness: request)
        webRequest.httpShouldHandleCookies = handlesCookies
        recorder.beginStep()
        strategy.load(webRequest, in: webView, app: context)
        try settle()
        try recorder.endStep(describing: "the load of \(request.url)")
    }

    /// A page on the app's own scheme: the app's load, answered by its scheme handler (``AppPageSchemeHandler``).
    package func loadAppPage(_ url: URL) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let webView else { return }
        recorder.beginStep()
        strategy.load(WebRequest(url: url), in: webView, app: context)
        try settle()
        try recorder.endStep(describing: "the load of \(url)")
    }

    /// The app's HTML as the page: `loadHTMLString` is called on the web view itself (no strategy hooks it).
    package func loadHTMLString(_ html: String, baseURL: URL?) throws {
        if webView == nil { try openWebView(WebViewOptions()) }
        guard let webView else { return }
        recorder.beginStep()
        webView.loadHTMLString(html, baseURL: baseURL)
        try settle()
        try recorder.endStep(describing: "the app's HTML at \(baseURL?.absoluteString ?? "about:blank")")
    }

    package func followLink(_ url: HTTPURL) throws {
        guard let webView, webView.url != nil else { throw AppError.noPage("follow-link") }
        recorder.beginStep()
        webView.performLinkClick(to: try URL(harness: url))
        try settle()
        try recorder.endStep(describing: "the link to \(url)")
    }

    /// The page's new-window action goes to the strategy's navigation delegate, then its `WKUIDelegate`; the
    /// link's requests are recorded wherever they run. A strategy that returns a new web view has its requests
    /// recorded, but later steps still act on the first web view (the app's own) — no ported code returns one.
    package func followLinkToNewWindow(_ url: HTTPURL) throws {
        guard let webView, webView.url != nil else { throw AppError.noPage("follow-link") }
        recorder.beginStep()
        webView.performLinkClickToNewWindow(try URL(harness: url))
        try settle()
        try recorder.endStep(describing: "the target=_blank link to \(url)")
    }

    package func submitForm(_ request: HTTPRequest) throws {
        guard let webView, webView.url != nil else { throw AppError.noPage("submit-form") }
        recorder.beginStep()
        guard webView.performFormSubmission(try WebRequest(harness: request)) != nil else {
            try settle()
            throw StepFailure(.failed, "the page could not submit its form to \(request.url)")
        }
        try settle()
        try recorder.endStep(describing: "the form submission to \(request.url)")
    }

    package func goBack() throws { try goInHistory(by: -1) }

    package func goForward() throws { try goInHistory(by: 1) }

    private func goInHistory(by offset: Int) throws {
        let what = offset < 0 ? "go-back" : "go-forward"
        guard let webView, webView.url != nil else { throw AppError.noPage(what) }
        recorder.beginStep()
        guard (offset < 0 ? webView.goBack() : webView.goForward()) != nil else {
            try settle()
            throw StepFailure(.failed, "\(what): the web view has no page to go \(offset < 0 ? "back" : "forward") to")
        }
        try settle()
        try recorder.endStep(describing: "the \(offset < 0 ? "back" : "forward") navigation")
    }

    package func fetch(_ request: HTTPRequest, as kind: SubresourceKind) throws {
        guard let webView, webView.url != nil else { throw AppError.noPage("fetch") }
        var outcome: Result<WebResponse, WebKitError>?
        webView.performSubresourceRequest(try WebRequest(harness: request), kind: kind) { outcome = $0 }
        try settle()
        switch outcome {
        case .success?: return
        case .failure(let error)?:
            throw StepFailure(error.code == .tooManyRedirects ? .redirectLoop : .failed, error.message)
        case nil:
            throw StepFailure(.failed, "the subresource request to \(request.url) never completed")
        }
    }

    package func runScript(_ script: String) throws {
        guard let webView, webView.url != nil else { throw AppError.noPage("run-script") }
        var failure: (any Error)?
        webView.evaluateJavaScript(script) { _, error in failure = error }
        try settle()
        if let error = failure as? WebKitError {
            if error.code == .unsupportedJavaScript { throw AppError.unsupported(error.message) }
            throw StepFailure(.failed, "script failed: \(error.message)")
        }
    }

    package func documentCookie() throws -> String {
        guard let webView, webView.url != nil else { throw AppError.noPage("document.cookie") }
        var value: String?
        var failure: (any Error)?
        webView.evaluateJavaScript("document.cookie") { result, error in
            value = result as? String
            failure = error
        }
        try settle()
        if let failure { throw failure }
        return value ?? ""
    }

    // MARK: Life cycle and inspection

    /// The platform's timers whose time has come (the implicit sync, rule 10) run: the run loop turns.
    package func clockDidAdvance() throws { try settle() }

    /// The engine's driver goes back now: a strategy that keeps its context alive (a closure capturing it) keeps
    /// this app and its engine alive too.
    package func close() { engine.close() }

    package func restart() throws {
        strategy.appWillTerminate(context)
        try settle()
        let closed = webViews.closeAll(\.options)
        engine.terminateApp()
        loseUnwrittenNativeChanges()
        try nativeStore.restart()
        transcript.record("• app killed and relaunched")
        if flush != nil { flush = NativeStoreFlush(delay: flush!.delay, cookies: native.cookies) }
        try launch(first: false)
        for var options in closed.options {
            options.settles = true
            try openWebView(options)
        }
        try webViews.switchBack(to: closed)
    }

    /// An uninstall kills the process without `appWillTerminate`; the container goes (native store, defaults, the
    /// engine's website data), then the first launch opens the web views that were open, blank.
    package func reinstall() throws {
        let closed = webViews.closeAll(\.options)
        engine.uninstallApp()
        try nativeStore.restart()
        for cookie in native.cookies { native.deleteCookie(cookie) }
        defaults.removeAll()
        if flush != nil { flush = NativeStoreFlush(delay: flush!.delay, cookies: []) }
        transcript.record("• app deleted and installed again: native store, UserDefaults and website data are gone")
        try settle()
        try launch(first: false)
        for var options in closed.options {
            options.settles = true
            try openWebView(options)
        }
        try webViews.switchBack(to: closed)
    }

    /// The logout call on the current web view's data store; the step waits for the completion handler.
    package func clearWebsiteData() throws {
        let store = webView?.configuration.websiteDataStore ?? context.webKit.defaultDataStore()
        var completed = false
        transcript.record("• app: WKWebsiteDataStore.removeData(ofTypes: all, modifiedSince: .distantPast)")
        store.removeData(ofTypes: WKWebsiteDataStore.allWebsiteDataTypes(), modifiedSince: .distantPast) { completed = true }
        try settle()
        guard completed else {
            throw StepFailure(.failed, "WKWebsiteDataStore.removeData never called its completion handler")
        }
    }

    /// `HTTPCookieStorage.removeCookies(since: .distantPast)`: every native cookie goes.
    package func nativeRemoveCookies() throws {
        try removeNativeCookies(native.cookies, since: ".distantPast")
    }

    /// `HTTPCookieStorage.removeCookies(since: date)`: the cookies stored after `date` go, strictly after (Apple:
    /// "Removes cookies that were stored after a given date"; swift-corelibs-foundation compares `created > date`).
    /// The web view's store is not the native one: the call leaves it alone, only the strategy may act on it.
    package func nativeRemoveCookies(since date: Date) throws {
        try removeNativeCookies(native.cookies.filter { $0.creation > date }, since: PendingWork.timestamp(date))
    }

    /// Each removal is a change the strategy hears of, once.
    private func removeNativeCookies(_ removed: [Cookie], since: String) throws {
        for cookie in removed { native.deleteCookie(cookie) }
        let names = removed.isEmpty ? "" : " (" + removed.map(\.name).joined(separator: ", ") + ")"
        transcript.record("• native store: removeCookies(since: \(since)): \(removed.count) cookie(s) removed\(names)")
        if !removed.isEmpty { strategy.nativeCookiesDidChange(context) }
        try settle()
    }

    /// The engine's calls not finished (a cookie write in flight or held): the app's completion handlers for
    /// them have not run either.
    package func pendingWork() -> [PendingWork] {
        engine.pendingOperations.map(PendingWork.init)
    }

    /// What the engine sent while the app's cookie writes were in flight (none on a gated profile, nor on the real
    /// engine, whose driver finishes each cookie-manager call before it answers it).
    package func loadsDuringCookieWrites() -> [LoadDuringCookieWrite] {
        engine.loadsDuringWrites.map(LoadDuringCookieWrite.init)
    }

    package func cookies(in which: StoreExpectation.Store) throws -> [Cookie] {
        if which == .native { return try nativeStore.storedCookies() }
        let store = webView?.configuration.websiteDataStore ?? context.webKit.defaultDataStore()
        var cookies: [Cookie]?
        store.httpCookieStore.getAllCookies { cookies = $0 }
        try settle()
        guard let cookies else { throw WebViewAppError.inspectionNeverCompleted }
        return cookies
    }

    // MARK: Conversions

    private func cookieURL(_ url: HTTPURL) throws -> CookieURL {
        guard let cookieURL = url.cookieURL else { throw StepFailure(.failed, "not a URL a cookie store can use: \(url)") }
        return cookieURL
    }
}

/// Why a web view app could not do what the harness asked (an adapter error, not a behaviour under test).
package enum WebViewAppError: Error, Sendable, CustomStringConvertible {
    /// The real engine could not be started (its driver's reason).
    case engineUnavailable(engine: String, reason: String)
    /// `getAllCookies` never called its completion handler (the profile holds cookie-store operations until the
    /// data store's first load, and nothing has been loaded).
    case inspectionNeverCompleted

    package var description: String {
        switch self {
        case .engineUnavailable(let engine, let reason):
            "the \(engine) engine could not start: \(reason)"
        case .inspectionNeverCompleted:
            "WKHTTPCookieStore.getAllCookies never completed: the profile holds cookie-store operations until the data store's first load"
        }
    }
}

/// The WebKit engine an app runs on.
package enum WebKitEngineChoice: Sendable, CustomStringConvertible {
    /// The deterministic simulated engine with a platform profile.
    case simulated(PlatformProfile)
    /// A real engine in a driver process (WebKitGTK: `LiveStrategyAdapters`, in the full product only).
    case live(LiveWebKitEngine)

    package var description: String {
        switch self {
        case .simulated(let profile): "simulated WebKit profile \(profile.name)"
        case .live(let live): "real \(live.name) engine"
        }
    }

    /// The simulated profile; nil for a real engine.
    package var profile: PlatformProfile? {
        if case .simulated(let profile) = self { profile } else { nil }
    }

    /// Whose parser the app's Foundation calls use: Apple's where the profile's jar is Apple's (iOS).
    package var httpCookieParsing: HTTPCookieParsing {
        if case .simulated(let profile) = self, profile.jar == .apple { .apple } else { .reference }
    }
}

/// A real engine as the web-view app starts one: the seam that keeps the engine's driver (and its module) out of
/// every build that only simulates, so the core product needs no WebKitGTK.
package struct LiveWebKitEngine: Sendable {
    /// The engine's name in messages, e.g. `WebKitGTK`.
    package let name: String
    /// A fresh engine for one app launch: on the scenario's clock and network, with a persistent data store when the
    /// scenario needs persistence, its events written to `eventLog`.
    package let make: @Sendable (
        _ clock: VirtualClock, _ network: any HTTPNetwork, _ persistent: Bool, _ eventLog: @escaping (String) -> Void
    ) throws -> any WebKitEngine

    package init(
        name: String,
        make: @escaping @Sendable (VirtualClock, any HTTPNetwork, Bool, @escaping (String) -> Void) throws -> any WebKitEngine
    ) {
        self.name = name
        self.make = make
    }
}
