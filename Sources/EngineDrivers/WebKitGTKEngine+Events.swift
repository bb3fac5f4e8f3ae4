import ChildProcesses
import Foundation
import WebKitModel

extension WebKitGTKEngine {
    /// Request header fields every WebKit request carries that say nothing about cookies; they stay out of what the
    /// origins receive and of the transcript, so that a live transcript reads like a simulated one. `Cookie`,
    /// `Content-Type` and every header the app or the page set are kept.
    static let transportHeaders: Set<String> = [
        "host", "connection", "proxy-connection", "keep-alive", "user-agent", "accept", "accept-encoding",
        "accept-language", "upgrade-insecure-requests", "content-length", "priority", "cache-control", "pragma",
        "referer", "origin", "sec-fetch-dest", "sec-fetch-mode", "sec-fetch-site", "sec-fetch-user", "sec-purpose",
        // Chromium's client hints, and its Storage Access API status of a fetch.
        "sec-ch-ua", "sec-ch-ua-mobile", "sec-ch-ua-platform", "sec-fetch-storage-access",
    ]

    /// Handles one event of a `settle` result (`harness_drivers/PROTOCOL.md`, "Events").
    func handle(_ event: JSONValue) throws(LineProtocol.Violation) {
        let fields = try DriverMessages.object(event, "event")
        switch try DriverMessages.string(fields, "type") {
        case "decide-action": try decideAction(fields)
        case "decide-response": try decideResponse(fields)
        case "decide-new-window": try decideNewWindow(fields)
        case "script-window": try scriptWindow(fields)
        case "navigation": try navigationChanged(fields)
        case "http-request": try answer(fields)
        case "fetch-done":
            let id = try DriverMessages.integer(fields, "request")
            guard let completion = fetches.removeValue(forKey: id) else { return }
            if fields["ok"] == .bool(true) {
                completion(.success(WebResponse(url: URL(fileURLWithPath: "/"), statusCode: 200, headerFields: [])))
            } else {
                let message = (try? DriverMessages.string(fields, "message")) ?? "the fetch failed"
                completion(.failure(WebKitError(.cannotFindHost, message)))
            }
        case "script-message": try scriptMessage(fields)
        case "prompt": try prompt(fields)
        case "scheme-request": try schemeRequest(fields)
        case "evaluate-done":
            let call = try DriverMessages.integer(fields, "call")
            guard let completion = evaluations.removeValue(forKey: call) else { return }
            let outcome: Result<String?, WebKitError>
            if case .string(let message)? = fields["error"] {
                log("evaluateJavaScript failed: \(message)")
                outcome = .failure(WebKitError(.javaScriptExceptionOccurred, message))
            } else if case .string(let value)? = fields["value"] {
                outcome = .success(value)
            } else {
                outcome = .success(nil)
            }
            schedule(after: 0) { completion(outcome) }
        case "cookies-changed":
            let store = try DriverMessages.integer(fields, "store")
            for handler in observers[store] ?? [] { schedule(after: 0, handler) }
        case let other:
            throw LineProtocol.Violation("unknown event type '\(other)'")
        }
    }

