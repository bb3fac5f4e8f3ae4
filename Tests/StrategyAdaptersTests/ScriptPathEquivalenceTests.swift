import CookieModel
import Foundation
import HarnessCore
@testable import SyncStrategies
import Testing
import TestSupport
@testable import WebKitModel

/// The simulated page runs scripts in its grammar without JavaScriptCore (the fast path, ``JavaScriptEvaluator``):
/// every script the built-in suites and the strategies run must give the same result both ways — value, error,
/// the jar afterwards and what `document.cookie` reads then — on every simulated profile.
@Suite("the fast path and JavaScriptCore agree on every script the suites and strategies run")
struct ScriptPathEquivalenceTests {
    /// Cookies of every kind the strategies copy: host-only, domain, HttpOnly, Secure, expired, odd characters.
    static let cookies: [Cookie] = {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        return [
            Cookie(name: "sid", value: "s3cr3t", domain: "example.com", creation: now, isHostOnly: false, isSecure: true, isHTTPOnly: true),
            Cookie(name: "theme", value: "light", domain: "app.example.com", creation: now),
            Cookie(name: "lang", value: "de", domain: "app.example.com", path: "/account", expiry: now.addingTimeInterval(86_400), creation: now),
            Cookie(name: "old", value: "1", domain: "app.example.com", expiry: now.addingTimeInterval(-60), creation: now),
            Cookie(name: "q", value: "it's \\ \"quoted\"", domain: "app.example.com", creation: now, sameSite: .lax),
        ]
    }()

    /// Every script: the suites' run-script steps, what the strategies inject and read, the harness's read.
    static func scripts() throws -> [String] {
        var scripts = ["document.cookie", "document.cookie;"]
        for suite in try BuiltInSuites.suites {
            for scenario in suite.scenarios {
                for step in scenario.steps { if case .runScript(let source) = step.kind { scripts.append(source) } }
            }
        }
        for cookie in cookies {
            scripts.append(UserScriptStrategy.script(for: [cookie]))
            scripts.append(UserScriptStrategy.scriptAsWritten(for: [cookie]))
            scripts.append(WKCookieWebViewStrategy.script201(for: cookie))
        }
        scripts.append(UserScriptStrategy.script(for: cookies))
        for javaScript in [WKCookieWebViewStrategy.javaScriptString202, WKCookieWebViewStrategy.javaScriptString203] {
            var guarded = ["var cookieNames = document.cookie.split('; ').map(function(cookie) { return cookie.split('=')[0] } )"]
            guarded += cookies.map { WKCookieWebViewStrategy.guardedScript(for: $0, javaScript: javaScript($0)) }
            scripts.append(guarded.joined(separator: ";\n"))
        }
        return scripts
    }

    struct Outcome: Equatable {
        var value: String?
        var error: WebKitError.Code?
        var jar: [String]
        var documentCookie: String?
    }

    /// `source` on a page of `page` whose jar holds a few cookies (one HttpOnly), through one path or the other.
    static func run(_ source: String, on page: String, profile: PlatformProfile, javaScriptCore: Bool) throws -> Outcome {
        let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_767_225_600))
        let network = FixedNetwork()
        let engine = SimulatedWebKit(profile: profile, clock: clock, network: network)
        let context = WKContext(engine: engine)
        let webView = WKWebView(configuration: WKWebViewConfiguration(context: context))
        webView.load(WebRequest(url: URL(string: page)!))
        try engine.runUntilIdle()
        let view = try #require(engine.webViews[webView.identifier])
        if javaScriptCore { _ = engine.pageJavaScript(of: view) }
        var outcome = Outcome(value: nil, error: nil, jar: [])
        webView.evaluateJavaScript(source) { value, error in
            outcome.value = value as? String
            outcome.error = (error as? WebKitError)?.code
        }
        try engine.runUntilIdle()
        #expect((view.javaScript != nil) == javaScriptCore, "the path asked for was the one taken")
        webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies in
            outcome.jar = cookies.map { "\($0.name)=\($0.value) \($0.domain)\($0.path) \($0.isHostOnly) \($0.isHTTPOnly) \($0.expiry.map { "\($0)" } ?? "session")" }.sorted()
        }
        webView.evaluateJavaScript("document.cookie") { value, _ in outcome.documentCookie = value as? String }
        try engine.runUntilIdle()
        return outcome
    }

    @Test("same value, error, jar and document.cookie", arguments: PlatformProfile.all.map(\.name))
    func samePaths(profileName: String) throws {
        let profile = try #require(PlatformProfile.named(profileName))
        let scripts = try Self.scripts()
        #expect(scripts.filter(JavaScriptEvaluator.canRun).count > 20)
        // A script outside the grammar (an unescaped quote in a cookie value) never takes the fast path.
        for source in scripts where JavaScriptEvaluator.canRun(source) {
            for page in ["https://app.example.com/account/page", "http://www.example.com/"] {
                let fast = try Self.run(source, on: page, profile: profile, javaScriptCore: false)
                let core = try Self.run(source, on: page, profile: profile, javaScriptCore: true)
                #expect(fast == core, "\(profile.name) \(page): \(source)")
            }
        }
    }
}

/// Every page answers 200 and sets an HttpOnly session and a plain cookie.
private final class FixedNetwork: HTTPNetwork {
    func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? {
        HTTPResponse(status: 200, headers: [
            HTTPHeaderField(name: "Set-Cookie", value: "session=h0st; Path=/; HttpOnly"),
            HTTPHeaderField(name: "Set-Cookie", value: "plain=1; Path=/"),
        ])
    }
}
