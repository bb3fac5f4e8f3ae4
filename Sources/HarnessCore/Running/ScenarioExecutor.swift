import CookieModel
import Foundation
import HTTPModel

/// Runs one scenario on one adapter in a fresh World and judges its expectations.
///
/// The World is the scenario's own: a virtual clock at the suite's start, the suite's origins as a virtual network,
/// a transcript, and the app the adapter builds on them. Nothing outlives the call, so scenarios are independent.
public struct ScenarioExecutor: Sendable {
    public init() {}

    /// What running a scenario gave: its status, its transcript, and what each check observed.
    public struct Outcome: Sendable {
        public var status: Status
        public var transcript: [String]
        /// Every check made, passing ones included, in order (empty for a skip; up to the error for an error).
        public var observations: [Observation]
    }

    /// The status and the transcript of `scenario` from `suite` on `adapter`.
    public func run(_ scenario: Scenario, of suite: Suite, on adapter: Adapter) -> (status: Status, transcript: [String]) {
        let outcome = observe(scenario, of: suite, on: adapter, keepingObservations: false)
        return (outcome.status, outcome.transcript)
    }

    /// Runs `scenario` from `suite` on `adapter`: its status, transcript and observations.
    ///
    /// A scenario whose real engine failed under it (``AppError/engineFailure(_:)``: its process crashed or stopped
    /// answering) runs once more in a fresh World on a fresh engine process; the first attempt's transcript and
    /// failure stay at the head of the transcript, and a second failure is the scenario's error.
    ///
    /// Without `keepingObservations` the outcome's observations are empty: only `agreement` and `explore` read
    /// them, and describing every check of the main job's 190,000 results cost time for nothing.
    public func observe(
        _ scenario: Scenario, of suite: Suite, on adapter: Adapter, keepingObservations: Bool = true
    ) -> Outcome {
        if let reason = adapter.skipReason(for: scenario) {
            return Outcome(status: .skipped(reason: reason), transcript: [], observations: [])
        }
        let first = attempt(scenario, of: suite, on: adapter, keepingObservations: keepingObservations)
        guard let failure = first.engineFailure else { return first.outcome }
        var second = attempt(scenario, of: suite, on: adapter, keepingObservations: keepingObservations).outcome
        let note = "• first attempt ended by an engine failure (\(failure)); run again on a fresh engine process"
        second.transcript = first.outcome.transcript + [note] + second.transcript
        return second
    }

    private func attempt(
        _ scenario: Scenario, of suite: Suite, on adapter: Adapter, keepingObservations: Bool
    ) -> (outcome: Outcome, engineFailure: String?) {
        let clock = VirtualClock(start: suite.clockStart)
        let network = VirtualNetwork(routesByOrigin: suite.routesByOrigin)
        let transcript = Transcript()
        let status: Status
        var engineFailure: String?
        var observations: [Observation] = []
        do {
            let app = try adapter.makeApp(AppEnvironment(
                clock: clock, network: network, transcript: transcript, scenarioNeeds: scenario.requiredCapabilities,
                platform: scenario.platform))
            defer { app.close() }
            var world = World(
                app: app, clock: clock, network: network, transcript: transcript,
                keepsObservations: keepingObservations)
            defer { observations = world.observations }
            status = try world.run(scenario.steps)
            // What the app left unfinished, for the reader of the transcript (an app that cannot tell says nothing).
            if let pending = try? app.pendingWork(), !pending.isEmpty {
                transcript.record(
                    "• pending at the end of the scenario: " + pending.map { $0.description(now: clock.now) }.joined(separator: "; "))
            }
        } catch AppError.cannotServe(let reason) {
            status = .skipped(reason: reason)
            observations = []
        } catch AppError.engineFailure(let detail) {
            status = .errored(detail: detail)
            engineFailure = detail
        } catch {
            status = .errored(detail: "\(error)")
        }
        return (Outcome(status: status, transcript: transcript.all, observations: observations), engineFailure)
    }
}

/// The state of one running scenario.
private struct World {
    let app: any App
    let clock: VirtualClock
    let network: VirtualNetwork
    let transcript: Transcript
    /// How the last action ended; a failed action that no `expect-last-step` checks fails the scenario.
    var lastOutcome: (outcome: StepOutcome, message: String, location: SuiteLocation)?
    /// Whether an `expect-last-step` has looked at `lastOutcome`.
    var lastOutcomeChecked = false
    /// What every check so far saw (nothing unless `keepsObservations`).
    var observations: [Observation] = []
    let keepsObservations: Bool
    /// The moments `<mark-time>` noted, by name (a later mark of the same name replaces it, as an app's variable).
    var marks: [String: Date] = [:]

