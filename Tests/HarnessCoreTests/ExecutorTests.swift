import Locking
import CookieModel
import HarnessCore
import Testing

@Suite("scenarios on the reference adapter")
struct ExecutorTests {
    let executor = ScenarioExecutor()

    private func run(_ kinds: [Step.Kind], origins: [Origin] = Fixtures.loginOrigins) -> Status {
        let scenario = Fixtures.scenario("t.x", kinds)
        return executor.run(scenario, of: Fixtures.suite([scenario], origins: origins), on: .reference).status
    }

    @Test("a 302 login sets an HttpOnly domain cookie that reaches the target and hides from script")
    func loginRedirect() {
        let status = run([
            .openWebView(WebViewOptions()),
            .load(Request(url: "https://login.example.com/sso")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(contains: ["sid=s3cr3t"])))),
            .expect(.documentCookie(CookieStringMatch(lacks: ["sid"]))),
            .expect(.store(StoreExpectation(store: .native, name: "sid", domain: "example.com", httpOnly: true, persistent: false))),
            .fetch(Request(url: "https://evil.example/")),
            .expect(.request(RequestExpectation(url: "https://evil.example/", cookie: CookieStringMatch(isEmpty: true)))),
        ])
        #expect(status == .passed)
    }

    @Test("RFC 6265bis §5.2: a navigation and a fetch bounced through another site back to app.example.com are cross-site there")
    func crossSiteRedirectChain() {
        let origins = [
            Origin(url: "https://app.example.com", routes: [
                Route(path: "/signin", setCookies: ["strict=1; Secure; SameSite=Strict", "lax=1; Secure; SameSite=Lax",
                                                    "none=1; Secure; SameSite=None"]),
                Route(path: "/page"), Route(path: "/landing"), Route(path: "/api/data"),
                Route(path: "/out", status: 302, location: "https://other.example/bounce"),
            ]),
            Origin(url: "https://other.example", routes: [
                Route(path: "/bounce", status: 302, location: "https://app.example.com/landing"),
                Route(path: "/api-bounce", status: 302, location: "https://app.example.com/api/data"),
            ]),
        ]
        let status = run([
            .openWebView(WebViewOptions()),
            .load(Request(url: "https://app.example.com/signin")),
            .load(Request(url: "https://app.example.com/out")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/out", cookie: CookieStringMatch(contains: ["strict=1"])))),
            .expect(.request(RequestExpectation(
                url: "https://app.example.com/landing", cookie: CookieStringMatch(contains: ["lax=1", "none=1"], lacks: ["strict"])))),
            .load(Request(url: "https://app.example.com/page")),
            .fetch(Request(url: "https://other.example/api-bounce")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/api/data", cookie: CookieStringMatch(equals: "none=1")))),
        ], origins: origins)
        #expect(status == .passed)
    }

    @Test("a wrong expectation fails with expected vs observed and the line")
    func failureMessage() throws {
        let status = run([
            .load(Request(url: "https://login.example.com/sso")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(equals: "sid=other")))),
        ])
        guard case .failed(let failure) = status else {
            Issue.record("expected a failure, got \(status)")
            return
        }
        #expect(failure.message == "Cookie header of GET https://app.example.com/home: expected 'sid=other', observed 'sid=s3cr3t'")
        #expect(failure.location.line == 11)
    }

    @Test("a redirect loop fails the scenario unless expect-last-step expects it")
    func loops() {
        let unexpected = run([.load(Request(url: "https://login.example.com/loop"))])
        guard case .failed(let failure) = unexpected else {
            Issue.record("expected a failure, got \(unexpected)")
            return
        }
        #expect(failure.message.hasPrefix("step failed: more than 20 redirects"))
        #expect(run([.load(Request(url: "https://login.example.com/loop")), .expect(.lastStep(.redirectLoop))]) == .passed)
    }

    @Test("every check runs: a failed one does not hide the next; only a cookie present that must not be is [security]")
    func softChecks() throws {
        let status = run([
            .openWebView(WebViewOptions()),
            .load(Request(url: "https://login.example.com/sso")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(contains: ["other=1"])))),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(lacks: ["sid"])))),
            .expect(.documentCookie(CookieStringMatch(lacks: ["sid"]))),
        ])
        guard case .failed(let failure) = status else {
            Issue.record("expected a failure, got \(status)")
            return
        }
        #expect(failure.all.count == 2)
        #expect(failure.message.contains("expected to contain 'other=1'"))
        #expect(!failure.guardsAgainstExposure, "a missing cookie is not a security failure")
        #expect(failure.more.first?.message.contains("expected to lack 'sid'") == true)
        #expect(failure.more.first?.guardsAgainstExposure == true)
    }

    @Test("an expected failure states its message: the same failure is expected, another is not")
    func observedPattern() {
        let failure = Failure(message: "Cookie header of GET https://a.example/?0004: expected no cookie, observed 'foo'",
                              location: SuiteLocation(file: "x.xml", line: 3), details: "")
        #expect(ExpectedStatus(.fail, reason: "r", observed: failure.message).accepts(failure), "a message is a pattern for itself")
        #expect(ExpectedStatus(.fail, reason: "r", observed: "Cookie header of GET *: expected no cookie, observed *").accepts(failure))
        #expect(!ExpectedStatus(.fail, reason: "r", observed: "document.cookie: *").accepts(failure))
        #expect(ExpectedStatus(.fail, reason: "r").accepts(failure))
    }

    @Test("a check that cannot be made because its step failed reports the step's failure, not an error")
    func checkAfterFailedStep() throws {
        let status = run([
            .openWebView(WebViewOptions()),
            .load(Request(url: "https://nowhere.invalid/")),
            .expect(.documentCookie(CookieStringMatch(lacks: ["sid"]))),
        ])
        guard case .failed(let failure) = status else {
            Issue.record("expected a failure, got \(status)")
            return
        }
        #expect(failure.message.hasPrefix("step failed:"), "\(failure.message)")
    }

    /// The reference has no engine: it runs the app's script's assignments in each page its web view commits later,
    /// and again in the web view it opens after a relaunch.
    @Test("add-user-script: the app's script runs in later pages, not the one shown, and again after a relaunch")
    func appUserScript() {
        let tour = Step.Kind.addUserScript(#"document.cookie = "tour=seen; path=/";"#)
        let readsTour = Step.Kind.expect(.documentCookie(CookieStringMatch(contains: ["tour=seen"])))
        let home = Step.Kind.load(Request(url: "https://app.example.com/home"))
        #expect(run([.openWebView(WebViewOptions()), home, tour, readsTour]) != .passed)
        #expect(run([.openWebView(WebViewOptions()), tour, home, readsTour]) == .passed)
        #expect(run([.openWebView(WebViewOptions()), tour, .restartApp, home, readsTour]) == .passed)
    }

    @Test("restart keeps persistent cookies and drops session cookies; a non-persistent store starts empty")
    func restart() {
        let status = run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "keep=1; Max-Age=3600"),
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "session=1"),
            .restartApp,
            .expect(.store(StoreExpectation(store: .native, name: "keep", persistent: true))),
            .expect(.store(StoreExpectation(store: .native, name: "session", present: false))),
            .openWebView(WebViewOptions(dataStore: .nonPersistent)),
            .load(Request(url: "https://app.example.com/home")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(isEmpty: true)))),
            .advanceClock(seconds: 3600),
            .expect(.store(StoreExpectation(store: .native, name: "keep", present: false))),
        ])
        #expect(status == .passed)
    }

    @Test("a scenario needing a capability the adapter lacks is skipped with the reason")
    func skip() {
        let limited = Adapter(info: AdapterInfo(name: "limited", version: "0"), summary: "", capabilities: [.nativeStore]) { env in
            try SharedStoreApp(environment: env) { CookieJar(clock: env.cookieClock) }
        }
        let scenario = Fixtures.scenario("t.js", [.openWebView(WebViewOptions()), .runScript("document.cookie='a=1'")])
        let status = executor.run(scenario, of: Fixtures.suite([scenario]), on: limited).status
        #expect(status == .skipped(reason: "adapter 'limited' lacks capability: javascript, web-view"))
    }

    @Test("a script that is more than document.cookie assignments is skipped by an adapter without an engine")
    func scriptNeedingAnEngine() {
        let status = run([.load(Request(url: "https://app.example.com/home")), .runScript("fetch('/x')")])
        #expect(status == .skipped(reason: "adapter 'reference' lacks capability: script-engine"))
    }

    @Test("an adapter that claims an engine it does not have errors on such a script, never passes it")
    func unsupportedScript() {
        var claiming = Adapter.reference
        claiming.capabilities.insert(.scriptEngine)
        let scenario = Fixtures.scenario("t.x", [.load(Request(url: "https://app.example.com/home")), .runScript("fetch('/x')")])
        let status = executor.run(scenario, of: Fixtures.suite([scenario], origins: Fixtures.loginOrigins), on: claiming).status
        guard case .errored(let detail) = status else {
            Issue.record("expected an error, got \(status)")
            return
        }
        #expect(detail.contains("only document.cookie"))
    }
}

