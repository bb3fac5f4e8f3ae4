import CJavaScriptCore
import Foundation

/// One page's JavaScript global object, in WebKit's own engine (JavaScriptCore, the library WebKitGTK runs), with
/// the host objects cookie code touches: `window` (the global), `document.cookie` and `document.domain`,
/// `location` (which navigates), `history.pushState`/`replaceState`, `window.open`, `Date` on the scenario's clock, `JSON`, `console.log`, `prompt()`,
/// `window.webkit.messageHandlers.NAME.postMessage` and `fetch` (with `Headers`, `Request` and `Response`) — each
/// answered by ``Host``.
///
/// A page's user scripts and `evaluateJavaScript` run in the same context, so what a document-start script defines
/// is there for later scripts of that page; a new page gets a new context. The page environment itself is written
/// in JavaScript (``environment``) on top of a handful of host functions.
final class PageJavaScript {
    /// What the page's host objects do: the engine's closures.
    struct Host {
        /// `document.cookie` read (DESIGN §6 rule 7).
        var readCookie: () -> String
        /// `document.cookie = value` (DESIGN §6 rule 6).
        var writeCookie: (String) -> Void
        /// The page's URL (`location`, `document.domain`); nil: about:blank.
        var url: URL?
        /// Now on the app's virtual clock.
        var now: () -> Date
        /// The names of the message handlers registered now (`window.webkit.messageHandlers`).
        var messageHandlerNames: () -> [String]
        /// `window.webkit.messageHandlers[name].postMessage(body)`: the body as JSON (nil: not representable).
        var postMessage: (_ name: String, _ json: String?) -> Void
        /// `prompt(message, defaultText)`: the answer, nil for null (blocks until the app answers).
        var prompt: (_ message: String, _ defaultText: String?) -> String?
        /// `console.log(…)`, arguments joined with spaces.
        var log: (String) -> Void
        /// The engine's own `fetch(url, init)`: the request as the page's `Request` made it (`init` as JSON:
        /// `method`, `headers` as pairs, `body`, `credentials`); `settle` is called once, with the response or the
        /// network error, when the engine has it.
        var fetch: (_ request: FetchCall, _ settle: @escaping (Result<WebResponse, WebKitError>) -> Void) -> Void
        /// `setTimeout`: `fire` runs on the app's run loop once `delay` seconds of the virtual clock have passed.
        var setTimer: (_ delay: TimeInterval, _ fire: @escaping () -> Void) -> Void
        /// `location.href = url`, `location.assign`, `location.replace`, `location.reload()`: a navigation the page
        /// starts (HTML's navigate), after the script's turn.
        var navigate: (_ url: URL, _ how: ScriptNavigation) -> Void
        /// `history.pushState` (`replace` false) or `replaceState`: the page's URL changes, no request.
        var changeURL: (_ url: URL, _ replace: Bool) -> Void
        /// `window.open(url)`: the app is asked for a window.
        var openWindow: (URL) -> Void
    }

    /// How a script navigates: `location.assign` (and assigning `href`), `location.replace`, `location.reload`.
    enum ScriptNavigation: String {
        case assign, replace, reload
    }

    /// What a page's `fetch()` asked the engine for.
    struct FetchCall: Decodable {
        var url: String
        var method: String
        var headers: [[String]]
        var body: String?
        /// `omit`, `same-origin` (the Fetch standard's default) or `include`.
        var credentials: String
        /// `cors` (the default), `no-cors` or `same-origin`.
        var mode: String?
    }

    private let context: JSGlobalContextRef
    private let host: Host
    /// The scripts compiled in this page's VM (``CompiledScripts``).
    private let scripts: CompiledScripts
    /// What the environment gives the engine alone (``environment``'s return value): settling the engine's
    /// `fetch` promises, calling the page's `fetch` as it stands now.
    private var internals: JSObjectRef?
    /// The engine's `fetch` promises not yet settled and the page `fetch` calls not yet answered, by id.
    private var pageFetches: [String: (Result<WebResponse, WebKitError>) -> Void] = [:]
    private var nextPageFetch = 0
    /// Set when the page called something the simulated engine does not implement (intervals, history traversal):
    /// the script is then reported unsupported, whatever it caught.
    private var unsupported: String?

    init(host: Host, globals: [String: [String]] = [:]) {
        self.host = host
        let vm = PageVM.current
        scripts = vm.scripts
        context = JSGlobalContextCreateInGroup(vm.group, nil)
        let hostObject = JSObjectMake(context, Self.hostClass, Unmanaged.passUnretained(self).toOpaque())
        var exception: JSValueRef?
        let install = scripts.evaluate(Self.environment, in: context, always: true, exception: &exception)
        precondition(exception == nil, "the page environment failed: \(describe(exception))")
        var arguments: [JSValueRef?] = [hostObject]
        let internals = JSObjectCallAsFunction(context, JSValueToObject(context, install, nil), nil, 1, &arguments, &exception)
        precondition(exception == nil, "the page environment failed: \(describe(exception))")
        self.internals = JSValueToObject(context, internals, nil)
        JSValueProtect(context, self.internals)
        for (name, values) in globals { setGlobal(name, strings: values) }
    }