    /// `script-message-received::NAME`: the body's JSON converted as on the simulated engine, delivered on the
    /// app's main queue (the posting script does not wait).
    private func scriptMessage(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let name = try DriverMessages.string(fields, "name")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return }
        let json: String? = if case .string(let text)? = fields["body"] { text } else { nil }
        let page = (try? DriverMessages.url(fields, "url")) ?? view.page
        log("the page posted a message to '\(name)': \(json ?? "null")")
        let body = WKScriptMessage.body(fromJSON: json)
        schedule(after: 0) { view.client.didReceiveScriptMessage(name: name, body: body, pageURL: page) }
    }

    /// A page's request for a scheme the app registered (`WKURLSchemeHandler`), held by the driver: the handler gets
    /// a task on the app's main queue, and its answer (or error) goes back with `finish-scheme-task`. The request
    /// carries no cookie (WebKit sends none on a scheme that is not HTTP).
    private func schemeRequest(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let task = try DriverMessages.integer(fields, "task")
        let url = try DriverMessages.url(fields, "url")
        let request = WebRequest(
            url: url, httpMethod: (try? DriverMessages.string(fields, "method")) ?? "GET",
            headerFields: try DriverMessages.headers(fields["headers"], "headers"))
        guard let view = views[try DriverMessages.integer(fields, "view")] else {
            return finishSchemeTask(task, .failure(WebKitError(.cannotFindHost, "no web view for \(url)")))
        }
        log("the page requests \(request.httpMethod) \(url) from the app's scheme handler")
        schedule(after: 0) { [weak self] in
            let started = view.client.startURLSchemeTask(request) { result in self?.finishSchemeTask(task, result) }
            if !started { self?.finishSchemeTask(task, .failure(WebKitError(.cannotFindHost, "no handler for \(url)"))) }
        }
    }

    private func finishSchemeTask(_ task: Int, _ result: Result<(WebResponse, Data), WebKitError>) {
        switch result {
        case .success(let (response, body)):
            log("the scheme handler answered \(response.statusCode) for \(response.url)")
            send("finish-scheme-task", [
                "task": .integer(task), "status": .integer(response.statusCode),
                "headers": .array(response.headerFields.map { .array([.string($0.name), .string($0.value)]) }),
                "body": .string(String(decoding: body, as: UTF8.self)),
            ])
        case .failure(let error):
            log("the scheme handler failed: \(error.message)")
            send("finish-scheme-task", ["task": .integer(task), "error": .string(error.message)])
        }
    }

    /// `script-dialog` (PROMPT), held by the driver: the page's script waits until `answer-prompt`, which the app's
    /// `WKUIDelegate` gives, now or later on its main queue; without one, null (WebKit's default on iOS). The
    /// delegate is asked on the main queue, after the messages the page posted before it (WebKit's order).
    private func prompt(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let dialog = try DriverMessages.integer(fields, "dialog")
        let message = try DriverMessages.string(fields, "message")
        let defaultText: String? = if case .string(let text)? = fields["default-text"] { text } else { nil }
        let shown = "prompt('\(message.prefix(80))')"
        waitingPrompts.insert(dialog)
        let reply: (String?) -> Void = { [weak self] text in
            guard let self, waitingPrompts.remove(dialog) != nil else { return }
            log("\(shown): the app answered \(text.map { "'\($0.prefix(80))'" } ?? "null")")
            send("answer-prompt", ["dialog": .integer(dialog), "text": text.map(JSONValue.string) ?? .null])
        }
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return reply(nil) }
        let page = (try? DriverMessages.url(fields, "url")) ?? view.page
        schedule(after: 0) { [weak self] in
            guard view.client.runTextInputPanel(prompt: message, defaultText: defaultText, pageURL: page, completion: reply) else {
                self?.log("\(shown): no UI delegate")
                return reply(nil)
            }
        }
    }

    /// The page waits on prompts the app has not answered: nothing comes from WebKit until it does, so the app's
    /// run loop goes on (its clock moving to its next work, as on the simulated engine); an app with nothing left
    /// to do never answers, and the prompt returns null. False when no prompt waits.
    func runAppWhilePromptsWait() -> Bool {
        guard !waitingPrompts.isEmpty else { return false }
        if let next = queue.popNext() {
            if next.due > clock.now { clock.advance(by: next.due.timeIntervalSince(clock.now)) }
            next.work()
            return true
        }
        for dialog in waitingPrompts.sorted() {
            log("prompt #\(dialog): the app never called the completion handler, null")
            send("answer-prompt", ["dialog": .integer(dialog), "text": .null])
        }
        waitingPrompts = []
        return true
    }

    /// Rule 4 on the real engine: WebKit waits until the strategy's decision handler is called.
    private func decideAction(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        if fields["main-frame"] == .bool(false) { return try decideFrameAction(fields) }
        let decision = try DriverMessages.integer(fields, "decision")
        let navigation = try DriverMessages.integer(fields, "navigation")
        let request = try DriverMessages.object(fields["request"], "request")
        let url = try DriverMessages.url(request, "url")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return answer(decision, allow: true) }
        navigationViews[navigation] = view.handle
        view.loading.insert(navigation)
        let type = DriverMessages.navigationType(fields["navigation-type"])
        let isRedirect = fields["redirect"] == .bool(true)
        let action = WKNavigationAction(
            request: try webRequest(request, url: url),
            navigationType: isRedirect ? .other : type, isRedirect: isRedirect,
            sourceURL: type == .linkActivated ? view.page : nil
        )
        let reply = answerOnce(decision, navigation: navigation)
        view.client.decidePolicy(for: action, navigation: navigation) { policy in
            reply(policy == .allow)
            if policy == .cancel { view.loading.remove(navigation) }
        }
    }

    /// A frame's navigation action (an iframe's load, each of its hops): not the main frame's, started by the page;
    /// the main frame's navigation callbacks never hear of it. Cancelled, the frame stays empty and the driver fails
    /// the `fetch` that made it.
    private func decideFrameAction(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let decision = try DriverMessages.integer(fields, "decision")
        let request = try DriverMessages.object(fields["request"], "request")
        let url = try DriverMessages.url(request, "url")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return answer(decision, allow: true) }
        let isRedirect = fields["redirect"] == .bool(true)
        let action = WKNavigationAction(
            request: try webRequest(request, url: url), navigationType: .other, isRedirect: isRedirect,
            sourceURL: view.page, isMainFrame: false)
        log("the frame's navigation action for \(url) (not the main frame\(isRedirect ? ", a redirect hop" : ""))")
        let reply = onceOnlyDecisionHandler(for: "a frame's action", log: { [weak self] in self?.log($0) }) { [weak self] allow in
            if !allow { self?.log("the frame's load of \(url) cancelled by the navigation-action policy: the frame stays empty") }
            self?.answer(decision, allow: allow)
        }
        view.client.decidePolicy(for: action, navigation: -makeHandle()) { reply($0 == .allow) }
    }

    /// A `target="_blank"` link's new-window action, held by the driver: the navigation delegate decides on an action
    /// with no target frame; allowed, the app's `WKUIDelegate` is asked for a web view (made related to the opener,
    /// as WebKit requires of the view `create` returns) and the link's navigation runs there; otherwise nowhere.
    private func decideNewWindow(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let decision = try DriverMessages.integer(fields, "decision")
        let request = try DriverMessages.object(fields["request"], "request")
        let url = try DriverMessages.url(request, "url")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return openWindow(decision, in: nil, url) }
        let action = WKNavigationAction(
            request: try webRequest(request, url: url),
            navigationType: .linkActivated, isRedirect: false, sourceURL: view.page, targetsNewWindow: true)
        let decided = onceOnlyDecisionHandler(for: "a new-window action", log: { [weak self] in self?.log($0) }) {
            [weak self] (policy: WKNavigationActionPolicy) in
            self?.schedule(after: 0) { [weak self] in
                guard let self else { return }
                guard policy == .allow else {
                    log("new-window action to \(url) cancelled by the navigation-action policy")
                    return openWindow(decision, in: nil, url)
                }
                openWindow(decision, in: view.client.createWebView(for: action).flatMap { views[$0] == nil ? nil : $0 }, url)
            }
        }
        view.client.decidePolicy(for: action, navigation: -makeHandle(), decisionHandler: decided)
    }

    /// A page's `window.open(url)`: WebKit asked no policy and wanted its view at once (`create`, answered with
    /// none); the app's `WKUIDelegate` is asked now, with the action Apple's WebKit hands it (type `.other`, no
    /// target frame). What it does with the request (a load in its own web view) runs; a web view it returns stays
    /// blank here, as the page's call has returned already (no ported code returns one).
    private func scriptWindow(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let request = try DriverMessages.object(fields["request"], "request")
        let url = try DriverMessages.url(request, "url")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return }
        log("web view: the page's script opens a window (window.open) to \(url)")
        let action = WKNavigationAction(
            request: try webRequest(request, url: url),
            navigationType: .other, isRedirect: false, sourceURL: view.page, targetsNewWindow: true)
        schedule(after: 0) { [weak self] in
            guard let self else { return }
            if let window = view.client.createWebView(for: action) {
                log("the UI delegate returned web view #\(window) for \(url): window.open has returned already, it stays blank")
            } else {
                log("no new window for \(url): the UI delegate returned none made with its configuration")
            }
        }
    }

    /// The request of a driver event as the navigation action shows it: the transport's own fields left out.
    private func webRequest(_ request: [String: JSONValue], url: URL) throws(LineProtocol.Violation) -> WebRequest {
        WebRequest(
            url: url, httpMethod: (try? DriverMessages.string(request, "method")) ?? "GET",
            headerFields: try DriverMessages.headers(request["headers"], "request.headers")
                .filter { !Self.transportHeaders.contains($0.name.lowercased()) })
    }

    /// `open-window`: WebKit opens the new window in `window` (its navigation is the link's), or drops the action.
    private func openWindow(_ decision: Int, in window: Int?, _ url: URL) {
        let result = send("open-window", ["decision": .integer(decision), "window": window.map(JSONValue.integer) ?? .null])
        guard let window, let view = views[window], case .integer(let navigation)? = result?.fields["navigation"] else {
            return log("no new window for \(url): the UI delegate returned none made with its configuration")
        }
        navigationViews[navigation] = window
        view.loading.insert(navigation)
        log("navigation #\(navigation) (linkActivated) in web view #\(window), the new window")
    }

    /// Rule 4 and 5 on the real engine: the final response only, and WebKitGTK leaves `Set-Cookie` out of it.
    /// A frame's final response too (`main-frame` false): not for the main frame.
    private func decideResponse(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let decision = try DriverMessages.integer(fields, "decision")
        let response = try DriverMessages.object(fields["response"], "response")
        let url = try DriverMessages.url(response, "url")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return answer(decision, allow: true) }
        let shown = WebResponse(
            url: url, statusCode: try DriverMessages.integer(response, "status"),
            headerFields: try DriverMessages.headers(response["headers"], "response.headers"))
        guard fields["main-frame"] != .bool(false) else {
            let reply = onceOnlyDecisionHandler(for: "a frame's response", log: { [weak self] in self?.log($0) }) { [weak self] allow in
                self?.log(allow ? "the frame committed: \(url)" : "the frame's response from \(url) cancelled by the response policy: the frame stays empty")
                self?.answer(decision, allow: allow)
            }
            view.client.decidePolicy(for: WKNavigationResponse(response: shown, isForMainFrame: false), navigation: -makeHandle()) {
                reply($0 == .allow)
            }
            return
        }
        let navigation = try DriverMessages.integer(fields, "navigation")
        responseURLs[navigation] = url
        let reply = answerOnce(decision, navigation: navigation)
        view.client.decidePolicy(for: WKNavigationResponse(response: shown), navigation: navigation) { reply($0 == .allow) }
    }

    /// The decision handler's reply to the driver, once: a second call is logged (WebKit raises there) and dropped.
    private func answerOnce(_ decision: Int, navigation: Int) -> (_ allow: Bool) -> Void {
        onceOnlyDecisionHandler(for: "navigation #\(navigation)", log: { [weak self] in self?.log($0) }) { [weak self] allow in
            self?.answer(decision, allow: allow)
        }
    }

    /// `decide`: WebKit's pending `decision` goes on (`use()`) or stops (`ignore()`).
    private func answer(_ decision: Int, allow: Bool) {
        send("decide", ["decision": .integer(decision), "policy": .string(allow ? "allow" : "cancel")])
    }

    private func navigationChanged(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let navigation = try DriverMessages.integer(fields, "navigation")
        guard let view = views[try DriverMessages.integer(fields, "view")] else { return }
        let state = try DriverMessages.string(fields, "state")
        // WebKit reports `finished` after `failed`; WKWebView's delegate hears only the failure.
        guard !failedNavigations.contains(navigation) else { return }
        let change: NavigationEvent
        switch state {
        case "started": change = .startedProvisional
        case "redirected": change = .receivedServerRedirect
        case "committed":
            if let url = responseURLs[navigation] ?? (try? DriverMessages.url(fields, "url")) { view.page = url }
            log("navigation #\(navigation) committed: \(view.page?.absoluteString ?? "?")")
            change = .committed
        case "finished":
            view.loading.remove(navigation)
            change = .finished
        case "same-document":
            view.loading.remove(navigation)
            log("navigation #\(navigation): back/forward within the document to \((try? DriverMessages.string(fields, "url")) ?? "?")")
            change = .sameDocument
        case "failed":
            view.loading.remove(navigation)
            failedNavigations.insert(navigation)
            let message = (try? DriverMessages.string(fields, "message")) ?? "the load failed"
            log("navigation #\(navigation) failed: \(message)")
            let code: WebKitError.Code =
                if fields["too-many-redirects"] == .bool(true) { .tooManyRedirects }
                else if fields["cancelled"] == .bool(true) { .cancelled }
                else { .cannotFindHost }
            change = .failedProvisional(WebKitError(code, message))
        default:
            throw LineProtocol.Violation("unknown navigation state '\(state)'")
        }
        view.client.navigation(navigation, didChange: change)
    }

    /// A request that reached the driver's proxy, answered by the scenario's origins.
    private func answer(_ fields: [String: JSONValue]) throws(LineProtocol.Violation) {
        let exchange = try DriverMessages.integer(fields, "exchange")
        let url = try DriverMessages.url(fields, "url")
        let all = try DriverMessages.headers(fields["headers"], "headers")
        let destination = all.first { $0.name.lowercased() == "sec-fetch-dest" }?.value.lowercased()
        let accept = all.first { $0.name.lowercased() == "accept" }?.value ?? ""
        let isDocument = destination.map { $0 == "document" } ?? accept.hasPrefix("text/html")
        let body: String? = if case .string(let text)? = fields["body"] { text } else { nil }
        let method = try DriverMessages.string(fields, "method")
        guard let wireURL = HTTPURL(url.absoluteString),
              let response = network.send(
                  HTTPRequest(url: wireURL, method: method, headers: all.filter { !Self.transportHeaders.contains($0.name.lowercased()) }, body: body),
                  for: isDocument ? .navigation : .subresource)
        else {
            send("respond", ["exchange": .integer(exchange), "no-server": true])
            return
        }
        if response.setCookieDelays.contains(where: { $0 > 0 }) {
            pendingFailure = WebKitError(
                .unsupportedByEngine,
                "\(drivers.program.engine): a real response carries all its Set-Cookie lines at once, so delay-ms= on a <set-cookie> cannot be reproduced")
        }
        send("respond", [
            "exchange": .integer(exchange), "status": .integer(response.status),
            "headers": DriverMessages.headers(response.headers), "body": .string(response.body),
        ])
    }
}
