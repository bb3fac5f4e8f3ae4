import AppleModel
import CookieModel
import LibsoupModel
import Foundation
import HTTPModel

/// A deterministic, single-threaded WebKit engine on the app's virtual clock, parameterised by a
/// ``PlatformProfile``: the engine behind the WebKit-shaped API when no real engine is plugged in.
///
/// It follows the rules of DESIGN §6; each is implemented where its number appears in a doc comment:
///
/// 1. Two jars: the native one (outside the engine) and one per website data store — a ``CookieJar`` each. The
///    default data store's jar persists; a non-persistent store's jar is its own and dies with the process.
///    Process pools do not split jars (the pool is only logged). → ``defaultDataStore()``,
///    ``makeNonPersistentDataStore()``
/// 2. A manual `Cookie` header on the `load(_:)` request goes out as given on that request and on every redirect
///    hop (cross-domain too), in place of the store's cookies; never stored; not sent on later navigations or on
///    subresources. → `sendNavigationHop` (profile: ``PlatformProfile/manualCookieHeader``)
/// 3. `Set-Cookie` is stored from every response, 3xx included, before the redirect is followed. → `store(setCookies:)`
/// 4. `decidePolicyFor navigationResponse` only for the final non-3xx response; `decidePolicyFor navigationAction`
///    for the first request and each redirect hop; neither for subresources. → `decideAction`, `decideResponse`
/// 5. Several `Set-Cookie` fields arrive joined with ", " in `allHeaderFields`. → ``WebResponse/allHeaderFields``
/// 6. Document-start user scripts run when the page commits, after its response arrived; script cannot create or
///    overwrite HttpOnly cookies and can write only its own host or parent domains (the jar's non-HTTP API,
///    RFC 6265bis §5.7 steps 10, 15, 23). → `commit`, `writeDocumentCookie`
/// 7. `document.cookie` shows name=value pairs matching the page URL (host, path, Secure only on https), without
///    HttpOnly cookies or attributes. → `documentCookie`
/// 8. `WKHTTPCookieStore.setCookie` is asynchronous: the cookie lands ``PlatformProfile/cookieStoreWriteDelay``
///    after the call; a load started before then misses it (`race`) or waits for it (`gated`); it can set
///    HttpOnly cookies; identity is (name, domain, path). → `enqueueStoreOperation`, `afterPendingWrites`
/// 9. Killing the app drops session cookies everywhere; the default data store keeps persistent cookies;
///    non-persistent stores keep nothing. → ``terminateApp()``
/// 10. Implicit web→native sync of persistent cookies, after a delay, is a profile parameter (off everywhere).
///     → `didChange`, ``implicitSyncTarget``
/// 11. `httpShouldHandleCookies = false`: no store cookies sent, none stored, on that navigation only.
///     → `sendNavigationHop`
/// 12. ITP third-party blocking, the SameSite default, setCookie race vs gated and POST body loss on re-issue are
///     profile parameters. → `httpContext`, `fetchHop`, `decideAction`
///
/// **How virtual time moves.** The engine never reads a wall clock: "now" is the scenario's ``VirtualClock``.
/// Network exchanges, delegate calls, scripts and cookie reads take no time. Work is queued (``EventQueue``) and
/// runs only when the app lets its run loop turn with ``runUntilIdle()``; that runs every due item in order and,
/// when the next item lies in the future (a cookie-store write, a timer the app scheduled), moves the clock
/// forward to exactly that item's due time — never further. So the clock moves only by the delays of work the
/// app actually started (cookie-store writes land 50 ms after the call in every profile), and it never moves
/// while nothing is pending: between steps the queue holds only the platform's own timers (rule 10's implicit
/// sync), which wait for the clock, and the scenario's own `advance-clock` is the only other thing that moves time.
public final class SimulatedWebKit: WebKitEngine {
    public let profile: PlatformProfile
    public let clock: VirtualClock
    let network: any HTTPNetwork
    /// Where engine events go (the transcript), one line each.
    public var eventLog: (String) -> Void
    /// Rule 10: where the platform's implicit sync puts cookies (the app's `HTTPCookieStorage`); nil: nowhere.
    /// It gets the synced cookie and every cookie the data store holds for that cookie's domain then: the sync
    /// writes the web view's cookies of a domain over the native store's (field note 001: "a cookie the app added
    /// is lost in the sync"), so a target drops the native cookies of that domain the web view does not have.
    public var implicitSyncTarget: ((_ cookie: Cookie, _ webCookiesOfDomain: [Cookie]) -> Void)?

