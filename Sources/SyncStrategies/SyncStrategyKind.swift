/// A strategy by name: what the adapters are built from.
public struct SyncStrategyKind: Sendable {
    /// The adapter name, e.g. `wk-cookie-store`.
    public var name: String
    /// What the app does, one line.
    public var summary: String
    /// Where it is known to break (DESIGN §5), one line.
    public var knownBreakage: String
    /// A fresh instance, for one app launch.
    public var make: @Sendable () -> any SyncStrategy
    /// The library and version the strategy is ported from, or nil for the harness's own strategies.
    public var origin: LibraryOrigin?
    /// Why the strategy does not run on the real engine yet (its live adapter is listed, and skips every scenario
    /// with this reason), or nil when it does. A port lands on the simulated profiles first; its live run needs its
    /// own expectation file, written from a measured run.
    public var realEngineGap: String?
    /// The options the library's release reads (``LibraryOption``), those an adapter name may set first.
    public var options: [LibraryOption] = []
    /// The options this kind sets away from their defaults (its name lists them).
    public internal(set) var values = LibraryOptionValues()
    /// A fresh instance with the options' values, for a kind with ``options``.
    var makeWithOptions: (@Sendable (LibraryOptionValues) -> any SyncStrategy)?

    public init(
        name: String, summary: String, knownBreakage: String, origin: LibraryOrigin? = nil,
        make: @escaping @Sendable () -> any SyncStrategy
    ) {
        self.name = name
        self.summary = summary
        self.knownBreakage = knownBreakage
        self.origin = origin
        self.make = make
    }