    init(app: any App, clock: VirtualClock, network: VirtualNetwork, transcript: Transcript, keepsObservations: Bool) {
        self.app = app
        self.clock = clock
        self.network = network
        self.transcript = transcript
        self.keepsObservations = keepsObservations
    }

    /// Runs the steps in order: `.passed`, every failed expectation (the first with the others after it: a failed
    /// check does not hide a later one), or a thrown adapter error. A step that failed where no expectation looks
    /// at it ends the scenario: what follows it would test a world that did not happen.
    mutating func run(_ steps: [Step]) throws -> Status {
        var failures: [Failure] = []
        func failed(adding last: Failure? = nil) -> Status {
            let all = failures + (last.map { [$0] } ?? [])
            guard var first = all.first else { return .passed }
            first.more = Array(all.dropFirst())
            return .failed(first)
        }
        for step in steps {
            if case .expect(let expectation) = step.kind {
                do {
                    let (failure, observation) = try check(expectation, at: step.location)
                    if let observation { observations.append(observation) }
                    if let failure { failures.append(failure) }
                } catch {
                    // A check that cannot be made because the step before it failed (no page to read
                    // document.cookie from) reports that step's failure, not an error of the adapter.
                    if let unchecked = uncheckedFailure() { return failed(adding: unchecked) }
                    throw error
                }
                if case .lastStep = expectation { lastOutcomeChecked = true }
                continue
            }
            if let unchecked = uncheckedFailure() { return failed(adding: unchecked) }
            lastOutcome = nil
            lastOutcomeChecked = false
            do {
                try perform(step.kind, at: step.location)
                lastOutcome = (.succeeded, "", step.location)
            } catch let failure as StepFailure {
                lastOutcome = (failure.outcome, failure.message, step.location)
            }
        }
        return failed(adding: uncheckedFailure())
    }

    private func uncheckedFailure() -> Failure? {
        guard let last = lastOutcome, last.outcome != .succeeded, !lastOutcomeChecked else { return nil }
        return Failure(
            message: "step failed: \(last.message)", location: last.location,
            details: "the step ended with '\(last.outcome.rawValue)' "
                + "(add <expect-last-step outcome=\"\(last.outcome.rawValue)\"/> if that is the behaviour wanted)"
        )
    }

    private mutating func perform(_ kind: Step.Kind, at location: SuiteLocation) throws {
        switch kind {
        case .nativeSetCookie(let url, let line):
            try app.nativeSetCookie(line, url: try parse(url))
        case .nativeRequest(let request):
            try app.nativeRequest(try httpRequest(request), handlesCookies: request.handlesCookies)
        case .openWebView(let options):
            try app.openWebView(options)
        case .switchWebView(let name):
            try app.switchWebView(to: name)
        case .load(let request) where request.isOnAppScheme || request.isLocalDocument:
            guard let url = URL(string: request.url) else { throw AppError.unsupported("URL '\(request.url)'") }
            try app.loadAppPage(url)
        case .loadHTML(let html, let baseURL):
            guard let base = baseURL.map({ URL(string: $0) }) ?? .some(nil) else { throw AppError.unsupported("URL '\(baseURL ?? "")'") }
            try app.loadHTMLString(html, baseURL: base)
        case .load(let request):
            try app.load(try httpRequest(request), handlesCookies: request.handlesCookies)
        case .followLink(let url):
            try app.followLink(try parse(url))
        case .followLinkToNewWindow(let url):
            try app.followLinkToNewWindow(try parse(url))
        case .fetch(let request, let kind):
            try app.fetch(try httpRequest(request), as: kind)
        case .submitForm(let request):
            try app.submitForm(try httpRequest(request))
        case .goBack:
            try app.goBack()
        case .goForward:
            try app.goForward()
        case .runScript(let script):
            try app.runScript(script)
        case .addUserScript(let script):
            try app.addUserScript(script)
        case .restartApp:
            try app.restart()
        case .reinstallApp:
            try app.reinstall()
        case .clearWebsiteData:
            try app.clearWebsiteData()
        case .nativeRemoveCookies:
            try app.nativeRemoveCookies()
        case .nativeRemoveCookiesSince(let mark):
            // The loader saw the mark before this step.
            guard let date = marks[mark] else { throw AppError.unsupported("since=\"\(mark)\" before its <mark-time>") }
            try app.nativeRemoveCookies(since: date)
        case .markTime(let name):
            marks[name] = clock.now
            transcript.record("• app notes the time as '\(name)': \(PendingWork.timestamp(clock.now))")
        case .advanceClock(let seconds):
            clock.advance(by: seconds)
            transcript.record("• clock +\(seconds) s")
            try app.clockDidAdvance()
        case .expect:
            break
        }
    }

