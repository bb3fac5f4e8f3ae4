import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SyncStrategies
import Testing
import WebKitModel

/// Scenarios built in code for the strategy tests, and a way to run them on an adapter by name.
enum StrategyFixtures {
    static let origins = [
        Origin(url: "https://login.example.com", routes: [
            Route(path: "/login", method: "POST", setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly"]),
            Route(path: "/sso", status: 302, setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly"],
                  location: "https://app.example.com/home"),
            Route(path: "/form", method: "POST"),
        ]),
        Origin(url: "https://app.example.com", routes: [
            Route(path: "/home"), Route(path: "/next"), Route(path: "/landing"), Route(path: "/api/me"),
            Route(path: "/out", status: 302, location: "https://evil.example/landing"),
            Route(path: "/refresh", status: 302, setCookies: ["v=new; Path=/; Secure"], location: "/home"),
            Route(path: "/signin", setCookies: ["session=h0st; Path=/; Secure; HttpOnly", "theme=dark; Path=/; Secure"]),
            Route(path: "/prefs", setCookies: ["lang=de; Path=/; Secure; Expires=Fri, 01 Jan 2027 00:00:00 GMT", "other=1; Path=/; Secure"]),
        ]),
        Origin(url: "https://evil.example", routes: [Route(path: "/landing")]),
        Origin(url: "https://other.example", routes: [Route(path: "/page")]),
    ]

    /// `wk-action-reinject` with the naive "already injected" check (a `Cookie` header is present).
    static let naiveReinject = Adapter(
        info: AdapterInfo(name: "wk-action-reinject-naive", version: "1", profile: "ios"), summary: "",
        capabilities: StrategyAdapterCatalog.webViewCapabilities
    ) { environment in
        try WebViewApp(environment: environment, profile: .ios) { ActionReinjectStrategy(check: .cookieHeaderPresent) }
    }

    static func lookup(_ name: String) -> Adapter? {
        name == naiveReinject.name ? naiveReinject : StrategyAdapterCatalog.all.first { $0.name == name }
    }

    static func run(
        _ id: String, _ kinds: [Step.Kind], on name: String, origins: [Origin] = StrategyFixtures.origins
    ) throws -> (status: Status, transcript: [String]) {
        try run(id, kinds, on: try #require(lookup(name), "no adapter \(name)"), origins: origins)
    }

    static func run(
        _ id: String, _ kinds: [Step.Kind], on adapter: Adapter, origins: [Origin] = StrategyFixtures.origins
    ) throws -> (status: Status, transcript: [String]) {
        let scenario = Scenario(
            id: "strategy.\(id)", title: id,
            steps: kinds.enumerated().map { Step($1, location: SuiteLocation(file: "strategy.xml", line: $0 + 1)) },
            location: SuiteLocation(file: "strategy.xml", line: 1)
        )
        let suite = Suite(id: "strategy", title: "strategy", file: "strategy.xml", origins: origins, scenarios: [scenario])
        return ScenarioExecutor().run(scenario, of: suite, on: adapter)
    }

    // MARK: Step shorthands

    static let nativeLogin = Step.Kind.nativeRequest(Request(url: "https://login.example.com/login", method: "POST", body: "user=alice"))
    static let open = Step.Kind.openWebView(WebViewOptions())

    static func load(_ url: String) -> Step.Kind { .load(Request(url: url)) }

    static func request(_ url: String, first: Bool = false, contains: [String] = [], lacks: [String] = [], equals: String? = nil,
                        empty: Bool = false) -> Step.Kind {
        .expect(.request(RequestExpectation(
            url: url, occurrence: first ? .first : .last,
            cookie: CookieStringMatch(contains: contains, lacks: lacks, equals: equals, isEmpty: empty))))
    }

    static func store(_ store: StoreExpectation.Store, _ name: String, present: Bool = true, httpOnly: Bool? = nil,
                      persistent: Bool? = nil) -> Step.Kind {
        .expect(.store(StoreExpectation(store: store, name: name, present: present, httpOnly: httpOnly, persistent: persistent)))
    }
}
