import CookieModel
import Foundation
import HTTPModel

/// The seam between the WebKit-shaped API and an engine: what the `WK…` classes ask of whatever runs the web.
///
/// The API classes (``WKWebView``, ``WKHTTPCookieStore``, …) hold no behaviour of their own; they forward to an
/// engine through this protocol and receive callbacks through ``WebViewEngineClient``. Everything that crosses it
/// is a value (requests, responses, cookies, identifiers) or a completion handler, so an engine in another process
/// (the WebKitGTK driver, speaking JSON lines) can implement it as well as ``SimulatedWebKit`` does.
///
/// **Implementation requirements**
/// - Asynchronous where WebKit is: completion handlers and delegate callbacks are never called from inside the
///   call that caused them; they run when the app's run loop turns (``runUntilIdle()``).
/// - One engine per app process; ``terminateApp()`` kills the process (DESIGN §6 rule 9) and identifiers handed out
///   before it are dead afterwards: calls with them are ignored and their completions never run.
/// - Identifiers are never reused within one engine's life.
public protocol WebKitEngine: AnyObject {
    /// "Now" on the app's clock (what app code gets from `Date()`).
    var now: Date { get }

    // MARK: Website data stores and their cookie stores

    /// `WKWebsiteDataStore.default()` for the current launch: the same identifier until the app is killed.
    func defaultDataStore() -> Int
    /// `WKWebsiteDataStore.nonPersistent()`: a new, empty, isolated store.
    func makeNonPersistentDataStore() -> Int
    /// `WKHTTPCookieStore.setCookie(_:completionHandler:)` (DESIGN §6 rule 8).
    func setCookie(_ cookie: Cookie, inDataStore store: Int, completion: @escaping () -> Void)
    /// `WKHTTPCookieStore.delete(_:completionHandler:)`: removes the cookie with the same identity.
    func deleteCookie(_ cookie: Cookie, inDataStore store: Int, completion: @escaping () -> Void)
    /// `WKWebsiteDataStore.removeData(ofTypes: allWebsiteDataTypes(), modifiedSince: .distantPast)` (or
    /// `fetchDataRecords` then `removeData(ofTypes:for:)` for every record): the store's website data — every cookie
    /// in this model — is removed, asynchronously, then the completion runs.
    func removeAllWebsiteData(inDataStore store: Int, completion: @escaping () -> Void)
    /// `WKHTTPCookieStore.getAllCookies(_:)`: HttpOnly cookies included.
    func getAllCookies(inDataStore store: Int, completion: @escaping ([Cookie]) -> Void)
    /// Registers `handler` to run (asynchronously, coalesced) after the store's cookies change
    /// (`WKHTTPCookieStoreObserver.cookiesDidChange(in:)`).
    func observeCookieChanges(inDataStore store: Int, _ handler: @escaping () -> Void)

    // MARK: Web views

    /// Creates a web view on a data store; `processPool` only identifies the pool (pools do not split cookie jars,
    /// DESIGN §6 rule 1). `opener`: the web view whose page asked for this one as its new window
    /// (``WebViewEngineClient/createWebView(for:)``), nil for a web view the app makes of its own accord.
    func makeWebView(dataStore: Int, processPool: Int, opener: Int?, client: any WebViewEngineClient) -> Int
    /// `WKWebView.load(_:)`; returns the navigation's identifier.
    func load(_ request: WebRequest, inWebView webView: Int) -> Int
    /// `WKWebView.loadHTMLString(_:baseURL:)`: the app's HTML as the page at `baseURL` (about:blank when nil), with no
    /// request for it; returns the navigation's identifier.
    func loadHTML(_ html: String, baseURL: URL?, inWebView webView: Int) -> Int
    /// `WKWebView.goBack()` / `goForward()` (`offset` -1 or 1): a navigation of type `.backForward` to the history
    /// item, without any header the app set on its first load (DESIGN §6 rule 2), or, to an item of the current
    /// document, a traversal within it (``NavigationEvent/sameDocument``); nil when there is no such item.
    func goInHistory(by offset: Int, inWebView webView: Int) -> Int?
    /// `WKWebView.url`: the committed page, nil for a blank web view.
    func currentURL(ofWebView webView: Int) -> URL?
    /// `WKWebView.isLoading`.
    func isLoading(webView: Int) -> Bool
    /// `WKWebView.evaluateJavaScript(_:completionHandler:)`: the value of the last expression (nil: undefined).
    func evaluateJavaScript(_ source: String, inWebView webView: Int, completion: @escaping (Result<String?, WebKitError>) -> Void)

    // MARK: The page, driven as a user would (harness automation, not WebKit API)

    /// The user clicks a link to `url` in the current page: a navigation of type `.linkActivated`, started by the
    /// page (same-site or cross-site by the page's site), without any header the app set.
    /// A real engine does it with `Object.assign(document.createElement('a'), {href}).click()`.
    func clickLink(to url: URL, inWebView webView: Int)
    /// The user clicks a `target="_blank"` link to `url` in the current page: the navigation delegate decides on an
    /// action that targets a new window; if allowed, the client is asked for a web view
    /// (``WebViewEngineClient/createWebView(for:)``) and the link's navigation runs there, or nowhere.
    func clickLinkToNewWindow(_ url: URL, inWebView webView: Int)
    /// The user submits a form of the current page to `request.url` (method and url-encoded body from `request`):
    /// a navigation of type `.formSubmitted` the page starts, without any header the app set. A real engine builds
    /// a `<form>` with hidden inputs and calls `submit()`.
    func submitForm(_ request: WebRequest, inWebView webView: Int) -> Int?
    /// The current page requests a subresource the way `kind` says (`fetch()`, an `XMLHttpRequest`, an image): no
    /// navigation delegate callback, no manual `Cookie` header (a forbidden header name for page scripts); cookies
    /// and CORS by the kind's credentials and request mode. A cross-origin XHR the answer does not allow fails.
    func requestSubresource(
        _ request: WebRequest, kind: SubresourceKind, inWebView webView: Int,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void)

