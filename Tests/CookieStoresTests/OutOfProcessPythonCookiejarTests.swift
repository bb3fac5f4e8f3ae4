import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieStores

/// `python-cookiejar` basics: Python's `http.cookiejar` driven through the protocol, on the harness's clock.
@Suite("python-cookiejar", .timeLimit(.minutes(2)))
struct OutOfProcessPythonCookiejarTests {
    private let clock = VirtualClock(start: OutOfProcessSupport.start)
    private static let app = CookieURL(string: "https://app.example.com/account/settings")!
    private static let navigation = CookieRequestContext.sameSiteNavigation

    private func header(_ store: ExternalCookieStore, _ url: String) throws -> String? {
        try store.cookieHeader(for: CookieURL(string: url)!, context: Self.navigation)
    }

    @Test("the handshake names CPython's http.cookiejar and its capabilities")
    func handshake() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        #expect(store.handshake.name == "python-cookiejar")
        #expect(store.handshake.version.hasPrefix("CPython 3."))
        #expect(store.handshake.version.hasSuffix(" http.cookiejar"))
        #expect(store.handshake.capabilities == [
            .nativeStore, .webView, .nonPersistentDataStore, .virtualClock, .persistence, .storeInspection,
        ])
        let adapter = try OutOfProcessSupport.pythonCookiejar().adapter()
        #expect(adapter.name == "python-cookiejar")
        #expect(adapter.capabilities == store.handshake.capabilities)
    }

    @Test("Set-Cookie in, Cookie header out: default path, Domain, Secure, ordering by path length")
    func headers() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        try store.receive(setCookie: "sid=1; Domain=example.com; Path=/; Secure; HttpOnly", from: Self.app, context: Self.navigation)
        try store.receive(setCookie: "pref=dark", from: Self.app, context: Self.navigation)
        #expect(try header(store, "https://app.example.com/account/x") == "pref=dark; sid=1")
        #expect(try header(store, "https://www.example.com/") == "sid=1")
        #expect(try header(store, "http://app.example.com/account/x") == "pref=dark")
        #expect(try header(store, "https://evil.example/") == nil)
    }

    @Test("UTF-8 values travel as bytes, as they would over a socket")
    func utf8() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        try store.receive(setCookie: "greeting=春节; Path=/", from: Self.app, context: Self.navigation)
        #expect(try header(store, "https://app.example.com/") == "greeting=春节")
        #expect(try store.storedCookies().map(\.value) == ["春节"])
    }

    @Test("expiry follows the virtual clock")
    func virtualClock() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        try store.receive(setCookie: "short=1; Path=/; Max-Age=60", from: Self.app, context: Self.navigation)
        try store.receive(setCookie: "dated=1; Path=/; Expires=Thu, 01 Jan 2026 00:10:00 GMT", from: Self.app, context: Self.navigation)
        clock.advance(by: 59)
        #expect(try header(store, "https://app.example.com/") == "short=1; dated=1")
        clock.advance(by: 2)
        #expect(try header(store, "https://app.example.com/") == "dated=1")
        clock.advance(by: 600)
        #expect(try header(store, "https://app.example.com/") == nil)
    }

    @Test("the store lists cookies with their attributes")
    func inspection() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        try store.receive(setCookie: "sid=1; Domain=.Example.com; Path=/; Secure; HttpOnly; Max-Age=3600; SameSite=Lax", from: Self.app, context: Self.navigation)
        try store.receive(setCookie: "bare", from: Self.app, context: Self.navigation)
        let cookies = try store.storedCookies().sorted { $0.name > $1.name }
        #expect(cookies.count == 2)
        let sid = cookies[0]
        #expect(sid.name == "sid" && sid.value == "1" && sid.domain == "example.com" && sid.path == "/")
        #expect(!sid.isHostOnly && sid.isSecure && sid.isHTTPOnly && sid.sameSite == .lax)
        #expect(sid.expiry == OutOfProcessSupport.start.addingTimeInterval(3600))
        let bare = cookies[1]
        #expect(bare.name == "" && bare.value == "bare" && bare.isHostOnly && bare.domain == "app.example.com")
        #expect(bare.path == "/account" && !bare.isPersistent)
    }

    @Test("a restart keeps persistent cookies, HttpOnly flag included, and drops session cookies")
    func restart() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        try store.receive(setCookie: "keep=1; Path=/; Max-Age=86400; HttpOnly; Secure", from: Self.app, context: Self.navigation)
        try store.receive(setCookie: "session=1; Path=/", from: Self.app, context: Self.navigation)
        try store.restart()
        #expect(try header(store, "https://app.example.com/") == "keep=1")
        let kept = try store.storedCookies()
        #expect(kept.map(\.name) == ["keep"])
        #expect(kept.first?.isHTTPOnly == true && kept.first?.isSecure == true && kept.first?.isPersistent == true)
        clock.advance(by: 86_401)
        try store.restart()
        #expect(try store.storedCookies().isEmpty)
    }

    @Test("http.cookiejar has no document.cookie: the store says unsupported")
    func noScriptAPI() throws {
        let store = try OutOfProcessSupport.pythonStore(clock: clock)
        #expect(throws: CookieStoreError.unsupported("document-cookie (python-cookiejar): http.cookiejar has no non-HTTP API (document.cookie)")) {
            try store.documentCookie(for: Self.app, isSameSite: true)
        }
        #expect(throws: CookieStoreError.self) {
            try store.writeDocumentCookie("a=1", documentURL: Self.app, isSameSite: true)
        }
    }

    @Test("through the runner: a 302 login, persistence across a restart, and many parallel scenarios kept apart")
    func runner() throws {
        let origins = [
            Origin(url: "https://login.example.com", routes: [
                Route(path: "/sso", status: 302, setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly"],
                      location: "https://app.example.com/home"),
            ]),
            Origin(url: "https://app.example.com", routes: [Route(path: "/home")]),
        ]
        var scenarios = [
            OutOfProcessSupport.scenario("py.login", [
                .load(Request(url: "https://login.example.com/sso")),
                .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(contains: ["sid=s3cr3t"])))),
                .expect(.store(StoreExpectation(store: .native, name: "sid", domain: "example.com", httpOnly: true, persistent: false))),
            ]),
            OutOfProcessSupport.scenario("py.persistence", [
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "keep=1; Max-Age=3600"),
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "drop=1"),
                .restartApp,
                .nativeRequest(Request(url: "https://app.example.com/home")),
                .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(equals: "keep=1")))),
            ]),
        ]
        scenarios += (0..<60).map { OutOfProcessSupport.roundTrip("py.n\($0)", set: ["n=\($0)"], expect: "n=\($0)") }
        let reporter = CollectingReporter()
        let summary = try Runner().run(
            RunPlan(
                suites: [Suite(id: "py", title: "py", file: "py.xml", origins: origins, scenarios: scenarios)],
                adapters: [try OutOfProcessSupport.pythonCookiejar().adapter()], jobs: 4),
            reporter: reporter)
        for result in reporter.results where result.status != .passed {
            Issue.record("\(result.scenarioID): \(result.status)")
        }
        #expect(summary.passed == scenarios.count)
    }
}