    /// The default data store's jar: on "disk", it outlives the app process (rule 9).
    let persistentJar: any EngineCookieJar

    var nextHandle = 1
    var queue = EventQueue()
    var stores: [Int: DataStore] = [:]
    var defaultStore: DataStore?
    var webViews: [Int: WebView] = [:]
    /// Cookie-store calls sent and not landed, by the order they were sent (``pendingOperations``).
    var inFlight: [Int: (store: Int, operation: PendingOperation)] = [:]
    var nextOperation = 0
    /// Requests sent while a write of their data store was in flight (``loadsDuringWrites``): kept across kills, as
    /// the scenario's record.
    public internal(set) var loadsDuringWrites: [LoadDuringWrite] = []
    /// The pools apps share between their web views (``WKContext/sharedProcessPool``), by identifier.
    public var sharedProcessPools: Set<Int> = []

    /// The most work items one ``runUntilIdle()`` runs before it gives up (an app scheduling work forever).
    public static let maximumTurns = 100_000

    public init(
        profile: PlatformProfile, clock: VirtualClock, network: any HTTPNetwork, eventLog: @escaping (String) -> Void = { _ in }
    ) {
        self.profile = profile
        self.clock = clock
        self.network = network
        self.eventLog = eventLog
        self.persistentJar = Self.makeJar(profile: profile, clock: clock)
    }

    /// A new, empty jar of the kind the profile names, on the engine's clock.
    static func makeJar(profile: PlatformProfile, clock: VirtualClock) -> any EngineCookieJar {
        let sameSiteDefault: SameSite = if case .enforced(let mode) = profile.sameSite, mode == .lax { .lax } else { .none }
        switch profile.jar {
        case .rfc6265bis:
            let configuration = CookieJarConfiguration(
                sameSiteDefault: sameSiteDefault, sameSiteNoneRequiresSecure: profile.sameSiteNoneRequiresSecure,
                lifetimeCap: profile.cookieLifetimeCap, maxAgeWinsOverExpires: profile.maxAgeWinsOverExpires)
            return CookieJar(clock: .virtual(clock), configuration: configuration)
        case .apple:
            return AppleCookieJar(
                clock: .virtual(clock), sameSiteSupported: profile.sameSite.isEnforced,
                sameSiteNoneReadAsStrict: profile.sameSite == .noneReadAsStrict, sameSiteDefault: sameSiteDefault,
                sameSiteNoneRequiresSecure: profile.sameSiteNoneRequiresSecure, lifetimeCap: profile.cookieLifetimeCap,
                maxAgeWinsOverExpires: profile.maxAgeWinsOverExpires)
        case .libsoup:
            // WebKitGTK's cookie policy is libsoup's accept policy: ACCEPT_NO_THIRD_PARTY refuses a cookie whose
            // registrable domain is not the first party's (libsoup's comparison, case-sensitive suffixes and all).
            let policy: LibsoupCookieJar.AcceptPolicy = profile.thirdPartyCookies == .allowed ? .always : .noThirdParty
            return LibsoupCookieJar(clock: .virtual(clock), acceptPolicy: policy)
        }
    }

    public var now: Date { clock.now }

    func log(_ line: String) { eventLog("webkit: " + line) }

    func makeHandle() -> Int {
        defer { nextHandle += 1 }
        return nextHandle
    }

