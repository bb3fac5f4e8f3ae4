import CookieModel
import Foundation
import HarnessCore
import Synchronization

/// Builds scenarios in code, for runner and executor tests.
enum Fixtures {
    static let here = SuiteLocation(file: "test.xml", line: 1)

    static func step(_ kind: Step.Kind, line: Int = 1) -> Step { Step(kind, location: SuiteLocation(file: "test.xml", line: line)) }

    static func scenario(_ id: String, tags: [String] = [], _ kinds: [Step.Kind]) -> Scenario {
        Scenario(id: id, title: id, tags: tags, steps: kinds.enumerated().map { step($1, line: $0 + 10) }, location: here)
    }

    /// login.example.com/sso 302 → app.example.com/home, setting an HttpOnly session cookie for example.com.
    static let loginOrigins = [
        Origin(url: "https://login.example.com", routes: [
            Route(path: "/sso", status: 302, setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly"],
                  location: "https://app.example.com/home"),
            Route(path: "/loop", status: 302, location: "/loop"),
            Route(path: "/form", method: "POST", status: 303, location: "/done"),
            Route(path: "/keep", status: 307, location: "/done"),
            Route(path: "/done"),
        ]),
        Origin(url: "https://app.example.com", routes: [Route(path: "/home"), Route(path: "/api/*")]),
        Origin(url: "https://evil.example", routes: [Route(path: "/")]),
    ]

    static func suite(_ scenarios: [Scenario], origins: [Origin] = loginOrigins) -> Suite {
        Suite(id: "t", title: "test", file: "test.xml", origins: origins, scenarios: scenarios)
    }
}

/// An app that does nothing and holds no cookie: the tests' fake apps override only the calls they are about.
class StubApp: App {
    func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws {}
    func nativeRequest(_ request: HTTPRequest) throws {}
    func openWebView(_ options: WebViewOptions) throws {}
    func switchWebView(to name: String) throws {}
    func load(_ request: HTTPRequest, handlesCookies: Bool) throws {}
    func followLink(_ url: HTTPURL) throws {}
    func followLinkToNewWindow(_ url: HTTPURL) throws {}
    func fetch(_ request: HTTPRequest, as kind: SubresourceKind) throws {}
    func runScript(_ script: String) throws {}
    func documentCookie() throws -> String { "" }
    func restart() throws {}
    func cookies(in store: StoreExpectation.Store) throws -> [Cookie] { [] }
    func close() {}
}

/// An app whose every action blocks for a while: a hanging adapter.
final class HangingApp: StubApp {
    let seconds: Double
    init(seconds: Double) { self.seconds = seconds }
    override func nativeSetCookie(_ setCookie: String, url: HTTPURL) throws { Thread.sleep(forTimeInterval: seconds) }
    override func nativeRequest(_ request: HTTPRequest) throws { Thread.sleep(forTimeInterval: seconds) }
    override func load(_ request: HTTPRequest, handlesCookies: Bool) throws { Thread.sleep(forTimeInterval: seconds) }
}