    /// A back/forward traversal within the document reached the item of `url`: `location` follows it, and the
    /// page's `onpopstate` runs (the item's state object is not kept: null).
    func traversed(to url: URL) {
        _ = callInternal("traversed", [makeString(url.absoluteString)])
    }

    /// The VM the page runs in (``PageVM``): one per thread.
    var contextGroup: JSContextGroupRef? { JSContextGetGroup(context) }

    deinit {
        if let internals { JSValueUnprotect(context, internals) }
        JSGlobalContextRelease(context)
    }

    // MARK: fetch

    /// True when a script replaced `window.fetch` (a library's bridge patching it): the page's own requests then go
    /// through that script, so the engine calls it rather than fetching itself.
    var fetchIsPatched: Bool {
        guard let value = callInternal("fetchIsPatched", []) else { return false }
        return JSValueToBoolean(context, value)
    }

    /// True when a script patched `XMLHttpRequest` (its prototype's `open`, `send` or `setRequestHeader`, or the
    /// class itself): the page's XHRs then go through that script.
    var xhrIsPatched: Bool {
        guard let value = callInternal("xhrIsPatched", []) else { return false }
        return JSValueToBoolean(context, value)
    }

    /// The page makes a request as a script of it would — `fetch(url, init)` or, for `kind` `xhr`, an
    /// `XMLHttpRequest` (`init`'s method, headers, body; `withCredentials` when credentials are `include`), whatever
    /// the page has put in their place — and `completion` gets the outcome: the response's status and URL, or the
    /// failure. Never called when the request never ends.
    func callRequest(
        kind: String, url: String, initJSON: String, completion: @escaping (Result<WebResponse, WebKitError>) -> Void
    ) {
        nextPageFetch += 1
        let id = "page-\(nextPageFetch)"
        pageFetches[id] = completion
        _ = callInternal("callRequest", [makeString(id), makeString(kind), makeString(url), makeString(initJSON)])
    }

    /// Calls a function of ``internals`` with `arguments`; its value, nil on an exception (logged).
    private func callInternal(_ name: String, _ arguments: [JSValueRef?]) -> JSValueRef? {
        guard let internals else { return nil }
        var exception: JSValueRef?
        let function = JSString.with(name) { JSObjectGetProperty(context, internals, $0, &exception) }
        guard exception == nil, let object = JSValueToObject(context, function, nil) else { return nil }
        var arguments = arguments
        let value = JSObjectCallAsFunction(context, object, internals, arguments.count, &arguments, &exception)
        if exception != nil {
            host.log("the simulated engine's \(name) failed: \(describe(exception))")
            return nil
        }
        return value
    }

