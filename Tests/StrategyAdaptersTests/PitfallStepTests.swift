import CookieModel
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// The steps and platform behaviours the pitfall scenarios need: back/forward, an in-page form, the implicit
/// web→native sync, a native store that flushes late, and Set-Cookie lines a moment apart.
@Suite("pitfall steps")
struct PitfallStepTests {
    static let origins = [
        Origin(url: "https://app.example.com", routes: [
            Route(path: "/home"), Route(path: "/account"), Route(path: "/api/me"), Route(path: "/form", method: "POST"),
            Route(path: "/prefs", setCookies: ["theme=dark; Path=/; Secure; Max-Age=86400"]),
            // A cookie named like a domain: what field note 003's WKCookieSyncManager waits for before it saves.
            Route(path: "/named-like-the-domain", setCookies: ["example.com=1; Path=/; Secure; Max-Age=86400"]),
            // A value a script literal must escape, in a session cookie a relaunch drops (ScriptInjectionRoundTripTests).
            Route(path: "/awkward", setCookies: [#"awk=a\b'c"d\\e; Path=/; Secure"#]),
            {
                var route = Route(path: "/ordered", setCookies: ["zeta=1; Path=/", "alpha=2; Path=/"])
                route.setCookieDelays = [0, 0.001]
                return route
            }(),
        ]),
    ]

    func run(
        _ kinds: [Step.Kind], on name: String, platform: PlatformParameters = PlatformParameters(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Status, transcript: [String]) {
        let adapter = try #require(
            (StrategyAdapterCatalog.all + [.reference]).first { $0.name == name }, "no adapter \(name)", sourceLocation: sourceLocation)
        let scenario = Scenario(
            id: "pitfall.test", title: "test",
            steps: kinds.enumerated().map { Step($1, location: SuiteLocation(file: "pitfall.xml", line: $0 + 1)) },
            platform: platform, location: SuiteLocation(file: "pitfall.xml", line: 1))
        let suite = Suite(id: "pitfall", title: "pitfall", file: "pitfall.xml", origins: Self.origins, scenarios: [scenario])
        return ScenarioExecutor().run(scenario, of: suite, on: adapter)
    }

    static let session = Step.Kind.nativeSetCookie(url: "https://app.example.com/", setCookie: "session=n; Path=/; Secure")
    static let open = Step.Kind.openWebView(WebViewOptions())

    static func request(_ url: String, occurrence: RequestExpectation.Occurrence = .last, contains: [String] = [],
                        equals: String? = nil, body: String? = nil) -> Step.Kind {
        var expectation = RequestExpectation(
            url: url, occurrence: occurrence, cookie: CookieStringMatch(contains: contains, equals: equals))
        expectation.body = body
        return .expect(.request(expectation))
    }

    @Test("go-back loads the previous page again with the store's cookies; the shared store and wk-cookie-store pass",
          arguments: ["reference", "uiwebview", "wk-cookie-store", "wk-combined"])
    func backAndForward(adapter: String) throws {
        let result = try run([
            Self.session, Self.open, .load(Request(url: "https://app.example.com/home")),
            .followLink(url: "https://app.example.com/account"), .goBack,
            Self.request("https://app.example.com/home", occurrence: .number(2), contains: ["session=n"]),
            .goForward,
            Self.request("https://app.example.com/account", occurrence: .number(2), contains: ["session=n"]),
        ], on: adapter)
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }

    @Test("a back navigation carries no header the app set on its first load (WebKit rule 2)")
    func backWithoutAppHeader() throws {
        let result = try run([
            Self.session, Self.open, .load(Request(url: "https://app.example.com/home")),
            .followLink(url: "https://app.example.com/account"), .goBack,
            Self.request("https://app.example.com/home", occurrence: .number(2), contains: ["session=n"]),
        ], on: "wk-request-header")
        guard case .failed(let failure) = result.status else { Issue.record("expected a failure"); return }
        #expect(failure.message.contains("observed (none)"))
        #expect(result.transcript.contains { $0.contains("navigation #") && $0.contains("(backForward)") })
    }

    @Test("re-issuing a back navigation as a load leaves nothing to go forward to")
    func reinjectBreaksHistory() throws {
        let result = try run([
            Self.session, Self.open, .load(Request(url: "https://app.example.com/home")),
            .followLink(url: "https://app.example.com/account"), .goBack, .goForward,
        ], on: "wk-action-reinject")
        guard case .failed(let failure) = result.status else { Issue.record("expected a failure"); return }
        #expect(failure.message.contains("go-forward: the web view has no page to go forward to"))
    }

    @Test("a form the page submits keeps its body; wk-action-reinject's re-issue loses it")
    func formSubmission() throws {
        let steps: [Step.Kind] = [
            Self.session, Self.open, .load(Request(url: "https://app.example.com/home")),
            .submitForm(Request(url: "https://app.example.com/form", method: "POST", body: "a=1")),
            Self.request("https://app.example.com/form", contains: ["session=n"], body: "a=1"),
        ]
        #expect(try run(steps, on: "wk-cookie-store").status == .passed)
        #expect(try run(steps, on: "reference").status == .passed)
        guard case .failed(let failure) = try run(steps, on: "wk-action-reinject").status else {
            Issue.record("expected a failure"); return
        }
        #expect(failure.message.contains("observed no body"))
    }

    @Test("the naive check loops on a page the native store has nothing for")
    func naiveCheckLoops() throws {
        let result = try run([Self.open, .load(Request(url: "https://app.example.com/home"))], on: "wk-action-reinject:naive-check")
        guard case .failed(let failure) = result.status else { Issue.record("expected a failure"); return }
        #expect(failure.message.contains("navigation loop"))
    }

    @Test("the implicit sync drops a native cookie the web view lacks, only when the scenario turns it on")
    func implicitSync() throws {
        let steps: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "app=1; Path=/; Secure; Max-Age=86400"),
            Self.open, .load(Request(url: "https://app.example.com/prefs")), .advanceClock(seconds: 2),
            .expect(.store(StoreExpectation(store: .native, name: "app", present: true))),
        ]
        #expect(try run(steps, on: "wk-no-sync").status == .passed)
        let beforeItsTime = steps.filter { if case .advanceClock = $0 { false } else { true } }
        #expect(try run(beforeItsTime, on: "wk-no-sync", platform: PlatformParameters(implicitWebToNativeSync: 1)).status
            == .passed, "the sync lands when the clock reaches it, not before the next step")
        let synced = try run(steps, on: "wk-no-sync", platform: PlatformParameters(implicitWebToNativeSync: 1))
        guard case .failed = synced.status else { Issue.record("expected a failure"); return }
        #expect(synced.transcript.contains { $0.contains("implicit sync (rule 10) drops the native cookie app") })
        #expect(try run(steps, on: "wk-combined", platform: PlatformParameters(implicitWebToNativeSync: 1)).status == .passed)
    }

    @Test("a kill before the native store's flush loses the cookie; after it, the cookie stays", arguments: [0.0, 10.0])
    func flush(waited: Double) throws {
        let steps: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "keep=1; Path=/; Secure; Max-Age=86400"),
            .advanceClock(seconds: waited), .restartApp,
            .expect(.store(StoreExpectation(store: .native, name: "keep", present: true))),
        ]
        let status = try run(steps, on: "wk-no-sync", platform: PlatformParameters(nativeStoreFlushDelay: 5)).status
        #expect((status == .passed) == (waited > 5))
        #expect(try run(steps, on: "wk-userdefaults", platform: PlatformParameters(nativeStoreFlushDelay: 5)).status == .passed)
    }

    @Test("Set-Cookie lines a moment apart get distinct creation times, so their order is fixed",
          arguments: ["reference", "wk-no-sync", "wk-no-sync@webkitgtk"])
    func delayedLines(adapter: String) throws {
        let result = try run([
            Self.open, .load(Request(url: "https://app.example.com/ordered")),
            .followLink(url: "https://app.example.com/account"),
            Self.request("https://app.example.com/account", equals: "zeta=1; alpha=2"),
        ], on: adapter)
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }

    @Test("wk-userdefaults:as-written wipes the web view's store after a response and restores cookies without HttpOnly or Secure")
    func userDefaultsAsWritten() throws {
        let result = try run([
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "s=1; Path=/; Secure; HttpOnly; Max-Age=86400"),
            Self.open, .load(Request(url: "https://app.example.com/prefs")),
            .expect(.store(StoreExpectation(store: .webView, name: "theme", present: false))),
            .expect(.store(StoreExpectation(store: .native, name: "theme", present: true))),
            .restartApp, .load(Request(url: "https://app.example.com/home")),
            Self.request("https://app.example.com/home", contains: ["s=1", "theme=dark"]),
            .expect(.store(StoreExpectation(store: .native, name: "s", present: true, httpOnly: false, secure: false))),
        ], on: "wk-userdefaults:as-written")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
        #expect(result.transcript.contains { $0.contains("WKWebsiteDataStore.removeData landed") })
    }

    @Test("ios-11 ignores a setCookie when the web view has a process pool of its own; the shared pool works",
          arguments: [true, false])
    func processPool(shared: Bool) throws {
        let steps: [Step.Kind] = [
            Self.session, .openWebView(WebViewOptions(sharedProcessPool: shared)),
            .load(Request(url: "https://app.example.com/home")), .followLink(url: "https://app.example.com/account"),
            Self.request("https://app.example.com/account", contains: ["session=n"]),
        ]
        let ios11 = try run(steps, on: "wk-cookie-store@ios-11")
        #expect((ios11.status == .passed) == shared, "\(ios11.transcript.joined(separator: "\n"))")
        #expect(ios11.transcript.contains { $0.contains("is on the app's shared process pool") } == !shared)
        #expect(try run(steps, on: "wk-cookie-store").status == .passed)
    }
}
