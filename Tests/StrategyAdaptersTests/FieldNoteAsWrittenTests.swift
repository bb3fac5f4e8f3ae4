import HarnessCore
import Testing

/// The field notes' exact behaviours in their `:as-written` ports, end to end (`docs/field-notes.md`).
@Suite("field notes as written")
struct FieldNoteAsWrittenTests {
    let steps = PitfallStepTests()

    static let postLoad: [Step.Kind] = [
        PitfallStepTests.session, PitfallStepTests.open,
        .load(Request(url: "https://app.example.com/form", method: "POST", body: "a=1")),
        PitfallStepTests.request("https://app.example.com/form", contains: ["session=n"], body: "a=1"),
    ]

    @Test("notes 000 and 001 rebuild the app's request from its URL: a POST load goes out as a GET without its body",
          arguments: ["wk-request-header:as-written", "wk-userdefaults:as-written"])
    func postRebuiltAsGet(adapter: String) throws {
        let result = try steps.run(Self.postLoad, on: adapter)
        guard case .failed(let failure) = result.status else {
            Issue.record("expected a failure: \(result.transcript.joined(separator: "\n"))"); return
        }
        #expect(failure.message.contains("GET https://app.example.com/form"), "\(failure.message)")
        #expect(failure.message.contains("observed no body"), "\(failure.message)")
        #expect(result.transcript.contains { $0.contains("rebuilt from its URL as a GET") })
    }

    @Test("the tidy strategies keep the app's POST", arguments: ["wk-request-header", "wk-userdefaults"])
    func tidyKeepsPost(adapter: String) throws {
        let result = try steps.run(Self.postLoad, on: adapter)
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }

    /// Note 004's restore after a relaunch: the first load with the saved cookie in its own header and cookie
    /// handling off, then the document-start script's script-visible copy on every page.
    @Test("note 004 restores the saved cookie with a header on the first load (cookie handling off) and a script; the copy is script-visible")
    func sessionRestore() throws {
        let result = try steps.run([
            PitfallStepTests.open, .load(Request(url: "https://app.example.com/prefs")),
            .expect(.documentCookie(CookieStringMatch(contains: ["theme=dark"]))),
            .restartApp, PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            PitfallStepTests.request("https://app.example.com/home", equals: "theme=dark"),
            .expect(.store(StoreExpectation(store: .webView, name: "theme", present: true, domain: "app.example.com", persistent: false))),
            .expect(.store(StoreExpectation(store: .native, name: "theme", present: false))),
        ], on: "wk-session-restore")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
        #expect(result.transcript.contains { $0.contains("first load after launch with httpShouldHandleCookies = false and Cookie: theme=dark") })
        #expect(result.transcript.contains { $0.contains("document.cookie = 'theme=dark; domain=app.example.com; path=/;'") })
        // Before the relaunch nothing is saved yet, so nothing is restored: the first launch loads as is.
        #expect(!result.transcript.prefix { !$0.contains("relaunched") }.contains { $0.contains("httpShouldHandleCookies = false") })
    }

    /// Note 000's second injection: the native cookies written in `didFinish`, so the first page goes without them
    /// and the next one with them, an HttpOnly native session then script-visible.
    @Test("note 000's didFinish injection: the first load goes without the native session, the next with it, script-visible")
    func afterLoadInjection() throws {
        let httpOnlySession = Step.Kind.nativeSetCookie(url: "https://app.example.com/", setCookie: "session=n; Path=/; Secure; HttpOnly")
        let result = try steps.run([
            httpOnlySession, PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", occurrence: .last, cookie: CookieStringMatch(isEmpty: true)))),
            .expect(.documentCookie(CookieStringMatch(equals: "session=n"))),
            .followLink(url: "https://app.example.com/account"),
            PitfallStepTests.request("https://app.example.com/account", equals: "session=n"),
            .expect(.store(StoreExpectation(store: .webView, name: "session", present: true, httpOnly: false, secure: false, persistent: false))),
        ], on: "wk-user-script:after-load")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
        #expect(result.transcript.contains { $0.contains("didFinish https://app.example.com/home: evaluateJavaScript writes 1 native cookie(s)") })
    }