@Suite("request bodies")
struct RequestBodyTests {
    @Test("expect-request body= compares the body the origin received")
    func body() {
        let origins = [Origin(url: "https://app.example.com", routes: [Route(path: "/form", method: "POST")])]
        func run(_ body: String?) -> Status {
            let scenario = Fixtures.scenario("t.body", [
                .load(Request(url: "https://app.example.com/form", method: "POST", body: body)),
                .expect(.request(RequestExpectation(url: "https://app.example.com/form", body: "a=1"))),
            ])
            return ScenarioExecutor().run(scenario, of: Fixtures.suite([scenario], origins: origins), on: .reference).status
        }
        #expect(run("a=1") == .passed)
        guard case .failed(let failure) = run(nil) else {
            Issue.record("a missing body must fail")
            return
        }
        #expect(failure.message == "body of POST https://app.example.com/form: expected 'a=1', observed no body")
    }
}

@Suite("request headers other than Cookie")
struct RequestHeaderCheckTests {
    static let origins = [Origin(url: "https://app.example.com", routes: [Route(path: "/home")])]

    func run(sending headers: [HTTPHeaderField], _ check: RequestExpectation) -> ScenarioExecutor.Outcome {
        let scenario = Fixtures.scenario("t.header", [
            .load(Request(url: "https://app.example.com/home", headers: headers)),
            .expect(.request(check)),
        ])
        return ScenarioExecutor().observe(scenario, of: Fixtures.suite([scenario], origins: Self.origins), on: .reference)
    }

