import HarnessCore
import StrategyAdapters
import Testing

/// Each strategy's known breakage (DESIGN §5) as a small scenario stating the behaviour an app needs: the
/// strategies that break there fail it with the expected message, and `wk-combined` (and the `uiwebview`
/// baseline) pass every one of them.
@Suite("sync strategies: known breakages, and wk-combined passing them")
struct StrategyBreakageTests {
    struct Breakage: Sendable, CustomTestStringConvertible {
        let id: String
        let steps: [Step.Kind]
        /// Adapter → a fragment of the failure message it must produce.
        let failsOn: [String: String]

        var testDescription: String { id }
    }

    typealias F = StrategyFixtures

    static let breakages: [Breakage] = [
        Breakage(
            id: "first-load-after-native-login",
            steps: [F.nativeLogin, F.open, F.load("https://app.example.com/home"),
                    F.request("https://app.example.com/home", first: true, contains: ["sid=s3cr3t"])],
            failsOn: [
                "wk-no-sync": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-user-script": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-response-capture": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-js-read": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-cookie-store@ios-18": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-cookie-store@ios-11": "expected to contain 'sid=s3cr3t', observed (none)",
                "wk-userdefaults@ios-11": "expected a request to https://app.example.com/home, observed 0",
            ]),
        Breakage(
            id: "redirect-hop-gets-no-foreign-session",
            steps: [F.nativeLogin, F.open, F.load("https://app.example.com/out"),
                    F.request("https://app.example.com/out", contains: ["sid=s3cr3t"]),
                    F.request("https://evil.example/landing", empty: true)],
            failsOn: [
                "wk-request-header": "Cookie header of GET https://evil.example/landing: expected no cookie, observed 'sid=s3cr3t'",
                "wk-action-reinject": "Cookie header of GET https://evil.example/landing: expected no cookie, observed 'sid=s3cr3t'",
                "wk-no-sync": "expected to contain 'sid=s3cr3t', observed (none)",
            ]),
        Breakage(
            id: "subresource-after-native-login",
            steps: [F.nativeLogin, F.open, F.load("https://app.example.com/home"),
                    .fetch(Request(url: "https://app.example.com/api/me")),
                    F.request("https://app.example.com/api/me", contains: ["sid=s3cr3t"])],
            failsOn: [
                "wk-request-header": "Cookie header of GET https://app.example.com/api/me: expected to contain 'sid=s3cr3t', observed (none)",
                "wk-action-reinject": "Cookie header of GET https://app.example.com/api/me: expected to contain 'sid=s3cr3t', observed (none)",
            ]),
        Breakage(
            id: "302-set-cookie-wins-over-native-copy",
            steps: [.nativeSetCookie(url: "https://app.example.com/", setCookie: "v=old; Path=/; Secure"), F.open,
                    F.load("https://app.example.com/refresh"), F.request("https://app.example.com/home", equals: "v=new")],
            failsOn: [
                "wk-request-header": "Cookie header of GET https://app.example.com/home: expected 'v=new', observed 'v=old'",
                "wk-action-reinject": "Cookie header of GET https://app.example.com/home: expected 'v=new', observed 'v=old'",
            ]),
        Breakage(
            id: "native-httponly-stays-httponly-in-web-view",
            steps: [.nativeSetCookie(url: "https://app.example.com/", setCookie: "session=n4t1v3; Path=/; Secure; HttpOnly"), F.open,
                    F.load("https://app.example.com/home"), F.load("https://app.example.com/next"),
                    F.request("https://app.example.com/next", contains: ["session=n4t1v3"]),
                    .expect(.documentCookie(CookieStringMatch(lacks: ["session"]))),
                    F.store(.webView, "session", present: false, httpOnly: false)],
            failsOn: [
                "wk-user-script": "document.cookie: expected to lack 'session', observed 'session=n4t1v3'",
                "wk-no-sync": "expected to contain 'session=n4t1v3', observed (none)",
            ]),
        Breakage(
            id: "302-login-reaches-native-store",
            steps: [F.open, F.load("https://login.example.com/sso"), F.store(.native, "sid", httpOnly: true)],
            failsOn: [
                "wk-response-capture": "native store: expected a cookie 'sid' http-only=true, found none",
                "wk-js-read": "native store: expected a cookie 'sid' http-only=true, found none",
                "wk-no-sync": "native store: expected a cookie 'sid' http-only=true, found none",
            ]),
        Breakage(
            id: "folded-set-cookie-keeps-its-expiry",
            steps: [F.open, F.load("https://app.example.com/prefs"), F.store(.native, "lang", persistent: true)],
            failsOn: [
                "wk-response-capture": "native store: expected a cookie 'lang' persistent=true, found lang=de (domain=app.example.com path=/ http-only=false secure=true persistent=false)",
                "wk-js-read": "native store: expected a cookie 'lang' persistent=true, found lang=de (domain=app.example.com path=/ http-only=false secure=false persistent=false)",
            ]),
        Breakage(
            id: "httponly-web-login-reaches-native-store",
            steps: [F.open, F.load("https://app.example.com/signin"), F.store(.native, "session", httpOnly: true),
                    .nativeRequest(Request(url: "https://app.example.com/api/me")),
                    F.request("https://app.example.com/api/me", contains: ["session=h0st"])],
            failsOn: [
                "wk-js-read": "native store: expected a cookie 'session' http-only=true, found none",
                "wk-no-sync": "native store: expected a cookie 'session' http-only=true, found none",
            ]),
        Breakage(
            id: "cross-site-link-withholds-strict-cookie",
            steps: [.nativeSetCookie(url: "https://app.example.com/", setCookie: "strict=s; Path=/; Secure; SameSite=Strict"), F.open,
                    F.load("https://other.example/page"), .followLink(url: "https://app.example.com/landing"),
                    F.request("https://app.example.com/landing", lacks: ["strict"])],
            failsOn: [
                "wk-action-reinject": "Cookie header of GET https://app.example.com/landing: expected to lack 'strict', observed 'strict=s'",
            ]),
        Breakage(
            id: "load-without-native-cookies-succeeds",
            steps: [F.open, F.load("https://app.example.com/home"), .expect(.lastStep(.succeeded))],
            failsOn: [
                "wk-action-reinject-naive": "last step: expected succeeded, observed redirect-loop (navigation loop",
            ]),
        Breakage(
            id: "session-cookie-ends-with-the-app",
            steps: [F.nativeLogin, F.open, F.load("https://app.example.com/home"), .restartApp,
                    F.store(.native, "sid", present: false), F.store(.webView, "sid", present: false),
                    F.load("https://app.example.com/home"), F.request("https://app.example.com/home", lacks: ["sid"])],
            failsOn: [
                "wk-userdefaults": "native store: expected no cookie 'sid', found sid=s3cr3t (domain=example.com path=/ http-only=true secure=true persistent=true)",
            ]),
    ]