    // MARK: The run loop

    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> Int {
        schedule(at: clock.now.addingTimeInterval(max(0, delay)), work)
    }

    @discardableResult
    func schedule(at due: Date, waitsForClock: Bool = false, _ work: @escaping () -> Void) -> Int {
        let handle = makeHandle()
        queue.add(due: due, handle: handle, waitsForClock: waitsForClock, work: work)
        return handle
    }

    public func cancelScheduled(_ handle: Int) {
        queue.cancel(handle)
    }

    /// Runs queued work until none is left, moving the clock forward to each item's due time when it lies ahead
    /// (see "How virtual time moves" above). The platform's own timers (the implicit sync, rule 10) are left queued
    /// until the clock reaches them: a later step (`advance-clock`) or other work that carries the clock past them.
    public func runUntilIdle() throws {
        var turns = 0
        while try runNext(turn: &turns) {}
    }

    /// Runs the next queued item, the clock moved to its due time; false when nothing is queued.
    func runNext(turn turns: inout Int) throws(WebKitError) -> Bool {
        guard let event = queue.popNext(at: clock.now) else { return false }
        turns += 1
        guard turns <= Self.maximumTurns else {
            queue.removeAll()
            throw WebKitError(.engineDidNotSettle, "the run loop did not become idle after \(Self.maximumTurns) work items")
        }
        let now = clock.now
        if event.due > now { clock.advance(by: event.due.timeIntervalSince(now)) }
        event.work()
        return true
    }

    // MARK: Life cycle

    /// Rule 9: the app process is killed. Web views, queued work (cookie-store writes that have not landed
    /// included) and non-persistent stores vanish; the default data store drops its session cookies and keeps its
    /// persistent ones for the next launch.
    public func terminateApp() {
        let lostWork = !queue.isEmpty
        queue.removeAll()
        inFlight.removeAll()
        webViews.removeAll()
        stores.removeAll()
        defaultStore = nil
        persistentJar.endSession()
        log(
            "app process killed: web views\(lostWork ? ", pending work" : "") and non-persistent data stores are gone; "
                + "the default data store keeps its persistent cookies"
        )
    }

    /// A kill, then the persistent jar emptied at once: no data store of the new process exists yet, so nothing
    /// is held for a first load (the `ios-11` profile holds the app's cookie-store calls, not the system's).
    public func uninstallApp() {
        terminateApp()
        let removed = persistentJar.delete { _ in true }
        log("app deleted and installed again: the default data store's \(removed) persistent cookie(s) are gone")
    }

    // MARK: Web views

    final class WebView {
        let handle: Int
        let store: DataStore
        /// The web view's process pool (its identifier).
        let processPool: Int
        let client: any WebViewEngineClient
        /// The committed page; nil while blank.
        var page: URL?
        /// The navigation in flight (provisional), if any.
        var navigation: Navigation?
        /// The back-forward list (committed URLs and the page's pushed ones) and the index of the current item.
        var history: [HistoryItem] = []
        var historyIndex = -1
        /// The web process's copy of script-visible cookies, on a profile that keeps one (made at the first read).
        var scriptCookieCache: ScriptCookieCache?
        /// The page's JavaScriptCore context, made by the first script the fast path cannot run; nil until then.
        var javaScript: PageJavaScript?
        /// The page's globals the fast path bound (the name-guard idiom's `var`), for a context made later.
        var fastPathGlobals: [String: [String]] = [:]
        /// How many script messages the web view's pages have posted (to order a script's completion after them).
        var postedMessages = 0

        init(handle: Int, store: DataStore, processPool: Int, client: any WebViewEngineClient) {
            self.handle = handle
            self.store = store
            self.processPool = processPool
            self.client = client
        }
    }

    /// A back-forward list item: its URL, and the document it belongs to (the handle of the navigation that
    /// committed it): a `pushState` item belongs to the document that pushed it, so going to it loads nothing.
    struct HistoryItem {
        var url: URL
        let document: Int
    }