    /// Starts the engine's `fetch` for the page promise `id`; the promise settles when the engine answers.
    private func startEngineFetch(id: String, json: String) {
        guard let call = try? JSONDecoder().decode(FetchCall.self, from: Data(json.utf8)) else {
            _ = callInternal("settleFetch", [makeString(id), JSValueMakeBoolean(context, false), makeString("invalid request")])
            return
        }
        host.fetch(call) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response):
                let headers = response.headerFields.map { [$0.name, $0.value] }
                let headersJSON = (try? JSONEncoder().encode(headers)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
                _ = callInternal("settleFetch", [
                    makeString(id), JSValueMakeBoolean(context, true), JSValueMakeNumber(context, Double(response.statusCode)),
                    makeString(response.url.absoluteString), makeString(headersJSON),
                ])
            case .failure(let error):
                _ = callInternal("settleFetch", [makeString(id), JSValueMakeBoolean(context, false), makeString(error.message)])
            }
        }
    }

    /// The page's request of a ``callRequest(kind:url:initJSON:completion:)`` ended.
    private func pageFetchSettled(id: String, ok: Bool, detail: String, url: String) {
        guard let completion = pageFetches.removeValue(forKey: id) else { return }
        if ok, let status = Int(detail), let responseURL = URL(string: url) {
            completion(.success(WebResponse(url: responseURL, statusCode: status, headerFields: [])))
        } else {
            // The rejection as the page's script sees it (`TypeError: Load failed`), as the real engine's driver says it.
            completion(.failure(WebKitError(.javaScriptExceptionOccurred, detail)))
        }
    }

    /// Runs `source`; returns the completion value as a string (nil: undefined or null).
    func evaluate(_ source: String) throws(WebKitError) -> String? {
        unsupported = nil
        var exception: JSValueRef?
        let value = scripts.evaluate(source, in: context, always: false, exception: &exception)
        if let unsupported {
            throw WebKitError(.unsupportedJavaScript, "the simulated engine does not implement \(unsupported)")
        }
        if exception != nil {
            throw WebKitError(.javaScriptExceptionOccurred, "a JavaScript exception occurred: \(describe(exception))")
        }
        guard let value, !JSValueIsUndefined(context, value), !JSValueIsNull(context, value) else { return nil }
        return string(value)
    }

    /// A global `var name = [strings]`, as the fast path's `var` bindings left it (``JavaScriptEvaluator``).
    private func setGlobal(_ name: String, strings: [String]) {
        let elements: [JSValueRef?] = strings.map { value in JSString.with(value) { JSValueMakeString(context, $0) } }
        let array = elements.withUnsafeBufferPointer { JSObjectMakeArray(context, $0.count, $0.baseAddress, nil) }
        JSString.with(name) { JSObjectSetProperty(context, JSContextGetGlobalObject(context), $0, array, 0, nil) }
    }

    private func makeString(_ value: String) -> JSValueRef? {
        JSString.with(value) { JSValueMakeString(context, $0) }
    }

    private func string(_ value: JSValueRef?) -> String {
        guard let copy = JSValueToStringCopy(context, value, nil) else { return "" }
        defer { JSStringRelease(copy) }
        return JSString.swift(copy)
    }

    private func describe(_ exception: JSValueRef?) -> String {
        exception.map(string) ?? "unknown"
    }

    // MARK: The host object

    /// Arguments of a host call as strings (nil for undefined or null).
    private func strings(_ count: Int, _ arguments: UnsafePointer<JSValueRef?>?) -> [String?] {
        (0..<count).map { index in
            guard let value = arguments?[index], !JSValueIsUndefined(context, value), !JSValueIsNull(context, value) else {
                return nil
            }
            return string(value)
        }
    }

    private func call(_ function: HostFunction, _ arguments: [String?]) -> JSValueRef? {
        switch function {
        case .readCookie:
            return makeString(host.readCookie())
        case .writeCookie:
            host.writeCookie(arguments.first.flatMap { $0 } ?? "undefined")
        case .now:
            return JSValueMakeNumber(context, (host.now().timeIntervalSince1970 * 1000).rounded(.down))
        case .url:
            return makeString(host.url?.absoluteString ?? "about:blank")
        case .messageHandlerNames:
            return makeString(host.messageHandlerNames().joined(separator: "\n"))
        case .postMessage:
            host.postMessage(arguments.first.flatMap { $0 } ?? "", arguments.dropFirst().first.flatMap { $0 })
        case .prompt:
            let message = arguments.first.flatMap { $0 } ?? ""
            guard let answer = host.prompt(message, arguments.dropFirst().first.flatMap { $0 }) else {
                return JSValueMakeNull(context)
            }
            return makeString(answer)
        case .log:
            host.log(arguments.map { $0 ?? "undefined" }.joined(separator: " "))
        case .fetch:
            startEngineFetch(id: arguments.first.flatMap { $0 } ?? "", json: arguments.dropFirst().first.flatMap { $0 } ?? "")
        case .fetchSettled:
            let values = arguments.map { $0 ?? "" } + ["", "", "", ""]
            pageFetchSettled(id: values[0], ok: values[1] == "ok", detail: values[2], url: values[3])
        case .setTimer:
            let id = arguments.first.flatMap { $0 } ?? ""
            let milliseconds = arguments.dropFirst().first.flatMap { $0 }.flatMap(Double.init) ?? 0
            // A page that was left (its context released) fires nothing.
            host.setTimer(max(0, milliseconds.isFinite ? milliseconds : 0) / 1000) { [weak self] in
                guard let self else { return }
                _ = callInternal("fireTimer", [makeString(id)])
            }
        case .unsupported:
            unsupported = unsupported ?? (arguments.first.flatMap { $0 } ?? "a browser API")
        case .navigate, .changeURL, .openWindow:
            guard let url = arguments.first.flatMap({ $0 }).flatMap(URL.init(string:)) else {
                unsupported = unsupported ?? "a navigation to a URL the engine cannot parse"
                break
            }
            let how = arguments.dropFirst().first.flatMap { $0 } ?? ""
            switch function {
            case .navigate: host.navigate(url, ScriptNavigation(rawValue: how) ?? .assign)
            case .changeURL: host.changeURL(url, how == "replace")
            default: host.openWindow(url)
            }
        }
        return JSValueMakeUndefined(context)
    }

    private enum HostFunction: String, CaseIterable {
        case readCookie, writeCookie, now, url, messageHandlerNames, postMessage, prompt, log, fetch, fetchSettled, setTimer, unsupported
        case navigate, changeURL, openWindow
    }

    /// One JS class for the host object, its functions dispatching on their own name (the C API passes no
    /// closure context, only the `this` object, whose private data is the page).
    nonisolated(unsafe) private static let hostClass: JSClassRef = {
        let functions = HostFunction.allCases.map { function in
            JSStaticFunction(
                name: UnsafePointer(strdup(function.rawValue)), callAsFunction: dispatcher(function),
                attributes: JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontDelete)
            )
        } + [JSStaticFunction(name: nil, callAsFunction: nil, attributes: 0)]
        let table = UnsafeMutablePointer<JSStaticFunction>.allocate(capacity: functions.count)
        table.initialize(from: functions, count: functions.count)
        var definition = kJSClassDefinitionEmpty
        definition.className = UnsafePointer(strdup("PageHost"))
        definition.staticFunctions = UnsafePointer(table)
        return JSClassCreate(&definition)
    }()

    /// A C callback per host function (a C function pointer cannot capture which one it is).
    private static func dispatcher(_ function: HostFunction) -> JSObjectCallAsFunctionCallback {
        switch function {
        case .readCookie: { PageJavaScript.invoke(.readCookie, $0, $2, $3, $4, $5) }
        case .writeCookie: { PageJavaScript.invoke(.writeCookie, $0, $2, $3, $4, $5) }
        case .now: { PageJavaScript.invoke(.now, $0, $2, $3, $4, $5) }
        case .url: { PageJavaScript.invoke(.url, $0, $2, $3, $4, $5) }
        case .messageHandlerNames: { PageJavaScript.invoke(.messageHandlerNames, $0, $2, $3, $4, $5) }
        case .postMessage: { PageJavaScript.invoke(.postMessage, $0, $2, $3, $4, $5) }
        case .prompt: { PageJavaScript.invoke(.prompt, $0, $2, $3, $4, $5) }
        case .log: { PageJavaScript.invoke(.log, $0, $2, $3, $4, $5) }
        case .fetch: { PageJavaScript.invoke(.fetch, $0, $2, $3, $4, $5) }
        case .fetchSettled: { PageJavaScript.invoke(.fetchSettled, $0, $2, $3, $4, $5) }
        case .setTimer: { PageJavaScript.invoke(.setTimer, $0, $2, $3, $4, $5) }
        case .unsupported: { PageJavaScript.invoke(.unsupported, $0, $2, $3, $4, $5) }
        case .navigate: { PageJavaScript.invoke(.navigate, $0, $2, $3, $4, $5) }
        case .changeURL: { PageJavaScript.invoke(.changeURL, $0, $2, $3, $4, $5) }
        case .openWindow: { PageJavaScript.invoke(.openWindow, $0, $2, $3, $4, $5) }
        }
    }

    private static func invoke(
        _ function: HostFunction, _ context: JSContextRef?, _ this: JSObjectRef?, _ count: Int,
        _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
    ) -> JSValueRef? {
        guard let this, let pointer = JSObjectGetPrivate(this) else { return JSValueMakeUndefined(context) }
        let page = Unmanaged<PageJavaScript>.fromOpaque(pointer).takeUnretainedValue()
        return page.call(function, page.strings(count, arguments))
    }
}