    @Test("header= with equals= compares that header's whole value, not the Cookie header")
    func equals() {
        let check = RequestExpectation(url: "https://app.example.com/home", cookie: .init(equals: "t0k3n"), header: "X-App-Token")
        #expect(run(sending: [HTTPHeaderField(name: "x-app-token", value: "t0k3n")], check).status == .passed)
        guard case .failed(let failure) = run(sending: [], check).status else {
            Issue.record("a missing header must fail")
            return
        }
        #expect(failure.message == "X-App-Token header of GET https://app.example.com/home: expected 't0k3n', observed (none)")
        #expect(!failure.guardsAgainstExposure)
    }

    @Test("header= with empty= fails on a header that is there, as an exposure, and observes the value")
    func empty() {
        let check = RequestExpectation(url: "https://app.example.com/home", cookie: .init(isEmpty: true), header: "Authorization")
        #expect(run(sending: [], check).status == .passed)
        let result = run(sending: [HTTPHeaderField(name: "Authorization", value: "Bearer x")], check)
        guard case .failed(let failure) = result.status else {
            Issue.record("a header that must be absent was sent: must fail")
            return
        }
        #expect(failure.message == "Authorization header of GET https://app.example.com/home: expected none, observed 'Bearer x'")
        #expect(failure.guardsAgainstExposure)
        #expect(result.observations.map(\.description) == ["Authorization header of GET https://app.example.com/home: Bearer x"])
    }
}