    /// Rule 1: a web view uses its data store's jar; the process pool changes nothing about cookies.
    public func makeWebView(dataStore: Int, processPool: Int, opener: Int?, client: any WebViewEngineClient) -> Int {
        let handle = makeHandle()
        guard let store = stores[dataStore] else {
            log("web view #\(handle) not created: its data store #\(dataStore) belongs to a killed process")
            return handle
        }
        webViews[handle] = WebView(handle: handle, store: store, processPool: processPool, client: client)
        // Rule 1: the process pool splits no jar; only on a profile where cookie-store writes need a shared pool
        // does it matter (rule 8, ``PlatformProfile/cookieStoreNeedsSharedProcessPool``).
        let shared = sharedProcessPools.contains(processPool) ? "the app's shared" : "its own"
        let window = opener.map { " (the new window of web view #\($0))" } ?? ""
        log("web view #\(handle) created on \(store.kind) data store #\(store.handle), \(shared) process pool\(window)")
        return handle
    }

    public func currentURL(ofWebView webView: Int) -> URL? { webViews[webView]?.page }

    public func isLoading(webView: Int) -> Bool { webViews[webView]?.navigation != nil }

    // MARK: Sites and request contexts

    /// The registrable domain (eTLD+1) of a URL's host, or the host itself for IP addresses and suffixes.
    func registrableDomain(of url: URL) -> String {
        guard let cookieURL = CookieURL(string: url.absoluteString) else { return url.host ?? "" }
        if cookieURL.isIPAddress { return cookieURL.host }
        return PublicSuffixList.system.registrableDomain(of: cookieURL.host) ?? cookieURL.host
    }

    /// Scheme class plus registrable domain (RFC 6265bis §5.2: same-site needs both to agree), or the registrable
    /// domain alone where the profile's same-site is schemeless (and `schemeful` is false).
    func site(of url: URL, schemeful: Bool = false) -> String {
        guard profile.schemefulSameSite || schemeful else { return registrableDomain(of: url) }
        let secure = ["https", "wss"].contains(url.scheme?.lowercased() ?? "")
        return (secure ? "https://" : "http://") + registrableDomain(of: url)
    }

    /// The context of an HTTP request started by `initiator` (nil: the app, never cross-site by its initiator).
    /// `urlList` is the request's URL list so far, first URL to `url`: where the profile applies RFC 6265bis §5.2's
    /// redirect-chain rule to this kind of request (a subresource's: to the cookies it sends, or with `storing` to
    /// those its answer sets), a URL on another site makes it a cross-site redirect.
    /// Rule 12: with SameSite ignored, no request counts as cross-site.
    func httpContext(
        for url: URL, initiator: URL?, urlList: [URL], topLevel: Bool, method: String, storing: Bool = false
    ) -> CookieRequestContext {
        var context = CookieRequestContext(
            api: .http, isTopLevelNavigation: topLevel,
            isSafeMethod: ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method.uppercased())
        )
        guard profile.sameSite.isEnforced else { return context }
        context.isSameSite = initiator.map { site(of: $0) == site(of: url) } ?? true
        let redirects = profile.crossSiteRedirects
        if redirects.applies(topLevel: topLevel, host: url.host, pageHost: initiator?.host, storing: storing) {
            let schemeful = redirects.schemefulChain
            let target = site(of: url, schemeful: schemeful)
            context.isCrossSiteRedirect = urlList.contains { site(of: $0, schemeful: schemeful) != target }
        }
        return context
    }

    func describe(_ outcome: CookieStoreOutcome) -> String {
        switch outcome {
        case .stored(let cookie, let replaced): "\(replaced ? "replaced" : "stored") \(cookie.summary)"
        case .expiredOnArrival(let removed): removed ? "deleted (expired on arrival)" : "ignored (expired on arrival)"
        case .rejected(let reason): "rejected (\(reason))"
        }
    }
}