    private func parse(_ url: String) throws -> HTTPURL {
        guard let parsed = HTTPURL(url) else { throw AppError.unsupported("URL '\(url)'") }
        return parsed
    }

    private func httpRequest(_ request: Request) throws -> HTTPRequest {
        guard let url = request.parsedURL else { throw AppError.unsupported("URL '\(request.url)'") }
        return HTTPRequest(url: url, method: request.method, headers: request.headers, body: request.body)
    }

    // MARK: Expectations

    /// What the check saw (a line naming what was looked at and its value), and nil when the expectation holds, else
    /// the failure with expected vs observed.
    private mutating func check(
        _ expectation: Expectation, at location: SuiteLocation
    ) throws -> (Failure?, Observation?) {
        switch expectation {
        case .lastStep(let wanted):
            let observed = lastOutcome?.outcome ?? .succeeded
            let detail = lastOutcome?.message ?? ""
            // The outcome, not the engine's wording of it (each engine words a redirect loop its own way).
            let seen = observation(location, "last step", [observed.rawValue])
            // `failed` accepts any failure, a redirect loop included.
            guard observed != wanted, !(wanted == .failed && observed != .succeeded) else { return (nil, seen) }
            return (failure(
                "last step: expected \(wanted.rawValue), observed \(observed.rawValue)\(detail.isEmpty ? "" : " (\(detail))")",
                at: location), seen)

        case .request(let expectation):
            return checkRequest(expectation, at: location)

        case .noPendingWork:
            let pending = try app.pendingWork().map { $0.description(now: clock.now) }
            let seen = observation(location, "pending work", pending)
            guard pending.isEmpty else {
                return (failure(
                    "pending work: expected none, observed \(pending.count): \(pending.joined(separator: "; "))", at: location), seen)
            }
            return (nil, seen)

        case .noLoadDuringCookieWrite:
            let raced = try app.loadsDuringCookieWrites().map(\.description)
            let seen = observation(location, "loads during a cookie write", raced)
            guard raced.isEmpty else {
                return (failure(
                    "loads during a cookie write: expected none, observed \(raced.count): \(raced.joined(separator: "; "))",
                    at: location), seen)
            }
            return (nil, seen)

        case .documentCookie(let match):
            let value = try app.documentCookie()
            let mismatch = CookieStringCheck(match).mismatch(in: value.isEmpty ? nil : value, subject: "document.cookie")
                .map { failure($0.message, at: location, exposure: $0.isExposure) }
            return (mismatch, observation(location, "document.cookie", cookies: value))

        case .store(let expectation):
            // A store is a set: no store API orders its listing (libsoup walks its domain hash table, Foundation
            // its own), no page or request sees that order, and the check matches any cookie. Read in one order,
            // two stores holding the same cookies observe the same thing.
            let cookies = StoreCheck.sorted(try app.cookies(in: expectation.store))
            let matching = cookies.filter { StoreCheck.matches($0, expectation) }
            let storeName = expectation.store == .native ? "native store" : "web view store"
            let seen = observation(
                location, "\(storeName), cookies named '\(expectation.name)'",
                cookies.filter { $0.name == expectation.name }.map { StoreCheck.list([$0]) })
            if expectation.present, matching.isEmpty {
                let named = StoreCheck.list(cookies.filter { $0.name == expectation.name })
                return (failure(
                    "\(storeName): expected a cookie \(StoreCheck.describe(expectation)), found \(named)", at: location), seen)
            }
            if !expectation.present, !matching.isEmpty {
                // A cookie kept that must not be: refused by the rules, private, or visible to script.
                return (failure(
                    "\(storeName): expected no cookie \(StoreCheck.describe(expectation)), found \(StoreCheck.list(matching))",
                    at: location, exposure: true), seen)
            }
            return (nil, seen)
        }
    }