/// The JavaScriptCore VM (context group) of the current thread, made once and shared by every page that thread
/// makes: a VM costs far more to make than a global context in it. Pages share no JavaScript state (each has its own
/// global object); only the VM's heap is shared, as a browser's tabs share a process. A page used from another
/// thread later is still correct: JavaScriptCore locks the VM for every call.
private final class PageVM {
    let group = JSContextGroupCreate()
    /// The scripts compiled in this VM, for every page of it.
    let scripts: CompiledScripts

    private init() {
        scripts = CompiledScripts(group: group)
    }

    /// The current thread's VM, made at its first page.
    static var current: PageVM {
        let key = "CookieHarness.PageVM"
        if let vm = Thread.current.threadDictionary[key] as? PageVM { return vm }
        let vm = PageVM()
        Thread.current.threadDictionary[key] = vm
        return vm
    }
}

/// JavaScriptCore strings from Swift ones and back.
private enum JSString {
    /// `body` with a JavaScriptCore copy of `string`, released after it.
    static func with<T>(_ string: String, _ body: (JSStringRef?) -> T) -> T {
        let ref = JSStringCreateWithUTF8CString(string)
        defer { JSStringRelease(ref) }
        return body(ref)
    }

    static func swift(_ string: JSStringRef) -> String {
        let length = JSStringGetLength(string)
        guard length > 0, let characters = JSStringGetCharactersPtr(string) else { return "" }
        return String(utf16CodeUnits: characters, count: length)
    }
}
