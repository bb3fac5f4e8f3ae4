import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import Browsers
@testable import EngineDrivers

/// What a tab reused from an earlier scenario must not carry over: its history (go-back stops at the page the tab
/// was handed out on, even after Chromium dropped the oldest entries: it keeps 50) and its cookies.
@Suite("Chromium tab reuse", .serialized)
struct ChromiumReuseTests {
    static func environment(_ transcript: Transcript) -> AppEnvironment {
        let origin = Origin(url: "https://a.example", routes: [
            Route(path: "/home", setCookies: ["a=1; Path=/"], body: "<p>home</p>"),
            Route(path: "/account", body: "<p>account</p>"),
        ])
        return AppEnvironment(
            clock: VirtualClock(start: Suite.defaultClockStart), network: VirtualNetwork(origins: [origin]), transcript: transcript)
    }

    @Test("a reused tab whose history is full: go-back finds the scenario's own page; the jar is empty",
          .enabled(if: BrowserAdapters.chromiumUnavailableReason() == nil, "chromium is not installed here"))
    func historyOfReusedTab() throws {
        let pool = WebKitGTKDrivers(configuration: WebKitGTKDrivers.configuration(program: .chromium), program: .chromium)
        defer { pool.stopAll() }
        // An earlier scenario: a cookie set, and a history of 50 entries in its tab (Chromium's limit: the next
        // entries push the oldest out, and the indexes of all move).
        do {
            let first = try BrowserApp(environment: Self.environment(Transcript()), drivers: pool, browser: "Chromium")
            try first.openWebView(WebViewOptions())
            try first.nativeSetCookie("old=1; Path=/", url: HTTPURL("https://a.example/")!)
            for index in 0..<50 {
                try first.load(HTTPRequest(url: HTTPURL("https://a.example/\(index % 2 == 0 ? "home" : "account")")!), handlesCookies: true)
            }
        }
        let transcript = Transcript()
        let app = try BrowserApp(environment: Self.environment(transcript), drivers: pool, browser: "Chromium")
        #expect(try app.cookies(in: .native).isEmpty, "a cookie of the earlier scenario is still in the jar")
        try app.openWebView(WebViewOptions())
        try app.load(HTTPRequest(url: HTTPURL("https://a.example/home")!), handlesCookies: true)
        try app.followLink(HTTPURL("https://a.example/account")!)
        try app.goBack()
        let homes = transcript.all.filter { $0.hasPrefix("→ [web view] GET https://a.example/home") }
        #expect(homes.count == 2, "\(transcript.all.joined(separator: "\n"))")
    }
}
