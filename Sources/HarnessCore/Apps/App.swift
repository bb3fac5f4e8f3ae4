import CookieModel
import Foundation
import HTTPModel

/// What the runner drives: an app with a native side and a web view (DESIGN §3, the second plug point).
///
/// **Implementation requirements**
/// - One instance per scenario, built by an adapter from an ``AppEnvironment``; it talks to origins only through
///   the environment's network (or, for live adapters, a real one) and reads time only from its clock.
/// - Actions throw ``StepFailure`` when the action itself ends badly in a way an app can (an unknown host, a
///   redirect loop); they throw ``AppError/unsupported(_:)`` for a step this app cannot perform at all, and any
///   other error for a broken adapter. The runner turns the first into a step outcome, the others into errors.
/// - Inspection (`documentCookie`, `cookies(in:)`) has no side effects visible to the scenario.
public protocol App: AnyObject {
    func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws
    func nativeRequest(_ request: HTTPRequest) throws
    /// A native request with `URLRequest.httpShouldHandleCookies` as the step says (`handles-cookies=`): when false,
    /// the native store neither adds its cookies to the request nor keeps the response's.
    func nativeRequest(_ request: HTTPRequest, handlesCookies: Bool) throws
    func openWebView(_ options: WebViewOptions) throws
    /// Later steps act on the open web view called `name` (``OpenWebViews``).
    func switchWebView(to name: String) throws
    /// `webView.load(request)`: a top-level navigation started by the app.
    func load(_ request: HTTPRequest, handlesCookies: Bool) throws
    /// `webView.load(request)` of a URL on the app's own scheme (`<open-web-view app-scheme=>`): the page comes from the
    /// app's `WKURLSchemeHandler`, not from an origin.
    func loadAppPage(_ url: URL) throws
    /// `webView.loadHTMLString(html, baseURL:)`: a page the app gives, with no request for it.
    func loadHTMLString(_ html: String, baseURL: URL?) throws
    /// A link in the current page, followed by the user.
    func followLink(_ url: HTTPURL) throws
    /// A `target="_blank"` link in the current page, followed by the user: the page asks for a new window.
    func followLinkToNewWindow(_ url: HTTPURL) throws
    /// A subresource request from the current page, made the way `kind` says (its credentials and CORS follow).
    func fetch(_ request: HTTPRequest, as kind: SubresourceKind) throws
    /// A form in the current page submitted by the user: a top-level navigation the page starts (POST with its body).
    func submitForm(_ request: HTTPRequest) throws
    /// The web view's back button: the previous history item is loaded again.
    func goBack() throws
    /// The web view's forward button.
    func goForward() throws
    /// JavaScript in the current page.
    func runScript(_ script: String) throws
    /// The app's own `WKUserScript` (document start, main frame only) added to the current web view's user content
    /// controller: pages the web view commits afterwards run it; the page shown now does not.
    func addUserScript(_ script: String) throws
    /// `document.cookie` of the current page.
    func documentCookie() throws -> String
    /// Kill the app and launch it again.
    func restart() throws
    /// Delete the app and install it again, then launch it: a first launch, nothing the app persisted survives.
    func reinstall() throws
    /// `WKWebsiteDataStore.removeData(ofTypes:modifiedSince:)` on the current web view's data store, for every
    /// type and every date, the step ending once its completion handler ran.
    func clearWebsiteData() throws
    /// `HTTPCookieStorage.removeCookies(since: .distantPast)`: the native store is emptied.
    func nativeRemoveCookies() throws
    /// `HTTPCookieStorage.removeCookies(since: date)`: the native cookies stored after `date` (on the scenario's
    /// clock) go, the others stay.
    func nativeRemoveCookies(since date: Date) throws
    /// The scenario moved the clock (`advance-clock`): work the platform does on its own time and whose time has
    /// come runs now (the simulated engine's implicit sync, rule 10).
    func clockDidAdvance() throws
    /// What a store holds now.
    func cookies(in store: StoreExpectation.Store) throws -> [Cookie]
    /// The work the app started that has not finished with its run loop idle (``PendingWork``), oldest first.
    func pendingWork() throws -> [PendingWork]
    /// Every request a web view sent, since the app was built, while a cookie write of its data store was in flight.
    func loadsDuringCookieWrites() throws -> [LoadDuringCookieWrite]
    /// The scenario is over: give back at once what the app holds outside itself (a real engine's driver).
    ///
    /// The runner calls it whatever the scenario did; an app must not count on being deallocated instead, as app
    /// code may keep its own objects alive (a strategy's closure that captures its context), and a driver held
    /// until the process exits makes the next scenario start another.
    func close()
}