@Suite("the reference app's redirect hops keep the app's header fields as Fetch does")
struct ReferenceRedirectHeaderTests {
    @Test("a custom header reaches every hop, another site's too; Authorization stops at the origin")
    func hops() {
        let origins = [
            Origin(url: "https://app.example.com", routes: [
                Route(path: "/start", status: 302, location: "https://app.example.com/out"),
                Route(path: "/out", status: 302, location: "https://partner.example/land"),
            ]),
            Origin(url: "https://partner.example", routes: [Route(path: "/land")]),
        ]
        func header(_ name: String, at url: String) -> RequestExpectation {
            RequestExpectation(url: url, cookie: .init(equals: name == "Authorization" ? "Bearer b" : "t0k3n"), header: name)
        }
        let scenario = Fixtures.scenario("t.hops", [
            .load(Request(url: "https://app.example.com/start", headers: [
                HTTPHeaderField(name: "X-App-Token", value: "t0k3n"), HTTPHeaderField(name: "Authorization", value: "Bearer b"),
            ])),
            .expect(.request(header("X-App-Token", at: "https://partner.example/land"))),
            .expect(.request(header("Authorization", at: "https://app.example.com/out"))),
            .expect(.request(RequestExpectation(
                url: "https://partner.example/land", cookie: .init(isEmpty: true), header: "Authorization"))),
        ])
        let status = ScenarioExecutor().run(scenario, of: Fixtures.suite([scenario], origins: origins), on: .reference).status
        #expect(status == .passed)
    }
}

/// Adapters that cannot run here, and apps that cannot serve a step: skips with the reason, never a verdict.
@Suite("unavailable adapters and unservable steps")
struct UnavailableAdapterTests {
    final class CannotLoad: StubApp {
        override func load(_ request: HTTPRequest, handlesCookies: Bool) throws { throw AppError.cannotServe("no POST on this engine") }
    }

    static let scenario = Fixtures.scenario("t.load", [.load(Request(url: "https://login.example.com/sso"))])

    @Test("an adapter whose engine is missing skips every scenario with the reason, and stays out of a plain run")
    func unavailable() {
        var adapter = Adapter.reference
        adapter.info.name = "engine-less"
        adapter.unavailableReason = "WebKitGTK is missing: install gir1.2-webkit2-4.1"
        adapter.isInDefaultRun = false
        let status = ScenarioExecutor().run(Self.scenario, of: Fixtures.suite([Self.scenario]), on: adapter).status
        #expect(status == .skipped(reason: "adapter 'engine-less' is not available here: WebKitGTK is missing: install gir1.2-webkit2-4.1"))
        let registry = AdapterRegistry([.reference, adapter])
        #expect(registry.defaults.map(\.name) == ["reference"])
        #expect(registry.adapter(named: "engine-less") != nil)
    }

    @Test("a scenario whose engine failed under it runs once more on a fresh app; a second failure is an error")
    func engineFailureRetried() {
        let attempts = Locked(0)
        func adapter(failing times: Int) -> Adapter {
            attempts.withLock { $0 = 0 }
            return Adapter(
                info: AdapterInfo(name: "flaky-engine", version: "1", profile: "", specProfile: "rfc6265bis"), summary: "",
                capabilities: Adapter.reference.capabilities
            ) { environment in
                let attempt = attempts.withLock { count -> Int in
                    count += 1
                    return count
                }
                if attempt <= times { throw AppError.engineFailure("engine process \(attempt) died") }
                return try SharedStoreApp(environment: environment) { CookieJar(clock: environment.cookieClock) }
            }
        }
        let once = ScenarioExecutor().run(Self.scenario, of: Fixtures.suite([Self.scenario]), on: adapter(failing: 1))
        #expect(once.status == .passed)
        #expect(attempts.withLock { $0 } == 2)
        #expect(once.transcript.first == "• first attempt ended by an engine failure (engine process 1 died); run again on a fresh engine process")
        let twice = ScenarioExecutor().run(Self.scenario, of: Fixtures.suite([Self.scenario]), on: adapter(failing: 2))
        #expect(twice.status == .errored(detail: "engine process 2 died"))
        #expect(attempts.withLock { $0 } == 2, "never a third attempt")
    }

    @Test("a step the app's engine cannot serve skips the scenario with the reason")
    func cannotServe() {
        let adapter = Adapter(
            info: AdapterInfo(name: "no-post", version: "1", profile: "", specProfile: "rfc6265bis"), summary: "",
            capabilities: Adapter.reference.capabilities
        ) { _ in CannotLoad() }
        let status = ScenarioExecutor().run(Self.scenario, of: Fixtures.suite([Self.scenario]), on: adapter).status
        #expect(status == .skipped(reason: "no POST on this engine"))
    }
}
