import ChildProcesses
import CookieModel
import Foundation
import HTTPModel
import ProcessCleanup
import Locking
import WebKitModel

/// A real WebKit engine behind the `WebKitEngine` seam: WebKitGTK in a driver process (`harness_drivers/webkit.py`,
/// protocol in `harness_drivers/PROTOCOL.md`), so that the strategies that run on ``SimulatedWebKit`` run unchanged on it.
///
/// - **Network.** WebKit's proxy is inside the driver; every request that reaches it comes back here as an
///   `http-request` event and is answered through the same ``HTTPNetwork`` the simulated engine uses, so "what
///   the origin received" and the transcript mean the same in both modes.
/// - **Run loop.** The app's main queue is this object's own (work ordered by due time on the app's virtual
///   clock, as in the simulated engine). ``runUntilIdle()`` alternates between that queue and the driver's
///   `settle`, which hands over what WebKit did (decisions to take, requests to answer, navigations that moved)
///   until both are idle.
/// - **Clock.** WebKit's processes run under libfaketime; before each turn of the run loop their clock is set to
///   the scenario's virtual clock, so expiry means the same to the native store (virtual) and to WebKit.
/// - **Failures.** A driver that hangs, dies or breaks its protocol is killed with its process group; the next
///   ``runUntilIdle()`` throws ``WebKitError/Code/engineFailed`` and the scenario is an error, never a verdict.
package final class WebKitGTKEngine: WebKitEngine {
    package let clock: VirtualClock
    let network: any HTTPNetwork
    /// Where engine events go (the transcript), one line each.
    package var eventLog: (String) -> Void
    /// How long one `settle` may wait for WebKit to do something, by default.
    package static let defaultSettleWait: TimeInterval = 10
    /// How long one `settle` may wait for WebKit to do something before the step fails as not settling; the
    /// driver that does not answer within this plus its request time limit is killed.
    package let settleWait: TimeInterval
    /// The most turns one ``runUntilIdle()`` takes before it gives up (an app scheduling work forever).
    package static let maximumTurns = 10_000

    let drivers: WebKitGTKDrivers
    let driver: WebKitGTKDriver
    /// Whether ``close()`` gave the driver back: the run closes the engine, and a leaked one is deinitialized late
    /// or never.
    private let closed = Locked(false)
    /// The default data store's folder when it must persist (a scenario that kills the app), else nil: an
    /// ephemeral default store, which the driver reuses between scenarios at a fraction of the cost.
    let persistentDirectory: URL?
    /// The folder's registration with `ProcessCleanup`, so that neither a signal nor a late write by WebKit leaves
    /// it behind.
    private let scratchToken: Int?

    var queue = EventQueue()
    var nextHandle = 1
    var defaultStore: Int?
    var stores: Set<Int> = []
    var views: [Int: View] = [:]
    /// The web view of each navigation the driver reported.
    var navigationViews: [Int: Int] = [:]
    /// The URL of each navigation's final response: the page it commits.
    var responseURLs: [Int: URL] = [:]
    /// Navigations that failed: WebKit's later events for them are not the delegate's to hear.
    var failedNavigations: Set<Int> = []
    var fetches: [Int: (Result<WebResponse, WebKitError>) -> Void] = [:]
    /// `evaluateJavaScript` calls whose script waits on a `prompt()` the app has to answer first, by the driver's
    /// call number: they end with an `evaluate-done` event.
    var evaluations: [Int: (Result<String?, WebKitError>) -> Void] = [:]
    /// Prompts the page waits on, by the driver's dialog number, until the app answers.
    var waitingPrompts: Set<Int> = []
    /// Work that must follow the events of the next `settle` (a script's completion after the messages it posted).
    var afterNextSettle: [() -> Void] = []
    var observers: [Int: [() -> Void]] = [:]
    /// A driver failure met inside a call that cannot throw; the next ``runUntilIdle()`` throws it.
    var pendingFailure: WebKitError?
    var clockSentAt: Date?
    /// The real time of the first `set-clock` (``syncClock()``).
    var clockFirstSetAt: Date?

    final class View {
        let handle: Int
        let store: Int
        let client: any WebViewEngineClient
        var scriptsSent: [WKUserScript]
        /// The script message handler names the driver has registered.
        var handlersSent: [String] = []
        var page: URL?
        /// Navigations started and not yet finished or failed.
        var loading: Set<Int> = []

        init(handle: Int, store: Int, client: any WebViewEngineClient, scripts: [WKUserScript]) {
            self.handle = handle
            self.store = store
            self.client = client
            self.scriptsSent = scripts
        }
    }

    /// Leases a driver for one app (one scenario).
    ///
    /// - Parameters:
    ///   - persistent: the scenario kills and relaunches the app, so the default data store must live on disk.
    /// - Throws: ``ChildProcessError`` when no driver can start (no display, WebKitGTK missing).
    package init(
        clock: VirtualClock, network: any HTTPNetwork, persistent: Bool, drivers: WebKitGTKDrivers = .shared,
        settleWait: TimeInterval = defaultSettleWait, eventLog: @escaping (String) -> Void = { _ in }
    ) throws {
        self.settleWait = settleWait
        self.clock = clock
        self.network = network
        self.eventLog = eventLog
        self.drivers = drivers
        self.driver = try drivers.lease(log: { [name = drivers.program.name] in eventLog(name + ": " + $0) })
        if persistent {
            let base = FileManager.default.temporaryDirectory.path
            guard let made = ProcessCleanup.makeScratchFolder(
                template: (base.hasSuffix("/") ? base : base + "/") + "cookie-harness-webkitgtk-XXXXXX")
            else {
                drivers.giveBack(driver)
                throw WebKitError(.engineFailed, "cannot create a data store folder in \(base): \(String(cString: strerror(errno)))")
            }
            persistentDirectory = URL(fileURLWithPath: made.path, isDirectory: true)
            scratchToken = made.token
        } else {
            persistentDirectory = nil
            scratchToken = nil
        }
        log("\(drivers.program.engine) \(driver.handshake.version) (driver pid \(driver.process.pid))"
            + (driver.handshake.movesClock ? ", clock moved with libfaketime" : ", on the machine's clock (the driver cannot move it)"))
    }

    /// Gives the driver back for the next scenario (once: a driver given back twice would serve two at a time).
    package func close() {
        let first = closed.withLock { closed -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        drivers.giveBack(driver)
        // Still registered after this removal: the driver's WebKit may write into the folder again after the
        // engine is gone, so the harness removes it once more when it exits.
        if let persistentDirectory { try? FileManager.default.removeItem(at: persistentDirectory) }
    }

    deinit { close() }

    package var now: Date { clock.now }

    /// `set-clock` moves the engine's clock (the driver said `faketime: true`): scenarios on a virtual clock can run.
    package var movesClock: Bool { driver.handshake.movesClock }

    func log(_ line: String) { eventLog(drivers.program.name + ": " + line) }

    func makeHandle() -> Int {
        defer { nextHandle += 1 }
        return nextHandle
    }

    /// Sends a request whose failure cannot be thrown where it happens: it is kept for ``runUntilIdle()``.
    @discardableResult
    func send(_ operation: String, _ fields: [String: JSONValue] = [:]) -> LineProtocol.Result? {
        guard pendingFailure == nil else { return nil }
        if operation != "set-clock" { syncClock() }
        do {
            return try driver.call(operation, fields)
        } catch {
            pendingFailure = engineError(error)
            return nil
        }
    }

    func engineError(_ error: any Error) -> WebKitError {
        switch error {
        case let error as WebKitError: error
        case WebKitGTKDriverError.skipped(let reason): WebKitError(.unsupportedByEngine, "\(drivers.program.engine): \(reason)")
        case let error as WebKitGTKDriverError: WebKitError(.engineFailed, "\(error)")
        default: WebKitError(.engineFailed, "\(error)")
        }
    }

    // MARK: Data stores

    package func defaultDataStore() -> Int {
        if let defaultStore { return defaultStore }
        var fields: [String: JSONValue] = ["persistent": .bool(persistentDirectory != nil)]
        if let persistentDirectory { fields["directory"] = .string(persistentDirectory.path) }
        let store = newStore(fields, kind: persistentDirectory != nil ? "persistent default" : "default (ephemeral)")
        defaultStore = store
        return store
    }

    package func makeNonPersistentDataStore() -> Int {
        newStore(["persistent": false], kind: "non-persistent")
    }

    private func newStore(_ fields: [String: JSONValue], kind: String) -> Int {
        syncClock()
        guard let result = send("new-data-store", fields), case .integer(let store)? = result.fields["store"] else {
            if pendingFailure == nil { pendingFailure = WebKitError(.engineFailed, "new-data-store gave no store") }
            return -makeHandle()
        }
        stores.insert(store)
        log("\(kind) data store #\(store) (its own WebsiteDataManager)")
        return store
    }

    package func setCookie(_ cookie: Cookie, inDataStore store: Int, completion: @escaping () -> Void) {
        guard stores.contains(store) else { return log("setCookie ignored: data store #\(store) belongs to a killed process") }
        guard send("set-cookie", ["store": .integer(store), "cookie": DriverMessages.cookie(cookie)]) != nil else { return }
        log("CookieManager.add_cookie \(cookie.summary) in data store #\(store): done")
        schedule(after: 0, completion)
    }

    package func deleteCookie(_ cookie: Cookie, inDataStore store: Int, completion: @escaping () -> Void) {
        guard stores.contains(store) else { return log("delete ignored: data store #\(store) belongs to a killed process") }
        guard send("delete-cookie", ["store": .integer(store), "cookie": DriverMessages.cookie(cookie)]) != nil else { return }
        log("CookieManager.delete_cookie \(cookie.name) (\(cookie.domain)\(cookie.path)) in data store #\(store): done")
        schedule(after: 0, completion)
    }

    package func removeAllWebsiteData(inDataStore store: Int, completion: @escaping () -> Void) {
        guard stores.contains(store) else { return log("removeData ignored: data store #\(store) belongs to a killed process") }
        guard send("clear-data-store", ["store": .integer(store)]) != nil else { return }
        log("WebsiteDataManager.clear(ALL) in data store #\(store): done")
        schedule(after: 0, completion)
    }

    package func getAllCookies(inDataStore store: Int, completion: @escaping ([Cookie]) -> Void) {
        guard stores.contains(store) else { return log("getAllCookies ignored: data store #\(store) belongs to a killed process") }
        guard let result = send("get-cookies", ["store": .integer(store)]) else { return }
        do throws(LineProtocol.Violation) {
            let cookies = try DriverMessages.cookies(in: result, now: now)
            schedule(after: 0) { completion(cookies) }
        } catch {
            pendingFailure = WebKitError(.engineFailed, "invalid get-cookies result: \(error.message)")
        }
    }

    package func observeCookieChanges(inDataStore store: Int, _ handler: @escaping () -> Void) {
        guard stores.contains(store) else { return }
        if observers[store] == nil { send("observe-cookies", ["store": .integer(store)]) }
        observers[store, default: []].append(handler)
    }

    // MARK: Web views

    package func makeWebView(dataStore: Int, processPool: Int, opener: Int?, client: any WebViewEngineClient) -> Int {
        guard stores.contains(dataStore) else {
            log("web view not created: its data store #\(dataStore) belongs to a killed process")
            return -makeHandle()
        }
        let scripts = client.userScripts
        var fields: [String: JSONValue] = ["store": .integer(dataStore), "scripts": Self.scripts(scripts)]
        if !client.urlSchemes.isEmpty { fields["schemes"] = .array(client.urlSchemes.map(JSONValue.string)) }
        if let opener, views[opener] != nil { fields["opener"] = .integer(opener) }
        guard let result = send("new-web-view", fields), case .integer(let handle)? = result.fields["view"] else {
            return -makeHandle()
        }
        views[handle] = View(handle: handle, store: dataStore, client: client, scripts: scripts)
        let window = opener.map { " (the new window of web view #\($0))" } ?? ""
        log("web view #\(handle) created on data store #\(dataStore)\(window)")
        return handle
    }

    static func scripts(_ scripts: [WKUserScript]) -> JSONValue {
        .array(scripts.map { script in
            .object([
                "source": .string(script.source),
                "time": .string(script.injectionTime == .atDocumentStart ? "start" : "end"),
                "main-frame-only": .bool(script.isForMainFrameOnly),
            ])
        })
    }

    /// `WKUserContentController` changes reach the driver before anything can commit or run: user scripts (for
    /// the pages a web view commits later) and script message handler names (the pages see them at once).
    func syncUserContent() {
        for view in views.values {
            let scripts = view.client.userScripts
            if scripts != view.scriptsSent {
                guard send("set-scripts", ["view": .integer(view.handle), "scripts": Self.scripts(scripts)]) != nil else { return }
                view.scriptsSent = scripts
                log("web view #\(view.handle): user scripts replaced (\(scripts.count))")
            }
            let names = view.client.scriptMessageHandlerNames
            if names != view.handlersSent {
                guard send("set-message-handlers", ["view": .integer(view.handle), "names": .array(names.map(JSONValue.string))]) != nil
                else { return }
                view.handlersSent = names
                log("web view #\(view.handle): script message handlers \(names.isEmpty ? "none" : names.joined(separator: ", "))")
            }
        }
    }

    package func load(_ request: WebRequest, inWebView handle: Int) -> Int {
        guard let view = views[handle] else {
            log("load ignored: web view #\(handle) belongs to a killed process")
            return -makeHandle()
        }
        syncUserContent()
        syncClock()
        let fields: [String: JSONValue] = [
            "view": .integer(handle), "url": .string(request.url.absoluteString), "method": .string(request.httpMethod),
            "headers": DriverMessages.headers(request.headerFields), "body": request.bodyText.map(JSONValue.string) ?? .null,
        ]
        if !request.httpShouldHandleCookies {
            pendingFailure = WebKitError(.unsupportedByEngine, "\(drivers.program.engine) has no httpShouldHandleCookies (DESIGN §6 rules 10, 11)")
            return -makeHandle()
        }
        guard let result = send("load", fields), case .integer(let navigation)? = result.fields["navigation"] else {
            return -makeHandle()
        }
        navigationViews[navigation] = handle
        view.loading.insert(navigation)
        let manual = request.value(forHTTPHeaderField: "Cookie").map { " with the app's Cookie header '\($0)'" } ?? ""
        log("navigation #\(navigation) starts in web view #\(handle): \(request.httpMethod) \(request.url)\(manual)")
        return navigation
    }

    /// `webkit_web_view_load_html` through the driver's `load-html`.
    package func loadHTML(_ html: String, baseURL: URL?, inWebView handle: Int) -> Int {
        guard let view = views[handle] else {
            log("loadHTMLString ignored: web view #\(handle) belongs to a killed process")
            return -makeHandle()
        }
        syncUserContent()
        syncClock()
        let fields: [String: JSONValue] = [
            "view": .integer(handle), "html": .string(html), "base-url": baseURL.map { .string($0.absoluteString) } ?? .null,
        ]
        guard let result = send("load-html", fields), case .integer(let navigation)? = result.fields["navigation"] else {
            return -makeHandle()
        }
        navigationViews[navigation] = handle
        view.loading.insert(navigation)
        log("navigation #\(navigation) starts in web view #\(handle): the app's HTML at \(baseURL?.absoluteString ?? "about:blank")")
        return navigation
    }

    package func currentURL(ofWebView webView: Int) -> URL? { views[webView]?.page }

    package func isLoading(webView: Int) -> Bool { !(views[webView]?.loading.isEmpty ?? true) }

    package func evaluateJavaScript(
        _ source: String, inWebView handle: Int, completion: @escaping (Result<String?, WebKitError>) -> Void
    ) {
        guard views[handle] != nil else { return log("evaluateJavaScript ignored: web view #\(handle) belongs to a killed process") }
        syncUserContent()
        syncClock()
        guard pendingFailure == nil else { return }
        let outcome: Result<String?, WebKitError>
        let result: LineProtocol.Result
        do {
            result = try driver.call("evaluate", ["view": .integer(handle), "source": .string(source)])
        } catch WebKitGTKDriverError.errored(let message) {
            log("evaluateJavaScript failed: \(message)")
            schedule(after: 0) { completion(.failure(WebKitError(.javaScriptExceptionOccurred, message))) }
            return
        } catch {
            pendingFailure = engineError(error)
            return
        }
        if case .integer(let call)? = result.fields["pending"] {
            log("evaluateJavaScript: the script waits on a prompt() (call #\(call))")
            evaluations[call] = completion
            return
        }
        if case .string(let value)? = result.fields["value"] { outcome = .success(value) } else { outcome = .success(nil) }
        // The messages the script posted reach the app first, as on the simulated engine: their events come with
        // the next settle, and the completion after them.
        if result.fields["posted"] == .bool(true) { afterNextSettle.append { completion(outcome) } }
        else { schedule(after: 0) { completion(outcome) } }
    }

    package func clickLink(to url: URL, inWebView handle: Int) {
        guard let view = views[handle], view.page != nil else {
            return log("link click to \(url) ignored: web view #\(handle) shows no page")
        }
        syncUserContent()
        guard let result = send("click-link", ["view": .integer(handle), "url": .string(url.absoluteString)]),
              case .integer(let navigation)? = result.fields["navigation"]
        else { return }
        navigationViews[navigation] = handle
        view.loading.insert(navigation)
        log("navigation #\(navigation) (linkActivated): the page clicks a link to \(url)")
    }

    /// The page clicks a `target="_blank"` link; WebKit's new-window action comes back as `decide-new-window`.
    package func clickLinkToNewWindow(_ url: URL, inWebView handle: Int) {
        guard let view = views[handle], view.page != nil else {
            return log("target=_blank link click to \(url) ignored: web view #\(handle) shows no page")
        }
        syncUserContent()
        guard send("click-link", ["view": .integer(handle), "url": .string(url.absoluteString), "target": .string("_blank")]) != nil
        else { return }
        log("web view #\(handle): the page clicks a target=_blank link to \(url)")
    }

    package func submitForm(_ request: WebRequest, inWebView handle: Int) -> Int? {
        guard let view = views[handle], view.page != nil else {
            log("form submission to \(request.url) ignored: web view #\(handle) shows no page")
            return nil
        }
        syncUserContent()
        syncClock()
        let fields: [String: JSONValue] = [
            "view": .integer(handle), "url": .string(request.url.absoluteString), "method": .string(request.httpMethod),
            "body": .string(request.bodyText ?? ""),
        ]
        guard let result = send("submit-form", fields), case .integer(let navigation)? = result.fields["navigation"] else {
            return nil
        }
        navigationViews[navigation] = handle
        view.loading.insert(navigation)
        log("navigation #\(navigation) (formSubmitted): the page submits a form, \(request.httpMethod) \(request.url)")
        return navigation
    }

    package func goInHistory(by offset: Int, inWebView handle: Int) -> Int? {
        guard let view = views[handle] else {
            log("history navigation ignored: web view #\(handle) belongs to a killed process")
            return nil
        }
        syncUserContent()
        syncClock()
        let op = offset < 0 ? "go-back" : "go-forward"
        guard let result = send(op, ["view": .integer(handle)]) else { return nil }
        guard case .integer(let navigation)? = result.fields["navigation"] else {
            log("\(op): web view #\(handle) has no history item that way")
            return nil
        }
        navigationViews[navigation] = handle
        view.loading.insert(navigation)
        // An item the page's own pushState made: WebKit traverses within the document, and no load starts.
        let withinDocument = result.fields["same-document"] == .bool(true)
        log("navigation #\(navigation) (\(withinDocument ? "within the document" : "backForward")): \(op) in web view #\(handle)")
        return navigation
    }

    package func requestSubresource(
        _ request: WebRequest, kind: SubresourceKind, inWebView handle: Int,
        completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        guard views[handle]?.page != nil else {
            schedule(after: 0) { completion(.failure(WebKitError(.cannotFindHost, "no page to load \(request.url) from"))) }
            return
        }
        var fields: [String: JSONValue] = [
            "view": .integer(handle), "url": .string(request.url.absoluteString), "method": .string(request.httpMethod),
            "headers": DriverMessages.headers(request.headerFields.removing("Cookie")),
            "body": request.bodyText.map(JSONValue.string) ?? .null, "kind": .string(kind.name),
        ]
        switch kind {
        case .xhr(let withCredentials), .eventSource(let withCredentials): fields["with-credentials"] = .bool(withCredentials)
        case .fetch(let credentials, let mode):
            fields["credentials"] = .string(credentials.rawValue)
            fields["mode"] = .string(mode.rawValue)
        case .image, .iframe, .script, .beacon, .webSocket: break
        }
        guard let result = send("fetch", fields), case .integer(let id)? = result.fields["request"] else { return }
        fetches[id] = { result in completion(result.map { _ in WebResponse(url: request.url, statusCode: 200, headerFields: []) }) }
        log("the page requests \(request.httpMethod) \(request.url) as \(kind.summary)")
    }

    // MARK: The app's run loop

    @discardableResult
    package func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> Int {
        let handle = makeHandle()
        queue.add(due: clock.now.addingTimeInterval(max(0, delay)), handle: handle, work: work)
        return handle
    }

    package func cancelScheduled(_ handle: Int) {
        queue.cancel(handle)
    }

    /// Runs the app's due work and WebKit's events until both are idle; when only future app work is left, moves
    /// the virtual clock to it (as the simulated engine does) and goes on.
    package func runUntilIdle() throws {
        var turns = 0
        while true {
            if let failure = pendingFailure { throw failure }
            turns += 1
            guard turns <= Self.maximumTurns else {
                queue.removeAll()
                throw WebKitError(.engineDidNotSettle, "the run loop did not become idle after \(Self.maximumTurns) turns")
            }
            if let due = queue.popDue(at: clock.now) {
                due.work()
                continue
            }
            if runAppWhilePromptsWait() { continue }
            syncUserContent()
            syncClock()
            if let failure = pendingFailure { throw failure }
            let result: LineProtocol.Result
            do {
                result = try driver.call(
                    "settle", ["wait": .number(settleWait)],
                    timeout: .milliseconds(Int(settleWait * 1000)) + driver.process.configuration.requestTimeout)
            } catch {
                throw engineError(error)
            }
            let events: [JSONValue]
            do throws(LineProtocol.Violation) {
                events = try result.array("events")
                for event in events { try handle(event) }
            } catch {
                driver.kill()
                throw WebKitError(.engineFailed, "the WebKitGTK driver sent an invalid event: \(error.message)")
            }
            let following = afterNextSettle
            afterNextSettle = []
            for work in following { schedule(after: 0, work) }
            if !events.isEmpty || !following.isEmpty { continue }
            guard result.fields["idle"] == .bool(true) else {
                // WebKit stopped making progress (a process that never started): the driver is not to be trusted.
                driver.kill()
                let busy = if case .string(let reason)? = result.fields["busy"] { " (busy: \(reason))" } else { "" }
                throw WebKitError(
                    .engineFailed, "\(drivers.program.engine) did not become idle within \(settleWait) s\(busy); its driver was killed")
            }
            guard let next = queue.popNext() else { return }
            if next.due > clock.now { clock.advance(by: next.due.timeIntervalSince(clock.now)) }
            next.work()
        }
    }

    /// Moves WebKit's clock whenever the scenario's has moved since it was last set. WebKit's clock runs on with real
    /// time between moves, and a move adds exactly the scenario's step to it: it is the scenario's time plus the real
    /// time since the first set. Setting it back to the scenario's time instead undid the real time a slow step took
    /// (starting WebKit's processes under load): a `Max-Age=60` cookie received a second into its step was still
    /// sent 61 scenario-seconds later (seen in CI on `jar-rules.plus-sign-max-age-ignored`).
    func syncClock() {
        guard driver.handshake.movesClock else { return }
        let now = clock.now
        if let sent = clockSentAt, sent == now { return }
        let ranOn = clockFirstSetAt.map { Date().timeIntervalSince($0) } ?? 0
        guard send("set-clock", ["now": .number(now.timeIntervalSince1970 + ranOn)]) != nil else { return }
        if clockFirstSetAt == nil { clockFirstSetAt = Date() }
        clockSentAt = now
    }

    // MARK: Life cycle

    /// The app process is killed: its web views and data stores go, with WebKit's processes; what the persistent
    /// store wrote to disk stays for the next launch's new WebKit processes.
    package func terminateApp() {
        queue.removeAll()
        views.removeAll()
        stores.removeAll()
        observers.removeAll()
        fetches.removeAll()
        evaluations.removeAll()
        waitingPrompts.removeAll()
        afterNextSettle.removeAll()
        navigationViews.removeAll()
        responseURLs.removeAll()
        failedNavigations.removeAll()
        defaultStore = nil
        send("terminate-app")
        log("app process killed: web views, data stores and WebKit's processes are gone; the persistent store's files stay")
    }
}