    /// Every WKWebView strategy of DESIGN §5, in the table's order, each field-note variant (`NAME:as-written`,
    /// `docs/field-notes.md`) right after the strategy it varies. (`uiwebview`, the shared-store baseline, is not
    /// a WKWebView strategy: HarnessCore's `SharedStoreApp` is that app.)
    public static let all: [SyncStrategyKind] = [
        SyncStrategyKind(
            name: "wk-no-sync", summary: "nothing: WKWebView keeps its own cookies",
            knownBreakage: "first request after native login; every native↔web case", make: { NoSyncStrategy() }),
        SyncStrategyKind(
            name: "wk-request-header", summary: "Cookie header from the native store on the load(_:) request",
            knownBreakage: "later navigations and subresources; header copied to every redirect hop (leak); masks a 302's Set-Cookie",
            make: { RequestHeaderStrategy() }),
        SyncStrategyKind(
            name: "wk-request-header:as-written",
            summary: "as the field notes write it: every native cookie (one value per name) in the load(_:) request's Cookie header",
            knownBreakage: "as wk-request-header, and other hosts' and Secure cookies go on the first request (http too); a POST load is rebuilt as a GET without its body",
            make: { RequestHeaderStrategy(variant: .asWritten) }),
        SyncStrategyKind(
            name: "wk-request-header:kept-session",
            summary: "as field note 001 writes it: every native cookie in the load(_:) request's Cookie header, and the session saved to UserDefaults, put back by a swizzled HTTPCookieStorage.cookies whenever it is missing",
            knownBreakage: "a native logout is undone (the session comes back into the native store, native requests and the next load); the rest as wk-request-header:as-written",
            make: { KeptSessionHeaderStrategy() }),
        SyncStrategyKind(
            name: "wk-app-cookie",
            summary: "as field note 002 writes it: the app's login cookie in a document-start script (document.cookie ='key=value') and, after every other native cookie, in the load(_:) request's Cookie header as 'key = value;'",
            knownBreakage: "the app's cookie goes as 'session = value' (spaces around '='), which a server does not read as the session; the HttpOnly session script-visible and not Secure; nothing for a web view opened before the native login; the rest as a header strategy",
            make: { AppCookieStrategy() }),
        SyncStrategyKind(
            name: "wk-user-script", summary: "document-start WKUserScript writing document.cookie",
            knownBreakage: "first request; HttpOnly (downgraded to script-visible); other domains; host-only widened to the domain",
            make: { UserScriptStrategy() }),
        SyncStrategyKind(
            name: "wk-user-script:as-written",
            summary: "as the field notes write it: document-start script writing 'name=value' for every native cookie, no domain or path",
            knownBreakage: "as wk-user-script, and every site's cookies are planted on the page's host with its default path",
            make: { UserScriptStrategy(variant: .asWritten) }),
        SyncStrategyKind(
            name: "wk-user-script:after-load",
            summary: "as field note 000's second injection: in didFinish, evaluateJavaScript writes every native cookie into document.cookie (name=value, no attributes)",
            knownBreakage: "nothing before the first page has finished (its request, subresources and scripts go without); HttpOnly and Secure lost, other hosts' cookies planted; the native value overwrites the web one after every page",
            make: { AfterLoadScriptStrategy() }),
        SyncStrategyKind(
            name: "wk-response-capture", summary: "Set-Cookie from decidePolicyFor navigationResponse into the native store",
            knownBreakage: "3xx responses never reach the delegate; folded Set-Cookie split on commas", make: { ResponseCaptureStrategy() }),
        SyncStrategyKind(
            name: "wk-response-capture:as-written",
            summary: "as the field notes write it: HTTPCookie.cookies(withResponseHeaderFields:for:) in decidePolicyFor navigationResponse",
            knownBreakage: "3xx responses never reach the delegate; a value holding ', x=' is cut", make: { ResponseCaptureStrategy(variant: .asWritten) }),
        SyncStrategyKind(
            name: "wk-js-read", summary: "document.cookie read after each page into the native store",
            knownBreakage: "HttpOnly cookies invisible; attributes lost", make: { JSReadStrategy() }),
        SyncStrategyKind(
            name: "wk-action-reinject", summary: "cancel in decidePolicyFor navigationAction, reload with a Cookie header",
            knownBreakage: "POST body lost; loops if the already-injected check fails; links become app loads; XHR never seen",
            make: { ActionReinjectStrategy() }),
        SyncStrategyKind(
            name: "wk-action-reinject:naive-check",
            summary: "as wk-action-reinject, with the naive 'already injected' check: a request without a Cookie header is re-issued",
            knownBreakage: "as wk-action-reinject, and a page the native side has no cookie for is cancelled and re-issued forever",
            make: { ActionReinjectStrategy(check: .cookieHeaderPresent) }),
        SyncStrategyKind(
            name: "wk-cookie-store", summary: "native cookies copied into WKHTTPCookieStore right before load(_:), not awaited",
            knownBreakage: "loading before the async setCookie lands (race)", make: { CookieStoreStrategy() }),
        SyncStrategyKind(
            name: "wk-userdefaults", summary: "cookies kept in UserDefaults with a forced expiry, restored on launch",
            knownBreakage: "session cookies become persistent; deleted cookies come back", make: { UserDefaultsStrategy() }),
        SyncStrategyKind(
            name: "wk-userdefaults:as-written",
            summary: "as field note 000 writes it: native cookies saved to UserDefaults (name, value, domain, path; 30 days) on every response, the web view's store wiped, restored and sent as a Cookie header on load(_:)",
            knownBreakage: "HttpOnly and Secure lost on restore; session cookies live 30 days; the web view's store wiped after every response (a script can then forge the session); a POST load is rebuilt as a GET without its body",
            make: { UserDefaultsAsWrittenStrategy() }),
        SyncStrategyKind(
            name: "wk-session-restore",
            summary: "as field note 004 writes it: the server's Set-Cookie saved to UserDefaults from navigationResponse; after a relaunch a document-start script writes it into document.cookie and the first load sends it as a Cookie header with httpShouldHandleCookies = false",
            knownBreakage: "the restored session is script-visible and not Secure; the first load after a relaunch sends none of the web view's cookies and stores none; Domain cookies, redirect hops' cookies and deletions never saved; nothing native",
            make: { SessionRestoreStrategy() }),
        SyncStrategyKind(
            name: "wk-cookie-sync-manager",
            summary: "as field note 003 writes it: the web view's cookies saved to UserDefaults once a cookie named like the app's domain appears (getAllCookies in decidePolicyFor navigationResponse), set unawaited into the next web view's WKHTTPCookieStore; one shared process pool",
            knownBreakage: "the gate looks for a cookie named like a domain, which no server sets: nothing is ever saved or restored, so every native↔web case fails as with no sync",
            make: { CookieSyncManagerStrategy() }),
        SyncStrategyKind(
            name: "wk-combined", summary: "two-way sync: awaited cookie-store copies, observer web→native, header only as fallback",
            knownBreakage: "none it claims (platform policy such as ITP still applies)", make: { CombinedStrategy() }),
    ]

    /// The harness's own strategy or a library port called `name`.
    public static func named(_ name: String) -> SyncStrategyKind? { (all + libraries).first { $0.name == name } }
}
