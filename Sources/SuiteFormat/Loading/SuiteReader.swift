import Foundation
import HTTPModel
import HarnessCore
import XMLSupport

/// Turns a schema-valid `<suite>` tree into a ``Suite``, checking what the XSD cannot express.
///
/// XML Schema 1.0 cannot say "one of these attributes", "this attribute only when that one has a 3xx value" or
/// "this id starts with that one", so those rules live here, each with the element or attribute it concerns, and
/// every violation is collected rather than thrown so a file's problems are all reported at once. The reader also
/// copes with trees the schema never saw (a missing required attribute is an error, never a crash), which keeps it
/// safe to call on any parsed document.
struct SuiteReader {
    let file: String
    private(set) var diagnostics: [XMLDiagnostic] = []
    /// Each scenario's `id` attribute, in document order, so the loader can point at duplicates across files.
    private(set) var scenarioIDs: [XMLTree.Attribute] = []
    /// The web views open at the step being read (their names; `main` for the unnamed one), for `switch-web-view`.
    private var openedWebViews: Set<String> = []
    /// The app scheme of each open web view that has one (`open-web-view app-scheme=`), and the view steps act on,
    /// so a `<load>` of a page on the app's scheme is checked against the view it loads in.
    private var appSchemes: [String: String] = [:]
    private var currentWebView = WebViewOptions.mainName
    /// The `<mark-time>` names of the scenario being read, up to the step being read (a `since=` names one of them).
    private var marks: Set<String> = []

    init(file: String) {
        self.file = file
    }

    /// The suite being read, between ``begin(_:)`` and ``finish()``; nil when the root is not a `<suite>`.
    private var suite: Suite?
    /// Where each origin was first declared, for the message about a duplicate.
    private var originPlaces: [String: XMLTree.Element] = [:]

    /// The suite, or nil when any diagnostic was recorded.
    mutating func read(_ root: XMLTree.Element) -> Suite? {
        var start = root
        start.children = []
        begin(start)
        root.elements.forEach { add($0) }
        return finish()
    }

    /// Reads the root's start tag, so that a streamed file's children can follow one at a time (``add(_:)``)
    /// without the whole tree ever being built; its children, if any, are ignored.
    mutating func begin(_ root: XMLTree.Element) {
        guard root.unprefixedName == "suite" else {
            error(at: root, "expected a <suite> document, found <\(root.name)>")
            return
        }
        let id = required(root, "id")?.value ?? ""
        suite = Suite(id: id, title: SuiteText.collapsed(required(root, "title")?.value ?? ""), file: file)
    }

    /// Reads one child element of the root, after ``begin(_:)``.
    mutating func add(_ child: XMLTree.Element) {
        guard var suite else { return }
        // Taken out while it grows: the reading functions below mutate `self` too, and leaving a second reference
        // in `self.suite` would make every append copy the scenarios read so far.
        self.suite = nil
        defer { self.suite = suite }
        switch child.unprefixedName {
        case "description":
            break  // for people reading the file; the model has no place for it
        case "provenance":
            let text = SuiteText.trimmed(child.text)
            suite.provenance = text.isEmpty ? nil : text
        case "clock":
            if let start = clockStart(child) { suite.clockStart = start }
        case "origin":
            guard let origin = origin(child) else { return }
            if let first = originPlaces[origin.url] {
                error(at: child, "duplicate origin \"\(origin.url)\": first declared at \(place(of: first))")
            } else {
                originPlaces[origin.url] = child
                suite.origins.append(origin)
            }
        case "scenario":
            if let scenario = scenario(child, suiteID: suite.id) { suite.scenarios.append(scenario) }
        default:
            unexpected(child)
        }
    }

    /// The suite read by ``begin(_:)`` and ``add(_:)``, or nil when any diagnostic was recorded.
    mutating func finish() -> Suite? {
        guard var suite else { return nil }
        self.suite = nil  // the only reference, so marking scenarios does not copy them
        ParserRoutes(routesByOrigin: suite.routesByOrigin).markScenarios(&suite.scenarios)
        return diagnostics.isEmpty ? suite : nil
    }

    // MARK: Suite parts