    private func checkRequest(
        _ expectation: RequestExpectation, at location: SuiteLocation
    ) -> (Failure?, Observation?) {
        guard let wanted = expectation.parsedURL else {
            return (
                failure("bad URL \(expectation.url)", at: location),
                observation(location, "bad URL \(expectation.url)", []))
        }
        let targets = [wanted] + expectation.parsedAlternatives
        let requests = network.log.filter { request in
            targets.contains {
                request.url.origin == $0.origin && request.url.path == $0.path && ($0.query == nil || request.url.query == $0.query)
            }
        }
        let urls = expectation.describedURLs
        if !expectation.received {
            let seen = observation(location, "requests to \(urls)", ["\(requests.count)"])
            guard requests.isEmpty else {
                return (failure("expected no request to \(urls), observed \(requests.count)", at: location), seen)
            }
            return (nil, seen)
        }
        let request: ReceivedRequest?
        switch expectation.occurrence {
        case .first: request = requests.first
        case .last: request = requests.last
        case .number(let n): request = requests.count >= n ? requests[n - 1] : nil
        }
        guard let request else {
            let seen = network.log.map { "  \($0.method) \($0.url)" }.joined(separator: "\n")
            return (failure(
                "expected a request to \(urls), observed \(requests.count) (occurrence \(expectation.occurrence))",
                at: location, extra: "requests received:\n" + (seen.isEmpty ? "  (none)" : seen)),
                observation(
                    location, "requests to \(urls), occurrence \(expectation.occurrence)", ["\(requests.count)"]))
        }
        let seen = observation(
            location, "Cookie header of \(request.method) \(request.url)", cookies: request.cookieHeader ?? "")
        if let body = expectation.body {
            let seenBody = observation(
                location, "body of \(request.method) \(request.url)", [request.body.map { "'\($0)'" } ?? "(none)"])
            if request.body != body {
                let observed = request.body.map { "'\($0)'" } ?? "no body"
                return (failure("body of \(request.method) \(request.url): expected '\(body)', observed \(observed)", at: location), seenBody)
            }
        }
        if let header = expectation.header, header.caseInsensitiveCompare("Cookie") != .orderedSame {
            return checkHeader(header, of: request, expectation.cookie, at: location)
        }
        let mismatch = CookieStringCheck(expectation.cookie)
            .mismatch(in: request.cookieHeader, subject: "Cookie header of \(request.method) \(request.url)")
            .map { failure($0.message, at: location, exposure: $0.isExposure) }
        return (mismatch, seen)
    }

    /// `equals` / `empty` on a header other than `Cookie` (repeated fields joined with ", ", RFC 9110 §5.3). A
    /// header present where `empty` wants none is an exposure: a value the app set (a token) went where it must not.
    private func checkHeader(
        _ name: String, of request: ReceivedRequest, _ match: CookieStringMatch, at location: SuiteLocation
    ) -> (Failure?, Observation?) {
        let value = request.headers.joinedValue(of: name, separator: ", ")
        let subject = "\(name) header of \(request.method) \(request.url)"
        let seen = observation(location, subject, value.map { [$0] } ?? [])
        let shown = value.map { "'\($0)'" } ?? "(none)"
        if match.isEmpty, let value, !value.isEmpty {
            return (failure("\(subject): expected none, observed \(shown)", at: location, exposure: true), seen)
        }
        if let equals = match.equals, value != equals {
            return (failure("\(subject): expected '\(equals)', observed \(shown)", at: location), seen)
        }
        return (nil, seen)
    }

    /// What a check saw, described only when the run keeps observations (the arguments are not evaluated otherwise).
    private func observation(
        _ location: SuiteLocation, _ subject: @autoclosure () -> String, _ items: @autoclosure () -> [String]
    ) -> Observation? {
        keepsObservations ? Observation(location, subject(), items()) : nil
    }

    /// A cookie string's pairs as a check saw them, when the run keeps observations.
    private func observation(
        _ location: SuiteLocation, _ subject: @autoclosure () -> String, cookies: @autoclosure () -> String
    ) -> Observation? {
        keepsObservations ? Observation(location, subject(), cookies: cookies()) : nil
    }

