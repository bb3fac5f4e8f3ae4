import CookieModel
import Foundation
import HarnessCore
import StrategyAdapters
import Testing

@testable import SyncStrategies

/// The port of KKJSBridge's `KKWebView` (issue 20): its catalog, its cookie script and the native half of its
/// `document.cookie` hook. Its drift against the expectation files is checked with the other libraries'
/// (``LibraryPortDriftTests``).
@Suite("library ports (KKJSBridge)")
struct LibraryPortsKKJSBridgeTests {
    typealias F = StrategyFixtures

    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin")
    func catalog() throws {
        let kinds = try LibraryPortsBTests.checkCatalog(of: KKJSBridgeStrategy.library, repository: "karosLi/KKJSBridge")
        #expect(kinds.map(\.name) == ["kkjsbridge:1.0.9", "kkjsbridge:1.3.9"])
    }

    @Test("ajaxCookieScripts: domain= is HTTPCookie.domain, expires in the formatter's text, a value with ' left out")
    func cookieScript() {
        let expiry = Date(timeIntervalSince1970: 1_924_992_000)  // 2031-01-01 00:00:00 UTC
        let session = Cookie.make(
            name: "sid", value: "s1", domain: "app.example.com", expires: expiry, isSecure: true, isHTTPOnly: true, now: expiry)
        let shared = Cookie.make(name: "pref", value: "a", domain: ".example.com", path: "/docs", now: expiry)
        let quoted = Cookie.make(name: "q", value: "it's", domain: "app.example.com", now: expiry)
        #expect(KKJSBridgeStrategy.cookieScript([session, quoted, shared]) == """
            document.cookie='sid=s1;domain=app.example.com;path=/;expires=Wed, 1 Jan 2031 00:00:00 GMT;Secure;HTTPOnly;'
            document.cookie='pref=a;domain=.example.com;path=/docs;'

            """)
    }

    @Test("a script's write reaches the native store only with a domain and a path (cookieWithProperties:)", arguments: ["1.0.9", "1.3.9"])
    func hookWrites(version: String) throws {
        let run = try F.run("kk-hook", [
            F.open, F.load("https://app.example.com/home"),
            .runScript("document.cookie = 'bare=1; path=/'; document.cookie = 'full=2; domain=app.example.com; path=/'"),
            F.store(.native, "bare", present: false), F.store(.native, "full"), F.store(.webView, "bare"),
        ], on: "kkjsbridge:\(version)")
        #expect(run.status == .passed, "\(run.transcript.joined(separator: "\n"))")
    }

    @Test("1.3.9's per-load script goes through the hook and strips HttpOnly from the native cookie; 1.0.9's does not")
    func httpOnlyEcho() throws {
        let steps: [Step.Kind] = [
            .nativeSetCookie(url: "https://app.example.com/", setCookie: "remember=r3m; Path=/; Secure; HttpOnly"),
            F.open, F.load("https://app.example.com/home"), F.store(.native, "remember", httpOnly: true),
        ]
        #expect(try F.run("kk-echo", steps, on: "kkjsbridge:1.0.9").status == .passed)
        let later = try F.run("kk-echo", steps, on: "kkjsbridge:1.3.9")
        #expect(later.status != .passed)
        #expect(later.transcript.contains { $0.contains("setCookie 'remember=r3m;domain=app.example.com;path=/;Secure;HTTPOnly;'") })
    }
}