    private mutating func clockStart(_ element: XMLTree.Element) -> Date? {
        guard let start = required(element, "start") else { return nil }
        guard let date = XSDDateTime.parse(start.value) else {
            error(at: start, "start=\"\(start.value)\" is not a date and time like 2026-01-01T00:00:00Z")
            return nil
        }
        return date
    }

    private mutating func origin(_ element: XMLTree.Element) -> Origin? {
        guard let url = required(element, "url") else { return nil }
        var routes: [Route] = []
        var routePlaces: [String: XMLTree.Element] = [:]
        for child in element.elements {
            guard child.unprefixedName == "route" else {
                unexpected(child)
                continue
            }
            guard let route = route(child) else { continue }
            let key = "\(route.method ?? "") \(route.path)"
            if let first = routePlaces[key] {
                let method = route.method.map { " for \($0)" } ?? ""
                error(at: child, "duplicate route \"\(route.path)\"\(method): first declared at \(place(of: first))")
            } else {
                routePlaces[key] = child
                routes.append(route)
            }
        }
        return Origin(url: url.value, routes: routes)
    }

    private mutating func route(_ element: XMLTree.Element) -> Route? {
        guard let path = required(element, "path") else { return nil }
        var valid = true
        if !path.value.hasPrefix("/") {
            error(at: path, "path=\"\(path.value)\" must start with \"/\"")
            valid = false
        }
        var status = 200
        if let attribute = element.attribute(named: "status") {
            if let value = Int(SuiteText.trimmed(attribute.value)), (100...599).contains(value) {
                status = value
            } else {
                error(at: attribute, "status=\"\(attribute.value)\" must be a number from 100 to 599")
                return nil
            }
        }
        let location = element.attribute(named: "location")
        let isRedirect = (300...399).contains(status)
        if let location, !isRedirect {
            error(at: location, "location= is only for 3xx routes; this route's status is \(status)")
            valid = false
        }
        // 304 Not Modified is the one 3xx that never redirects.
        if isRedirect, status != 304, location.map({ SuiteText.trimmed($0.value).isEmpty }) ?? true {
            error(at: element, "<\(element.name) status=\"\(status)\"> needs location=")
            valid = false
        }
        var delivery = Route.Delivery.wire
        if let attribute = element.attribute(named: "delivery") {
            guard let value = Route.Delivery(rawValue: SuiteText.trimmed(attribute.value)) else {
                error(at: attribute, "delivery=\"\(attribute.value)\" must be wire or parser")
                return nil
            }
            delivery = value
        }
        var setCookies: [String] = []
        var headers: [HTTPHeaderField] = []
        var body = ""
        for child in element.elements {
            switch child.unprefixedName {
            case "set-cookie":
                guard let line = setCookieLine(child) else {
                    valid = false
                    continue
                }
                if delivery == .wire { checkWireLine(line, of: child) }
                setCookies.append(line)
            case "header": if let header = header(child) { headers.append(header) }
            case "body": body = child.text
            default: unexpected(child)
            }
        }
        // `<set-cookie delay-ms>`: when the line arrives after the one before it (seconds in the model).
        var setCookieDelays: [Double] = []
        for child in element.elements where child.unprefixedName == "set-cookie" {
            setCookieDelays.append(seconds(fromMilliseconds: child, "delay-ms") ?? 0)
        }
        guard valid else { return nil }
        var route = Route(
            path: path.value, method: element[attribute: "method"], status: status, setCookies: setCookies,
            location: location?.value, headers: headers, body: body, delivery: delivery
        )
        if setCookieDelays.contains(where: { $0 > 0 }) { route.setCookieDelays = setCookieDelays }
        return route
    }

    private mutating func header(_ element: XMLTree.Element) -> HTTPHeaderField? {
        guard let name = required(element, "name"), let value = required(element, "value") else { return nil }
        checkHeaderValue(value.value, of: value)
        return HTTPHeaderField(name: name.value, value: value.value)
    }

    // MARK: Scenarios