    private func failure(_ message: String, at location: SuiteLocation, extra: String = "", exposure: Bool = false) -> Failure {
        Failure(
            message: message, location: location,
            details: "\(location): \(message)\(extra.isEmpty ? "" : "\n" + extra)", guardsAgainstExposure: exposure
        )
    }
}

/// `contains` / `lacks` / `equals` / `empty` on a cookie string (`a=1; b=2`).
struct CookieStringCheck {
    let match: CookieStringMatch

    init(_ match: CookieStringMatch) { self.match = match }

    /// A one-line "expected …, observed …" when the string does not satisfy the match, and whether the mismatch
    /// is an exposure: a cookie present that must not be (`empty`, `lacks`, or an `equals` the observed string
    /// exceeds with a cookie of another name). A missing cookie is not one.
    func mismatch(in value: String?, subject: String) -> (message: String, isExposure: Bool)? {
        let shown = value.map { "'\($0)'" } ?? "(none)"
        let pairs = Self.pairs(value ?? "")
        if match.isEmpty, value != nil, !(value ?? "").isEmpty {
            return ("\(subject): expected no cookie, observed \(shown)", true)
        }
        if let equals = match.equals, (value ?? "") != equals {
            let wanted = Set(Self.pairs(equals).map(\.name))
            return ("\(subject): expected '\(equals)', observed \(shown)", pairs.contains { !wanted.contains($0.name) })
        }
        for item in match.contains where !pairs.contains(where: { Self.item(item, matches: $0) }) {
            return ("\(subject): expected to contain '\(item)', observed \(shown)", false)
        }
        for item in match.lacks where pairs.contains(where: { Self.item(item, matches: $0) }) {
            return ("\(subject): expected to lack '\(item)', observed \(shown)", true)
        }
        return nil
    }

    /// `name=value` pairs of a Cookie header or document.cookie; a pair without "=" is a name-less cookie.
    static func pairs(_ value: String) -> [(name: String, value: String)] {
        CookieListText.items(value).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return ("", String(pair)) }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }

    /// `name` matches any value; `name=value` matches exactly.
    static func item(_ item: String, matches pair: (name: String, value: String)) -> Bool {
        guard let equals = item.firstIndex(of: "=") else { return pair.name == item }
        return pair.name == item[..<equals] && pair.value == item[item.index(after: equals)...]
    }
}

/// Matching cookies in a store against `expect-native-store` / `expect-web-view-store`.
enum StoreCheck {
    static func matches(_ cookie: Cookie, _ e: StoreExpectation) -> Bool {
        cookie.name == e.name
            && e.value.map { $0 == cookie.value } ?? true
            && e.domain.map { $0.lowercased().drop { $0 == "." } == cookie.domain.drop { $0 == "." } } ?? true
            && e.path.map { $0 == cookie.path } ?? true
            && e.httpOnly.map { $0 == cookie.isHTTPOnly } ?? true
            && e.secure.map { $0 == cookie.isSecure } ?? true
            && e.persistent.map { $0 == cookie.isPersistent } ?? true
    }

    static func describe(_ e: StoreExpectation) -> String {
        var parts = ["'\(e.name)'"]
        if let value = e.value { parts.append("value=\(value)") }
        if let domain = e.domain { parts.append("domain=\(domain)") }
        if let path = e.path { parts.append("path=\(path)") }
        if let httpOnly = e.httpOnly { parts.append("http-only=\(httpOnly)") }
        if let secure = e.secure { parts.append("secure=\(secure)") }
        if let persistent = e.persistent { parts.append("persistent=\(persistent)") }
        return parts.joined(separator: " ")
    }

    /// By domain (without a leading dot), path, name, then value and flags: the order a store check reads in.
    static func sorted(_ cookies: [Cookie]) -> [Cookie] {
        cookies.map { (key: [$0.domain.drop { $0 == "." }.lowercased(), $0.path, $0.name, list([$0])], cookie: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map(\.cookie)
    }

    static func list(_ cookies: [Cookie]) -> String {
        guard !cookies.isEmpty else { return "none" }
        return cookies.map { c in
            "\(c.name)=\(c.value) (domain=\(c.domain) path=\(c.path) http-only=\(c.isHTTPOnly) secure=\(c.isSecure) persistent=\(c.isPersistent))"
        }.joined(separator: ", ")
    }
}