    // MARK: The app's run loop (DispatchQueue.main)

    /// Runs `work` on the app's main queue after `delay` seconds of the app's clock; returns a handle for
    /// ``cancelScheduled(_:)``.
    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> Int
    func cancelScheduled(_ handle: Int)
    /// Lets the app's run loop turn until nothing is left to do: every pending completion, delegate callback and
    /// delayed effect runs, in order. How this moves the app's clock is the engine's to document.
    /// - Throws: ``WebKitError`` with ``WebKitError/Code/engineDidNotSettle`` when work never stops coming.
    func runUntilIdle() throws
    /// The app's calls into the engine that have not finished, oldest first (see ``PendingOperation``).
    var pendingOperations: [PendingOperation] { get }
    /// Every request a web view sent while a cookie write of its data store was in flight, in the order sent.
    var loadsDuringWrites: [LoadDuringWrite] { get }

    // MARK: Process life cycle

    /// The app process is killed: web views and pending work vanish, stores keep what they persist (rule 9).
    func terminateApp()
    /// The app is deleted and installed again: its process is killed and every store's website data is gone
    /// (the app's container is deleted with it), so the next launch is a first launch.
    func uninstallApp()
    /// The scenario is over: what the engine holds outside this process (a driver) is given back now, even while
    /// app code still holds the engine. No call follows.
    func close()
}

extension WebKitEngine {
    /// An engine in this process holds nothing outside it.
    public func close() {}

    /// An engine whose every call finishes before its run loop is idle (a real engine's driver answers each call
    /// when the engine did it) has nothing pending after a settle.
    public var pendingOperations: [PendingOperation] { [] }

    /// Such an engine finishes each cookie write before the call returns, so before any load the app starts next.
    public var loadsDuringWrites: [LoadDuringWrite] { [] }

    /// A kill, then the new process's default data store emptied with the engine's own removal (what a real
    /// engine's files hold is removed through it, as deleting the app's container would).
    public func uninstallApp() {
        terminateApp()
        removeAllWebsiteData(inDataStore: defaultDataStore()) {}
    }
}

/// What an engine tells a web view (the ``WKWebView`` facade), which passes it on to its navigation delegate.
public protocol WebViewEngineClient: AnyObject {
    func decidePolicy(
        for action: WKNavigationAction, navigation: Int, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    )
    func decidePolicy(
        for response: WKNavigationResponse, navigation: Int, decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    )
    func navigation(_ navigation: Int, didChange event: NavigationEvent)
    /// The user scripts to inject into a page that commits now (`WKUserContentController.userScripts`).
    var userScripts: [WKUserScript] { get }
    /// The names a page can post messages to now (`WKUserContentController.add(_:name:)`).
    var scriptMessageHandlerNames: [String] { get }
    /// The page at `pageURL` posted `body` (already converted as `WKScriptMessage.body` is) to `name`.
    func didReceiveScriptMessage(name: String, body: Any, pageURL: URL?)
    /// The page called `prompt()`: ask the app's `WKUIDelegate`; false when there is none (`prompt()` returns
    /// null). `completion` is called once, now or later, with the answer.
    func runTextInputPanel(prompt: String, defaultText: String?, pageURL: URL?, completion: @escaping (String?) -> Void) -> Bool
    /// The navigation delegate allowed an action that targets a new window: ask the app's `WKUIDelegate`
    /// (`createWebViewWith`); the engine's identifier of the web view it returned, made with the configuration it
    /// was given, or nil (no window opens).
    func createWebView(for action: WKNavigationAction) -> Int?
    /// The schemes the app answers itself (`setURLSchemeHandler(_:forURLScheme:)`), lower-case.
    var urlSchemes: [String] { get }
    /// A page's request for one of ``urlSchemes``: the app's handler gets a task and `completion` its answer (once);
    /// false when no handler answers the scheme.
    func startURLSchemeTask(_ request: WebRequest, completion: @escaping (Result<(WebResponse, Data), WebKitError>) -> Void) -> Bool
}

extension WebViewEngineClient {
    public var urlSchemes: [String] { [] }
    public func startURLSchemeTask(
        _ request: WebRequest, completion: @escaping (Result<(WebResponse, Data), WebKitError>) -> Void
    ) -> Bool { false }
    public var scriptMessageHandlerNames: [String] { [] }
    public func didReceiveScriptMessage(name: String, body: Any, pageURL: URL?) {}
    public func runTextInputPanel(
        prompt: String, defaultText: String?, pageURL: URL?, completion: @escaping (String?) -> Void
    ) -> Bool { false }
    public func createWebView(for action: WKNavigationAction) -> Int? { nil }
}

/// A step in a navigation's life, for ``WebViewEngineClient/navigation(_:didChange:)``.
public enum NavigationEvent: Sendable, Hashable {
    case startedProvisional
    case receivedServerRedirect
    case committed
    case finished
    case failedProvisional(WebKitError)
    /// A back/forward traversal to a history item of the current document (one its `history.pushState` made):
    /// nothing is loaded, only the page's URL changes (HTML: no fetch, `popstate`). WebKit tells it through its
    /// private `_webView:navigation:didSameDocumentNavigation:` alone (``WKNavigationDelegatePrivate``).
    case sameDocument
}