    private mutating func scenario(_ element: XMLTree.Element, suiteID: String) -> Scenario? {
        let id = required(element, "id")
        if let id {
            scenarioIDs.append(id)
            let prefix = "\(suiteID)."
            if !id.value.hasPrefix(prefix) || id.value.count == prefix.count {
                error(at: id, "scenario id \"\(id.value)\" must start with \"\(prefix)\" (the suite id and a dot)")
            }
        }
        var capabilities: Set<Capability> = []
        if let requires = element.attribute(named: "requires") {
            for name in SuiteText.words(requires.value) {
                if let capability = Capability(rawValue: name) {
                    capabilities.insert(capability)
                } else {
                    error(at: requires, "requires= names an unknown capability \"\(name)\"")
                }
            }
        }
        var title: String?
        var references: [String] = []
        var steps: [Step] = []
        openedWebViews = []
        appSchemes = [:]
        currentWebView = WebViewOptions.mainName
        marks = []
        for child in element.elements {
            switch child.unprefixedName {
            case "title": title = SuiteText.collapsed(child.text)
            case "ref": references.append(SuiteText.collapsed(child.text))
            default:
                if let kind = step(child) { steps.append(Step(kind, location: location(of: child))) }
            }
        }
        if title == nil { error(at: element, "<\(element.name)> needs a <title>") }
        var platform = PlatformParameters()
        platform.implicitWebToNativeSync = seconds(element, "implicit-web-to-native-sync")
        platform.nativeStoreFlushDelay = seconds(element, "native-store-flush-delay")
        guard let id, let title else { return nil }
        return Scenario(
            id: id.value, title: title, tags: SuiteText.words(element[attribute: "tags"] ?? ""),
            references: references, declaredCapabilities: capabilities, steps: steps, platform: platform,
            location: location(of: element)
        )
    }

    private mutating func step(_ element: XMLTree.Element) -> Step.Kind? {
        switch element.unprefixedName {
        case "native-set-cookie":
            guard let url = required(element, "url") else { return nil }
            guard let line = setCookieLine(element) else { return nil }
            return .nativeSetCookie(url: url.value, setCookie: line)
        case "native-request":
            return request(element).map(Step.Kind.nativeRequest)
        case "open-web-view":
            guard let options = webViewOptions(element) else { return nil }
            if options.name == nil { openedWebViews = []; appSchemes = [:] }
            currentWebView = options.name ?? WebViewOptions.mainName
            openedWebViews.insert(currentWebView)
            appSchemes[currentWebView] = options.appScheme
            return .openWebView(options)
        case "switch-web-view":
            guard let name = required(element, "name") else { return nil }
            let value = SuiteText.trimmed(name.value)
            guard openedWebViews.contains(value) else {
                error(at: name, "name=\"\(value)\": no web view of that name is open at this step (open-web-view name=, or main for the unnamed one)")
                return nil
            }
            currentWebView = value
            return .switchWebView(name: value)
        case "load":
            guard let request = request(element) else { return nil }
            if request.isLocalDocument, let url = element.attribute(named: "url"),
               request.method.uppercased() != "GET" || request.body != nil || !request.headers.isEmpty || !request.handlesCookies {
                error(at: url, "about:blank or a data: URL is no request: no method=, <header>, <body> or handles-cookies=")
                return nil
            }
            if let scheme = request.appScheme, let url = element.attribute(named: "url") {
                guard appSchemes[currentWebView] == scheme else {
                    error(at: url, "url=\"\(request.url)\": the web view this step loads in answers no \(scheme): scheme (open it with app-scheme=\"\(scheme)\")")
                    return nil
                }
                if request.method.uppercased() != "GET" || request.body != nil || !request.headers.isEmpty || !request.handlesCookies {
                    error(at: url, "a page on the app's scheme is a plain GET: no method=, <header>, <body> or handles-cookies=")
                    return nil
                }
            }
            return .load(request)
        case "load-html":
            return .loadHTML(html: element.text, baseURL: element.attribute(named: "base-url").map { SuiteText.trimmed($0.value) })
        case "follow-link":
            let newWindow = element.attribute(named: "target")?.value == "_blank"
            return required(element, "url").map { newWindow ? .followLinkToNewWindow(url: $0.value) : .followLink(url: $0.value) }
        case "submit-form":
            guard var form = request(element) else { return nil }
            if element[attribute: "method"] == nil { form.method = "POST" }
            return .submitForm(form)
        case "go-back":
            return .goBack
        case "go-forward":
            return .goForward
        case "fetch":
            return subresource(element)
        case "run-script":
            return .runScript(element.text)
        case "add-user-script":
            return .addUserScript(element.text)
        case "restart-app":
            return .restartApp
        case "reinstall-app":
            return .reinstallApp
        case "clear-website-data":
            return .clearWebsiteData
        case "native-remove-cookies":
            guard let since = element.attribute(named: "since") else { return .nativeRemoveCookies }
            let mark = SuiteText.trimmed(since.value)
            guard marks.contains(mark) else {
                error(at: since, "since=\"\(mark)\": no <mark-time name=\"\(mark)\"/> comes before this step in the scenario")
                return nil
            }
            return .nativeRemoveCookiesSince(mark: mark)
        case "mark-time":
            guard let name = required(element, "name") else { return nil }
            let mark = SuiteText.trimmed(name.value)
            marks.insert(mark)
            return .markTime(name: mark)
        case "advance-clock":
            guard let seconds = required(element, "seconds") else { return nil }
            guard let value = Double(SuiteText.trimmed(seconds.value)), value.isFinite, value >= 0 else {
                error(at: seconds, "seconds=\"\(seconds.value)\" must be a finite number, 0 or more")
                return nil
            }
            return .advanceClock(seconds: value)
        case "expect-request":
            return requestExpectation(element).map { .expect(.request($0)) }
        case "expect-document-cookie":
            guard let match = cookieMatch(element) else { return nil }
            guard match.hasChecks else {
                error(at: element, "<\(element.name)> needs one of contains=, lacks=, equals=, empty=")
                return nil
            }
            return .expect(.documentCookie(match))
        case "expect-native-store":
            return storeExpectation(element, store: .native).map { .expect(.store($0)) }
        case "expect-web-view-store":
            return storeExpectation(element, store: .webView).map { .expect(.store($0)) }
        case "expect-no-pending-work":
            return .expect(.noPendingWork)
        case "expect-no-load-during-cookie-write":
            return .expect(.noLoadDuringCookieWrite)
        case "expect-last-step":
            guard let outcome = required(element, "outcome") else { return nil }
            guard let value = StepOutcome(rawValue: SuiteText.trimmed(outcome.value)) else {
                error(at: outcome, "outcome=\"\(outcome.value)\" must be succeeded, failed or redirect-loop")
                return nil
            }
            return .expect(.lastStep(value))
        default:
            unexpected(element)
            return nil
        }
    }