/// What a World gives an adapter to build its app with.
public struct AppEnvironment: Sendable {
    public var clock: VirtualClock
    public var network: VirtualNetwork
    public var transcript: Transcript
    /// What the scenario will ask of the app (its required capabilities): an app on a real engine pays for
    /// persistence only when the scenario kills and relaunches it.
    public var scenarioNeeds: Set<Capability>
    /// Platform behaviours the scenario turns on (see ``PlatformParameters``).
    public var platform: PlatformParameters

    public init(
        clock: VirtualClock, network: VirtualNetwork, transcript: Transcript, scenarioNeeds: Set<Capability> = [],
        platform: PlatformParameters = PlatformParameters()
    ) {
        self.clock = clock
        self.network = network
        self.transcript = transcript
        self.scenarioNeeds = scenarioNeeds
        self.platform = platform
    }

    public var cookieClock: CookieClock { .virtual(clock) }
}

extension App {
    /// Apps written before these steps existed cannot perform them: the scenario is an error naming the step.
    public func submitForm(_ request: HTTPRequest) throws { throw AppError.unsupported("submit-form") }
    public func goBack() throws { throw AppError.unsupported("go-back") }
    public func loadAppPage(_ url: URL) throws { throw AppError.unsupported("a page on the app's scheme (\(url))") }
    public func loadHTMLString(_ html: String, baseURL: URL?) throws { throw AppError.unsupported("loadHTMLString") }
    public func goForward() throws { throw AppError.unsupported("go-forward") }
    /// Apps written before a native request could turn cookie handling off make only requests that handle cookies;
    /// one that must not is skipped with the reason, never run as if it did (the attribute once had no effect).
    public func nativeRequest(_ request: HTTPRequest, handlesCookies: Bool) throws {
        guard handlesCookies else {
            throw AppError.cannotServe("this app cannot make a native request with handles-cookies=\"false\"")
        }
        try nativeRequest(request)
    }
    /// Apps written before the app-lifecycle steps existed cannot perform them: skipped with the reason.
    public func reinstall() throws { throw AppError.cannotServe("this app cannot be deleted and installed again (reinstall-app)") }
    public func addUserScript(_ script: String) throws {
        throw AppError.cannotServe("this app cannot add a user script of its own to its web view (add-user-script)")
    }
    public func clearWebsiteData() throws { throw AppError.cannotServe("this app cannot remove its website data (clear-website-data)") }
    public func nativeRemoveCookies() throws {
        throw AppError.cannotServe("this app cannot remove its native cookies (native-remove-cookies)")
    }
    public func nativeRemoveCookies(since date: Date) throws {
        throw AppError.cannotServe("this app cannot remove its native cookies by when they were stored (native-remove-cookies since=)")
    }
    /// Apps that cannot tell when their loads went out against their cookie writes skip a scenario that asks.
    public func loadsDuringCookieWrites() throws -> [LoadDuringCookieWrite] {
        throw AppError.cannotServe(
            "this app cannot tell whether a load went out with a cookie write in flight (expect-no-load-during-cookie-write)")
    }
    /// Apps that cannot tell what they left pending skip a scenario that asks (never pass it unseen).
    public func pendingWork() throws -> [PendingWork] {
        throw AppError.cannotServe("this app cannot tell what work it left pending (expect-no-pending-work)")
    }
    /// Apps with no timers of the platform's own have nothing to run.
    public func clockDidAdvance() throws {}
    /// Apps that hold nothing outside their process have nothing to give back.
    public func close() {}
}

public enum AppError: Error, Sendable, CustomStringConvertible {
    /// The app cannot perform this step at all (not a failure of the behaviour under test).
    case unsupported(String)
    /// A step that needs a page (a link, a script) came before any page was loaded.
    case noPage(String)
    /// The app's engine has no way to do this step (a real engine that cannot load a POST): the scenario is
    /// skipped with the reason, never failed.
    case cannotServe(String)
    /// The app's real engine failed under it (its process crashed or stopped answering and was killed): not the
    /// behaviour under test. The runner runs the scenario once more on a fresh engine; a second one is an error.
    case engineFailure(String)

    public var description: String {
        switch self {
        case .unsupported(let what): "unsupported: \(what)"
        case .noPage(let step): "\(step) needs a page in the web view, and none is loaded"
        case .cannotServe(let reason): reason
        case .engineFailure(let detail): detail
        }
    }
}