    @Test("the strategies that break here fail, with the expected message", arguments: breakages)
    func breaks(_ breakage: Breakage) throws {
        for (adapter, fragment) in breakage.failsOn.sorted(by: { $0.key < $1.key }) {
            let (status, transcript) = try F.run(breakage.id, breakage.steps, on: adapter)
            guard case .failed(let failure) = status else {
                Issue.record(Comment(rawValue: "\(adapter) should fail \(breakage.id), got \(status)\n" + transcript.joined(separator: "\n")))
                continue
            }
            #expect(failure.message.contains(fragment), "\(adapter): \(failure.message)")
        }
    }

    @Test("wk-combined (ios, webkitgtk) and the uiwebview baseline pass every one", arguments: breakages)
    func combinedPasses(_ breakage: Breakage) throws {
        for adapter in ["wk-combined", "wk-combined@webkitgtk", "uiwebview"] {
            let (status, transcript) = try F.run(breakage.id, breakage.steps, on: adapter)
            #expect(status == .passed, Comment(rawValue: "\(adapter) on \(breakage.id): \(status)\n" + transcript.joined(separator: "\n")))
        }
    }

    @Test("the race is the profile's: wk-cookie-store passes the first load where writes are gated (ios, webkitgtk)")
    func gatedCookieStore() throws {
        let breakage = try #require(Self.breakages.first { $0.id == "first-load-after-native-login" })
        #expect(try F.run(breakage.id, breakage.steps, on: "wk-cookie-store").status == .passed)
        #expect(try F.run(breakage.id, breakage.steps, on: "wk-cookie-store@webkitgtk").status == .passed)
    }