    private mutating func request(_ element: XMLTree.Element) -> Request? {
        guard let url = required(element, "url") else { return nil }
        var request = Request(url: url.value)
        if let method = element[attribute: "method"] { request.method = method }
        if let handlesCookies = boolean(element, "handles-cookies") { request.handlesCookies = handlesCookies }
        for child in element.elements {
            switch child.unprefixedName {
            case "header": if let header = header(child) { request.headers.append(header) }
            case "body": request.body = child.text
            default: unexpected(child)
            }
        }
        return request
    }

    /// A `<fetch>`: its request and `kind=` (`fetch` with `credentials=` and `mode=`; `xhr` and `event-source` with
    /// `with-credentials=`; `image`, `iframe`, `script`; `beacon`, a POST of its `<body>`; `websocket`, a ws(s) URL
    /// whose handshake is the http(s) one, Fetch's "establish a WebSocket connection"). An XHR is GET, HEAD or POST
    /// with no header of its own and the element kinds, an EventSource and a WebSocket a plain GET, so no CORS
    /// preflight is ever needed (the harness does not model one).
    private mutating func subresource(_ element: XMLTree.Element) -> Step.Kind? {
        guard var request = request(element) else { return nil }
        let withCredentials = element.attribute(named: "with-credentials")
        if let handlesCookies = element.attribute(named: "handles-cookies") {
            error(at: handlesCookies, "handles-cookies= is for <load> and <native-request>; a <fetch> says credentials=\"omit\", \"same-origin\" or \"include\"")
            return nil
        }
        let kindName = element.attribute(named: "kind").map { SuiteText.trimmed($0.value) } ?? "fetch"
        let credentials = element.attribute(named: "credentials")
        let mode = element.attribute(named: "mode")
        if kindName != "fetch", let attribute = credentials ?? mode {
            error(at: attribute, "\(attribute.name)= belongs to kind=\"fetch\" (an XHR or an EventSource says with-credentials=; the other kinds always send cookies)")
            return nil
        }
        if let withCredentials, kindName != "xhr", kindName != "event-source" {
            error(at: withCredentials, "with-credentials= belongs to kind=\"xhr\" or \"event-source\" (a \(kindName) has its own credentials mode)")
            return nil
        }
        let kind: SubresourceKind
        switch kindName {
        case "fetch":
            guard let credentials = enumeration(credentials, FetchCredentials.self, default: .include),
                let mode = enumeration(mode, FetchMode.self, default: .noCors)
            else { return nil }
            kind = .fetch(credentials: credentials, mode: mode)
        case "xhr": kind = .xhr(withCredentials: boolean(element, "with-credentials") ?? false)
        case "event-source": kind = .eventSource(withCredentials: boolean(element, "with-credentials") ?? false)
        case "image": kind = .image
        case "iframe": kind = .iframe
        case "script": kind = .script
        case "beacon": kind = .beacon
        case "websocket":
            guard let handshake = Self.webSocketHandshakeURL(request.url) else {
                error(at: element.attribute(named: "url")!, "a websocket's url= is ws:// or wss://, not \(request.url)")
                return nil
            }
            kind = .webSocket
            request.url = handshake
        default:
            error(at: element.attribute(named: "kind")!, "kind=\"\(kindName)\" must be fetch, xhr, image, iframe, script, beacon, event-source or websocket")
            return nil
        }
        let method = request.method.uppercased()
        switch kind {
        case .xhr where !["GET", "HEAD", "POST"].contains(method) || !request.headers.isEmpty:
            error(at: element, "an XHR here is GET, HEAD or POST with no <header>: anything else needs a CORS preflight, which the harness does not model")
            return nil
        case .image, .iframe, .script, .eventSource, .webSocket:
            guard method == "GET", request.headers.isEmpty, request.body == nil else {
                error(at: element, "\(["image", "iframe", "event-source"].contains(kindName) ? "an" : "a") \(kindName) is a plain GET: no method=, <header> or <body>")
                return nil
            }
        case .beacon:
            guard element.attribute(named: "method") == nil, request.headers.isEmpty else {
                error(at: element, "a beacon is a POST of its <body> (navigator.sendBeacon): no method= or <header>")
                return nil
            }
            request.method = "POST"
        default: break
        }
        return .fetch(request, kind)
    }