    /// Note 001's swizzled `HTTPCookieStorage.cookies`: the session saved at the native login is put back by the
    /// next read of the store after a logout (the note's own save runs one), so the native store and the next
    /// load's header have it again; the as-written header without the swizzle stays logged out.
    @Test("note 001's swizzled cookies getter puts a logged-out session back into the native store and the next load")
    func keptSessionUndoesLogout() throws {
        let logout = Step.Kind.nativeSetCookie(url: "https://app.example.com/", setCookie: "session=; Path=/; Secure; Max-Age=0")
        func steps(sessionBack: Bool) -> [Step.Kind] {
            [
                PitfallStepTests.session, PitfallStepTests.open, logout,
                .expect(.store(StoreExpectation(store: .native, name: "session", present: sessionBack))),
                .load(Request(url: "https://app.example.com/home")),
                sessionBack
                    ? PitfallStepTests.request("https://app.example.com/home", equals: "session=n")
                    : .expect(.request(RequestExpectation(url: "https://app.example.com/home", occurrence: .last, cookie: CookieStringMatch(isEmpty: true)))),
            ]
        }
        let kept = try self.steps.run(steps(sessionBack: true), on: "wk-request-header:kept-session")
        #expect(kept.status == .passed, "\(kept.transcript.joined(separator: "\n"))")
        #expect(kept.transcript.contains { $0.contains("no session in HTTPCookieStorage.cookies: the saved one (n) put back") })
        let plain = try self.steps.run(steps(sessionBack: false), on: "wk-request-header:as-written")
        #expect(plain.status == .passed, "\(plain.transcript.joined(separator: "\n"))")
    }

    /// Note 002: the app's cookie in a document-start script and, spaced, at the end of the load's header.
    @Test("note 002 writes the app's session as 'session = value;' in the header and with a document-start script")
    func appCookieSpacedHeader() throws {
        let other = Step.Kind.nativeSetCookie(url: "https://app.example.com/", setCookie: "theme=dark; Path=/")
        let result = try steps.run([
            other, PitfallStepTests.session, PitfallStepTests.open, .load(Request(url: "https://app.example.com/home")),
            PitfallStepTests.request("https://app.example.com/home", equals: "theme=dark;session = n;"),
            .expect(.documentCookie(CookieStringMatch(contains: ["session=n"]))),
        ], on: "wk-app-cookie")
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
        #expect(result.transcript.contains { $0.contains("document-start script document.cookie ='session=n';") })
    }

    /// Note 003's manager: its gate waits for a cookie *named* like its domain, so a web login is never saved and a
    /// relaunch restores nothing; with such a cookie the login is saved once and set, unawaited, into the next
    /// launch's web view.
    @Test("note 003's WKCookieSyncManager saves nothing until a cookie is named like its domain, then restores once")
    func cookieSyncManagerGate() throws {
        let relaunchAndLoad: [Step.Kind] = [.restartApp, PitfallStepTests.open, .load(Request(url: "https://app.example.com/home"))]
        let closed = try steps.run(
            [PitfallStepTests.open, .load(Request(url: "https://app.example.com/prefs"))] + relaunchAndLoad
                + [.expect(.store(StoreExpectation(store: .native, name: "theme", present: false)))],
            on: "wk-cookie-sync-manager")
        #expect(closed.status == .passed, "\(closed.transcript.joined(separator: "\n"))")
        #expect(closed.transcript.contains { $0.contains("none named 'example.com': nothing saved") })
        #expect(!closed.transcript.contains { $0.contains("set into the new web view's WKHTTPCookieStore") })

        let opened = try steps.run(
            [PitfallStepTests.open, .load(Request(url: "https://app.example.com/prefs")),
             .load(Request(url: "https://app.example.com/named-like-the-domain"))] + relaunchAndLoad,
            on: "wk-cookie-sync-manager")
        #expect(opened.status == .passed, "\(opened.transcript.joined(separator: "\n"))")
        #expect(opened.transcript.contains { $0.contains("2 cookie(s) of the web view saved to UserDefaults (once: loginCookieHasBeenSynced)") })
        #expect(opened.transcript.contains { $0.contains("2 saved cookie(s) set into the new web view's WKHTTPCookieStore, not awaited") })
    }
}