    @Test("on webkitgtk a manual header is replaced, so header strategies no longer leak — nor help")
    func webkitgtkHeaderStrategies() throws {
        let leak = try #require(Self.breakages.first { $0.id == "redirect-hop-gets-no-foreign-session" })
        guard case .failed(let failure) = try F.run(leak.id, leak.steps, on: "wk-request-header@webkitgtk").status else {
            Issue.record("wk-request-header@webkitgtk should fail: the header never reaches app.example.com")
            return
        }
        #expect(failure.message == "Cookie header of GET https://app.example.com/out: expected to contain 'sid=s3cr3t', observed (none)")
    }

    @Test("wk-userdefaults deadlocks on iOS 11.3: it waits for setCookie completions that are held until a load")
    func userDefaultsDeadlock() throws {
        let steps: [Step.Kind] = [F.nativeLogin, F.open, F.load("https://app.example.com/home")]
        let (status, transcript) = try F.run("deadlock", steps, on: "wk-userdefaults@ios-11")
        guard case .failed(let failure) = status else {
            Issue.record("expected a failed step, got \(status)")
            return
        }
        #expect(failure.message == "step failed: the load of https://app.example.com/home never started: the app is still waiting (for a completion handler that never came)")
        #expect(transcript.contains { $0.contains("held — data store #") })
    }

    @Test("wk-combined on iOS 11.3 falls back to a header after its timeout, and strips it from redirect hops")
    func combinedFallback() throws {
        for id in ["first-load-after-native-login", "redirect-hop-gets-no-foreign-session"] {
            let breakage = try #require(Self.breakages.first { $0.id == id })
            let (status, transcript) = try F.run(breakage.id, breakage.steps, on: "wk-combined@ios-11")
            #expect(status == .passed, Comment(rawValue: "\(id): \(status)\n" + transcript.joined(separator: "\n")))
            #expect(transcript.contains { $0.contains("unconfirmed after 1.0 s") })
        }
    }

    @Test("wk-action-reinject re-issues a POST without its body; wk-combined's POST keeps it")
    func postBodyLost() throws {
        let steps: [Step.Kind] = [
            .nativeSetCookie(url: "https://login.example.com/", setCookie: "pref=1; Path=/; Secure"), F.open,
            .load(Request(url: "https://login.example.com/form", method: "POST", body: "user=alice")),
        ]
        let wire = { (transcript: [String]) in transcript.filter { $0.hasPrefix("→ [web view] POST https://login.example.com/form") } }
        let reinject = try F.run("post", steps, on: "wk-action-reinject")
        #expect(reinject.status == .passed)
        #expect(wire(reinject.transcript).count == 1)
        #expect(wire(reinject.transcript).allSatisfy { $0.contains("Cookie: pref=1") && !$0.contains("(body:") })
        let combined = try F.run("post", steps, on: "wk-combined")
        #expect(wire(combined.transcript).count == 1)
        #expect(wire(combined.transcript).allSatisfy { $0.contains("Cookie: pref=1") && $0.contains("(body: 10 bytes)") })
    }
}