    /// The http(s) URL a WebSocket handshake asks for (Fetch, "establish a WebSocket connection": `ws` becomes
    /// `http`, `wss` `https`); nil for a URL of another scheme.
    static func webSocketHandshakeURL(_ url: String) -> String? {
        let trimmed = SuiteText.trimmed(url)
        for (socket, http) in [("ws://", "http://"), ("wss://", "https://")] where trimmed.lowercased().hasPrefix(socket) {
            return http + trimmed.dropFirst(socket.count)
        }
        return nil
    }

    /// The value of `attribute` as one of `Value`'s raw values, `fallback` when absent; nil when invalid (reported).
    private mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ attribute: XMLTree.Attribute?, _: Value.Type, default fallback: Value
    ) -> Value? where Value.RawValue == String {
        guard let attribute else { return fallback }
        let text = SuiteText.trimmed(attribute.value)
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            error(at: attribute, "\(attribute.name)=\"\(attribute.value)\" must be one of \(names)")
            return nil
        }
        return value
    }

    /// A duration in seconds from attribute `name` given in milliseconds (finite, 0 or more), nil when absent or
    /// invalid (reported).
    private mutating func seconds(fromMilliseconds element: XMLTree.Element, _ name: String) -> Double? {
        guard let attribute = element.attribute(named: name) else { return nil }
        guard let value = Double(SuiteText.trimmed(attribute.value)), value.isFinite, value >= 0 else {
            error(at: attribute, "\(name)=\"\(attribute.value)\" must be a finite number of milliseconds, 0 or more")
            return nil
        }
        return value / 1000
    }

    /// A duration in seconds from attribute `name` (finite, 0 or more), nil when absent or invalid (reported).
    private mutating func seconds(_ element: XMLTree.Element, _ name: String) -> Double? {
        guard let attribute = element.attribute(named: name) else { return nil }
        guard let value = Double(SuiteText.trimmed(attribute.value)), value.isFinite, value >= 0 else {
            error(at: attribute, "\(name)=\"\(attribute.value)\" must be a finite number of seconds, 0 or more")
            return nil
        }
        return value
    }

    private mutating func webViewOptions(_ element: XMLTree.Element) -> WebViewOptions? {
        var options = WebViewOptions()
        if let dataStore = element.attribute(named: "data-store") {
            guard let value = WebViewOptions.DataStore(rawValue: SuiteText.trimmed(dataStore.value)) else {
                error(at: dataStore, "data-store=\"\(dataStore.value)\" must be default or non-persistent")
                return nil
            }
            options.dataStore = value
        }
        if let shared = boolean(element, "shared-process-pool") { options.sharedProcessPool = shared }
        if let settles = boolean(element, "settle") { options.settles = settles }
        if let name = element.attribute(named: "name") {
            let value = SuiteText.trimmed(name.value)
            guard value != WebViewOptions.mainName else {
                error(at: name, "name=\"\(value)\" is the unnamed web view's: open it without name=")
                return nil
            }
            guard !openedWebViews.contains(value) else {
                error(at: name, "name=\"\(value)\": a web view of that name is open already")
                return nil
            }
            options.name = value
        }
        if let scheme = element.attribute(named: "app-scheme") {
            let value = SuiteText.trimmed(scheme.value)
            guard WebViewOptions.isAppSchemeName(value) else {
                error(at: scheme, "app-scheme=\"\(value)\" must be a lower-case scheme name (a letter, then letters, digits, +, - or .) that WebKit does not load itself (not \(WebViewOptions.schemesWebKitHandles.sorted().joined(separator: ", ")))")
                return nil
            }
            options.appScheme = value
        }
        return options
    }

    // MARK: Expectations

    private mutating func requestExpectation(_ element: XMLTree.Element) -> RequestExpectation? {
        guard let url = required(element, "url") else { return nil }
        var expectation = RequestExpectation(url: url.value)
        if let also = element.attribute(named: "also-url") {
            let urls = also.value.split(whereSeparator: \.isWhitespace).map(String.init)
            if urls.isEmpty {
                error(at: also, "also-url=\"\" names no URL: give the other URLs the request may go to, separated by spaces")
                return nil
            }
            for other in urls {
                guard let parsed = HTTPURL(other) else {
                    error(at: also, "also-url: '\(other)' is not an absolute http(s) URL")
                    return nil
                }
                if let wanted = expectation.parsedURL, parsed.origin == wanted.origin, parsed.path == wanted.path,
                   parsed.query == wanted.query
                {
                    error(at: also, "also-url: '\(other)' is url= itself")
                    return nil
                }
            }
            expectation.alternativeURLs = urls
        }
        if let occurrence = element.attribute(named: "occurrence") {
            let value = SuiteText.trimmed(occurrence.value)
            switch value {
            case "first": expectation.occurrence = .first
            case "last": expectation.occurrence = .last
            default:
                guard let number = Int(value), number >= 1, value.allSatisfy(\.isASCIIDigit) else {
                    error(at: occurrence, "occurrence=\"\(occurrence.value)\" must be first, last or a number from 1")
                    return nil
                }
                expectation.occurrence = .number(number)
            }
        }
        if let received = boolean(element, "received") { expectation.received = received }
        guard let match = cookieMatch(element) else { return nil }
        expectation.cookie = match
        expectation.body = element[attribute: "body"]
        if let header = element.attribute(named: "header") {
            guard requestHeaderCheck(header, match: match, of: element) else { return nil }
            expectation.header = SuiteText.trimmed(header.value)
        }
        if expectation.received, !match.hasChecks, expectation.body == nil {
            error(at: element, "<\(element.name)> needs one of contains=, lacks=, equals=, empty=, body=")
            return nil
        }
        if !expectation.received, match.hasChecks || expectation.body != nil {
            error(
                at: element,
                "<\(element.name) received=\"false\"> cannot also check the request "
                    + "(contains=, lacks=, equals=, empty=, body=)"
            )
            return nil
        }
        return expectation
    }

    /// `header=` names a field (RFC 9110 token) and takes `equals=` or `empty=`: `contains=` and `lacks=` are
    /// lists of cookies, which another header does not hold. False (reported) when the check cannot be made.
    private mutating func requestHeaderCheck(
        _ header: XMLTree.Attribute, match: CookieStringMatch, of element: XMLTree.Element
    ) -> Bool {
        let name = SuiteText.trimmed(header.value)
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else {
            error(at: header, "header=\"\(header.value)\" must be a header name (an RFC 9110 token)")
            return false
        }
        guard match.contains.isEmpty, match.lacks.isEmpty else {
            error(at: element, "<\(element.name) header=\"\(name)\"> checks the value with equals= or empty=, not contains= or lacks=")
            return false
        }
        return true
    }

    private mutating func cookieMatch(_ element: XMLTree.Element) -> CookieStringMatch? {
        let empty = element.attribute(named: "empty")
        let isEmpty = boolean(element, "empty")
        if empty != nil, isEmpty == nil { return nil }
        return CookieStringMatch(
            contains: SuiteText.words(element[attribute: "contains"] ?? ""),
            lacks: SuiteText.words(element[attribute: "lacks"] ?? ""),
            equals: element[attribute: "equals"],
            isEmpty: isEmpty ?? false
        )
    }

    private mutating func storeExpectation(
        _ element: XMLTree.Element,
        store: StoreExpectation.Store
    ) -> StoreExpectation? {
        let name: String
        let present: Bool
        switch (element.attribute(named: "has"), element.attribute(named: "lacks")) {
        case (let has?, nil):
            name = has.value
            present = true
        case (nil, let lacks?):
            name = lacks.value
            present = false
        default:
            error(at: element, "<\(element.name)> needs exactly one of has=, lacks=")
            return nil
        }
        let errorsBefore = diagnostics.count
        let httpOnly = boolean(element, "http-only")
        let secure = boolean(element, "secure")
        let persistent = boolean(element, "persistent")
        guard diagnostics.count == errorsBefore else { return nil }
        return StoreExpectation(
            store: store, name: name, present: present, value: element[attribute: "value"],
            domain: element[attribute: "domain"], path: element[attribute: "path"],
            httpOnly: httpOnly, secure: secure, persistent: persistent
        )
    }

    // MARK: Plumbing

    /// The attribute, or nil after recording that it is missing.
    private mutating func required(_ element: XMLTree.Element, _ name: String) -> XMLTree.Attribute? {
        if let attribute = element.attribute(named: name) { return attribute }
        error(at: element, "<\(element.name)> needs \(name)=")
        return nil
    }

    /// The `xs:boolean` attribute's value; nil if absent, or after recording that it is not a boolean.
    private mutating func boolean(_ element: XMLTree.Element, _ name: String) -> Bool? {
        guard let attribute = element.attribute(named: name) else { return nil }
        guard let value = SuiteText.boolean(attribute.value) else {
            error(at: attribute, "\(name)=\"\(attribute.value)\" must be true or false")
            return nil
        }
        return value
    }

    private mutating func unexpected(_ element: XMLTree.Element) {
        error(at: element, "unexpected element <\(element.name)>")
    }

    private func location(of element: XMLTree.Element) -> SuiteLocation {
        SuiteLocation(file: file, line: element.line)
    }

    private func place(of element: XMLTree.Element) -> String {
        "\(file):\(element.line):\(element.column)"
    }

    mutating func error(at element: XMLTree.Element, _ message: String) {
        diagnostics.append(element.diagnostic(in: file, message))
    }

    mutating func error(at attribute: XMLTree.Attribute, _ message: String) {
        diagnostics.append(attribute.diagnostic(in: file, message))
    }
}

extension CookieStringMatch {
    /// Whether the match checks anything at all (`empty="false"` alone does not).
    fileprivate var hasChecks: Bool {
        !contains.isEmpty || !lacks.isEmpty || equals != nil || isEmpty
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
