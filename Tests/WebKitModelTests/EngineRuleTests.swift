import CookieModel
import Foundation
import Testing
import WebKitModel

/// DESIGN §6, rule by rule, on the simulated engine.
@Suite("simulated WebKit: DESIGN §6 rules")
struct EngineRuleTests {
    // MARK: Rule 1

    @Test("rule 1: a non-persistent data store is isolated; process pools do not split jars")
    func isolatedStores() {
        let app = EngineFixture()
        app.route("https://app.example.com/set", setCookies: ["a=1; Path=/"])
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/set")

        // A second web view on the default store but in its own process pool sees the cookie.
        let other = WKWebViewConfiguration(context: app.context)
        other.processPool = WKProcessPool()
        let sameStore = WKWebView(configuration: other)
        sameStore.load(WebRequest(url: URL(string: "https://app.example.com/home")!))
        app.settle()
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("a=1"))

        // A web view on a non-persistent store does not.
        let privateConfiguration = WKWebViewConfiguration(context: app.context)
        privateConfiguration.websiteDataStore = app.context.nonPersistentDataStore()
        let privateView = WKWebView(configuration: privateConfiguration)
        privateView.load(WebRequest(url: URL(string: "https://app.example.com/home")!))
        app.settle()
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
    }

    // MARK: Rule 2

    @Test("rule 2: a manual Cookie header goes as-is to every redirect hop, cross-domain too, and is never stored")
    func manualHeaderOnEveryHop() {
        let app = EngineFixture()
        app.route("https://app.example.com/out", status: 302, location: "https://evil.example/landing")
        app.route("https://evil.example/landing", setCookies: ["e=1; Path=/"])
        app.route("https://evil.example/next")
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/out", cookie: "sid=s3cr3t")

        #expect(app.network.cookie(sentTo: "https://app.example.com/out") == .some("sid=s3cr3t"))
        // The hop to another site carries it too, replacing the store's cookies for that hop.
        #expect(app.network.cookie(sentTo: "https://evil.example/landing") == .some("sid=s3cr3t"))
        let stored = app.storedCookies()
        #expect(stored.map(\.name) == ["e"], "the manual header is never stored")

        // Not on the next link navigation, nor on subresources: the store's cookies only.
        app.click("https://evil.example/next")
        #expect(app.network.cookie(sentTo: "https://evil.example/next") == .some("e=1"))
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
        app.fetch("https://app.example.com/home")
        #expect(app.network.requests(to: "https://app.example.com/home").last?.cookieHeader == nil)
    }

    @Test("rule 2, webkitgtk: the network layer replaces a manual Cookie header with the store's cookies")
    func webkitgtkReplacesManualHeader() {
        let app = EngineFixture(profile: .webkitgtk)
        app.route("https://app.example.com/set", setCookies: ["jar=1; Path=/"])
        app.route("https://app.example.com/home")
        app.route("https://other.example/page")
        app.load("https://other.example/page", cookie: "manual=1")
        #expect(app.network.cookie(sentTo: "https://other.example/page") == .some(nil), "no store cookie: no header at all")
        app.load("https://app.example.com/set")
        app.load("https://app.example.com/home", cookie: "manual=1")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("jar=1"))
        // The delegate still sees the app's header on the request it decides on.
        #expect(app.delegate.actions.last?.request.value(forHTTPHeaderField: "Cookie") == "manual=1")
    }

    @Test("rule 2: the app's other headers go to every redirect hop, cross-site too, but Authorization only within the origin", arguments: ["ios", "webkitgtk"])
    func appHeadersOnRedirectHops(profile: String) throws {
        let app = EngineFixture(profile: try #require(PlatformProfile.named(profile)))
        app.route("https://app.example.com/start", status: 302, location: "https://app.example.com/out")
        app.route("https://app.example.com/out", status: 302, location: "https://partner.example/land")
        app.route("https://partner.example/land")
        var request = WebRequest(url: URL(string: "https://app.example.com/start")!)
        request.setValue("t0k3n", forHTTPHeaderField: "X-App-Token")
        request.setValue("Bearer b", forHTTPHeaderField: "Authorization")
        app.webView.load(request)
        app.settle()
        func header(_ name: String, at url: String) -> String? {
            app.network.requests(to: url).last?.headers.joinedValue(of: name, separator: ", ")
        }
        #expect(header("X-App-Token", at: "https://partner.example/land") == "t0k3n")
        #expect(header("Authorization", at: "https://app.example.com/out") == "Bearer b", "same origin: kept")
        #expect(header("Authorization", at: "https://partner.example/land") == nil, "another origin: cleared")
    }

    // MARK: Rule 3

    @Test("rule 3: Set-Cookie on a 302 is stored before the redirect is followed")
    func redirectSetCookieStored() {
        let app = EngineFixture()
        app.route("https://login.example.com/sso", status: 302,
                  setCookies: ["sid=s3cr3t; Domain=example.com; Path=/; Secure; HttpOnly"], location: "https://app.example.com/home")
        app.route("https://app.example.com/home")
        app.load("https://login.example.com/sso")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("sid=s3cr3t"))
        let sid = app.storedCookies().first { $0.name == "sid" }
        #expect(sid?.isHTTPOnly == true && sid?.domain == "example.com" && sid?.isHostOnly == false)
    }

    // MARK: Rule 4

    @Test("rule 4: the response policy sees only the final 200; the action policy sees the first request and each hop")
    func delegateCalls() {
        let app = EngineFixture()
        app.route("https://login.example.com/step1", status: 302, setCookies: ["a=1"], location: "/step2")
        app.route("https://login.example.com/step2", status: 302, location: "https://app.example.com/home")
        app.route("https://app.example.com/home")
        app.route("https://api.example.com/data")
        app.load("https://login.example.com/step1")

        #expect(app.delegate.actions.map(\.request.url.absoluteString) == [
            "https://login.example.com/step1", "https://login.example.com/step2", "https://app.example.com/home",
        ])
        #expect(app.delegate.actions.map(\.isRedirect) == [false, true, true])
        #expect(app.delegate.responses.map(\.response.statusCode) == [200])
        #expect(app.delegate.responses.first?.response.url.absoluteString == "https://app.example.com/home")
        #expect(app.delegate.finished == [URL(string: "https://app.example.com/home")])

        // A subresource reaches neither policy.
        app.fetch("https://api.example.com/data")
        #expect(app.delegate.actions.count == 3)
        #expect(app.delegate.responses.count == 1)
    }

    @Test("rule 4: a link click is a linkActivated action from the page")
    func linkAction() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.route("https://app.example.com/next")
        app.load("https://app.example.com/home")
        app.click("https://app.example.com/next")
        let action = app.delegate.actions.last
        #expect(action?.navigationType == .linkActivated)
        #expect(action?.sourceURL?.absoluteString == "https://app.example.com/home")
    }

    @Test("rule 4: a cancelled action ends the navigation silently; a cancelled response fails it")
    func cancellation() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.delegate.actionPolicy = { _ in .cancel }
        app.load("https://app.example.com/home")
        #expect(app.network.requests.isEmpty)
        #expect(app.delegate.failures.isEmpty && app.delegate.finished.isEmpty)
        #expect(app.webView.url == nil)

        app.delegate.actionPolicy = { _ in .allow }
        app.delegate.responsePolicy = { _ in .cancel }
        app.load("https://app.example.com/home")
        #expect(app.delegate.failures.map(\.code) == [.frameLoadInterruptedByPolicyChange])
        #expect(app.webView.url == nil, "nothing committed")
    }

    // MARK: Rule 5

    @Test("rule 5: several Set-Cookie fields arrive joined with \", \" in allHeaderFields")
    func headerFolding() {
        let app = EngineFixture()
        app.route("https://app.example.com/signin", setCookies: [
            "a=1; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT", "b=2; Path=/",
        ])
        app.load("https://app.example.com/signin")
        let response = app.delegate.responses.first?.response
        #expect(response?.allHeaderFields["Set-Cookie"] == "a=1; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT, b=2; Path=/")
        #expect(response?.value(forHTTPHeaderField: "set-cookie") == response?.allHeaderFields["Set-Cookie"])
        // The engine itself stored both, unfolded.
        #expect(Set(app.storedCookies().map(\.name)) == ["a", "b"])
    }

    // MARK: Rule 6

    @Test("rule 6: a document-start script's cookie is absent from the first request and present on the next")
    func documentStartScript() {
        let script = WKUserScript(source: "document.cookie = 'token=abc; path=/'", injectionTime: .atDocumentStart, forMainFrameOnly: false)
        let app = EngineFixture(scripts: [script])
        app.route("https://app.example.com/home")
        app.route("https://app.example.com/next")
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
        app.click("https://app.example.com/next")
        #expect(app.network.cookie(sentTo: "https://app.example.com/next") == .some("token=abc"))
    }

    @Test("rule 6: script cannot create or overwrite HttpOnly cookies, nor write another site's domain")
    func scriptLimits() {
        let app = EngineFixture()
        app.route("https://app.example.com/signin", setCookies: ["session=h0st; Path=/; Secure; HttpOnly"])
        app.load("https://app.example.com/signin")
        _ = app.evaluate("""
            document.cookie = "flag=1; path=/; HttpOnly";
            document.cookie = "session=forged; path=/";
            document.cookie = "x=1; domain=other.example";
            document.cookie = "parent=1; domain=example.com; path=/"
            """)
        let cookies = app.storedCookies()
        #expect(cookies.first { $0.name == "session" }?.value == "h0st")
        #expect(!cookies.contains { $0.name == "flag" || $0.name == "x" })
        #expect(cookies.first { $0.name == "parent" }?.domain == "example.com", "a parent domain is allowed")
    }

    // MARK: Rule 7

    @Test("rule 7: document.cookie shows matching pairs without HttpOnly, Secure only on https, no attributes")
    func documentCookie() {
        let app = EngineFixture()
        app.route("https://app.example.com/signin", setCookies: [
            "session=s; Path=/; Secure; HttpOnly", "theme=dark; Path=/; Secure", "lang=en; Path=/", "deep=1; Path=/docs",
        ])
        app.route("http://app.example.com/plain")
        app.load("https://app.example.com/signin")
        // The default profile is ios: Apple's jar lists one response's cookies by name (AppleJarRule.sameResponseByName).
        #expect(app.evaluate("document.cookie").value == "lang=en; theme=dark")
        app.load("http://app.example.com/plain")
        #expect(app.evaluate("document.cookie").value == "lang=en")
    }

    // MARK: Rule 8

    @Test("rule 8: setCookie lands after the profile's delay; a load started before then misses it (race, ios-18)")
    func setCookieRace() {
        let app = EngineFixture(profile: .ios18)
        app.route("https://app.example.com/home")
        var completed = false
        app.cookieStore.setCookie(app.cookie("token", "abc", domain: "app.example.com", httpOnly: true)) { completed = true }
        app.webView.load(WebRequest(url: URL(string: "https://app.example.com/home")!))
        #expect(!completed, "completion handlers never run inside the call")
        app.settle()
        #expect(completed)
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil))
        #expect(app.clock.now == EngineFixture.start.addingTimeInterval(0.05), "the clock moved by the write's delay, no more")
        // Landed: HttpOnly allowed; the next load carries it.
        #expect(app.storedCookies().first?.isHTTPOnly == true)
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("token=abc"))
    }

    @Test("rule 8: with gated writes a load waits for the pending setCookie")
    func setCookieGated() {
        let app = EngineFixture(profile: .webkitgtk)
        app.route("https://app.example.com/home")
        app.cookieStore.setCookie(app.cookie("token", "abc", domain: "app.example.com"))
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("token=abc"))
    }

    @Test("rule 8: identity is (name, domain, path): setCookie replaces, delete removes; reads queue behind writes")
    func identity() {
        let app = EngineFixture()
        app.cookieStore.setCookie(app.cookie("a", "1", domain: ".example.com"))
        app.cookieStore.setCookie(app.cookie("a", "2", domain: ".example.com"))
        app.cookieStore.setCookie(app.cookie("a", "host", domain: "example.com"))
        app.cookieStore.setCookie(app.cookie("a", "deep", domain: ".example.com", path: "/docs"))
        var seen: [Cookie] = []
        app.cookieStore.getAllCookies { seen = $0 }
        app.settle()
        #expect(seen.map(\.value).sorted() == ["2", "deep", "host"])
        app.cookieStore.delete(app.cookie("a", "", domain: ".example.com"))
        #expect(app.storedCookies().map(\.value).sorted() == ["deep", "host"])
    }

    @Test("webkitgtk: a cookie-store delete needs the value to match (libsoup's soup_cookie_equal); iOS deletes by identity")
    func deleteMatchesValueOnWebKitGTK() {
        for (profile, left) in [(PlatformProfile.webkitgtk, ["new"]), (.ios, [])] {
            let app = EngineFixture(profile: profile)
            app.cookieStore.setCookie(app.cookie("session", "new", domain: "app.example.com"))
            app.cookieStore.delete(app.cookie("session", "old", domain: "app.example.com"))
            #expect(app.storedCookies().map(\.value) == left, "\(profile.name)")
            app.cookieStore.delete(app.cookie("session", "new", domain: "app.example.com"))
            #expect(app.storedCookies().isEmpty, "\(profile.name): the same value is deleted everywhere")
        }
    }

    @Test("rule 8, ios-11: cookie-store operations are held until the data store's first load")
    func heldUntilFirstLoad() {
        let app = EngineFixture(profile: .ios11)
        app.route("https://app.example.com/home")
        var completed = false
        app.cookieStore.setCookie(app.cookie("token", "abc", domain: "app.example.com")) { completed = true }
        app.settle()
        #expect(!completed, "an app that waits for this completion before loading never loads")
        #expect(app.clock.now == EngineFixture.start)
        app.load("https://app.example.com/home")
        #expect(completed)
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some(nil), "the first load still races it")
    }

    @Test("observers hear about changes from responses, scripts and the API, once per turn")
    func observer() {
        final class Observer: WKHTTPCookieStoreObserver {
            var calls = 0
            func cookiesDidChange(in cookieStore: WKHTTPCookieStore) { calls += 1 }
        }
        let app = EngineFixture()
        let observer = Observer()
        app.cookieStore.add(observer)
        app.route("https://app.example.com/signin", setCookies: ["a=1", "b=2"])
        app.load("https://app.example.com/signin")
        #expect(observer.calls == 1)
        _ = app.evaluate("document.cookie = 'c=3'")
        #expect(observer.calls == 2)
        app.cookieStore.setCookie(app.cookie("d", "4", domain: "app.example.com"))
        app.settle()
        #expect(observer.calls == 3)
    }

    // MARK: Rule 9

    @Test("rule 9: a kill keeps the default store's persistent cookies only; a non-persistent store keeps nothing")
    func kill() {
        let app = EngineFixture()
        app.route("https://app.example.com/signin", setCookies: ["session=1; Path=/", "remember=2; Path=/; Max-Age=3600"])
        app.load("https://app.example.com/signin")
        var pending = false
        app.cookieStore.setCookie(app.cookie("late", "1", domain: "app.example.com", expires: app.clock.now + 3600)) { pending = true }
        app.relaunch()
        app.settle()
        #expect(!pending, "a write that had not landed dies with the process")
        #expect(app.storedCookies().map(\.name) == ["remember"])

        let privateApp = EngineFixture(nonPersistent: true)
        privateApp.route("https://app.example.com/signin", setCookies: ["remember=2; Path=/; Max-Age=3600"])
        privateApp.load("https://app.example.com/signin")
        #expect(privateApp.storedCookies().count == 1)
        privateApp.relaunch(nonPersistent: true)
        #expect(privateApp.storedCookies().isEmpty)
        privateApp.relaunch()
        #expect(privateApp.storedCookies().isEmpty, "the default store never saw the private store's cookies")
    }

    // MARK: Rule 10

    /// A fixture on `ios` with the implicit sync after `delay` seconds, recording what it syncs.
    static func implicitSyncFixture(delay: TimeInterval) -> (EngineFixture, () -> [String]) {
        var profile = PlatformProfile.ios
        profile.implicitWebToNativeSyncDelay = delay
        let app = EngineFixture(profile: profile)
        final class Names { var list: [String] = [] }
        let synced = Names()
        app.engine.implicitSyncTarget = { cookie, _ in synced.list.append(cookie.name) }
        app.route("https://app.example.com/signin", setCookies: ["session=1; Path=/", "remember=2; Path=/; Max-Age=3600"])
        return (app, { synced.list })
    }

    @Test("rule 10: implicit web→native sync copies persistent cookies only, when the clock reaches the delay; off by default")
    func implicitSync() throws {
        #expect(PlatformProfile.all.allSatisfy { $0.implicitWebToNativeSyncDelay == nil })
        let (app, synced) = Self.implicitSyncFixture(delay: 2)
        app.load("https://app.example.com/signin")
        #expect(synced().isEmpty, "the platform's timer: the run loop does not move the clock for it")
        #expect(app.clock.now == EngineFixture.start)
        app.clock.advance(by: 1.5)
        try app.engine.runUntilIdle()
        #expect(synced().isEmpty)
        app.clock.advance(by: 0.5)
        try app.engine.runUntilIdle()
        #expect(synced() == ["remember"])
    }

    @Test("rule 10: work the app waits for carries the clock past the sync's time, and the sync lands first")
    func implicitSyncCarriedByOtherWork() throws {
        let (app, synced) = Self.implicitSyncFixture(delay: 0.01)
        app.load("https://app.example.com/signin")
        #expect(synced().isEmpty)
        var order: [String] = []
        app.engine.schedule(after: 0.05) { order.append("app work, synced: \(synced())") }
        try app.engine.runUntilIdle()
        #expect(order == ["app work, synced: [\"remember\"]"])
    }

    @Test("rule 10: a kill before the sync's time drops it with the process")
    func implicitSyncLostOnKill() throws {
        let (app, synced) = Self.implicitSyncFixture(delay: 2)
        app.load("https://app.example.com/signin")
        app.engine.terminateApp()
        app.clock.advance(by: 5)
        try app.engine.runUntilIdle()
        #expect(synced().isEmpty)
    }

    // MARK: Rule 11

    @Test("rule 11: httpShouldHandleCookies=false sends and stores no store cookies, on that load only")
    func noCookieHandling() {
        let app = EngineFixture()
        app.route("https://app.example.com/set", setCookies: ["a=1; Path=/"])
        app.route("https://app.example.com/bare", setCookies: ["b=2; Path=/"])
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/set")
        app.load("https://app.example.com/bare", handlesCookies: false)
        #expect(app.network.cookie(sentTo: "https://app.example.com/bare") == .some(nil))
        app.load("https://app.example.com/home")
        #expect(app.network.cookie(sentTo: "https://app.example.com/home") == .some("a=1"))
    }

    // MARK: Rule 12

    @Test("rule 12: ITP (ios) blocks third-party subresource cookies both ways; first-party ones go")
    func itp() {
        let app = EngineFixture(profile: .ios)
        app.route("https://app.example.com/signin", setCookies: ["none=n; Path=/; Secure; SameSite=None"])
        app.route("https://app.example.com/api/track", setCookies: ["tnone=1; Path=/; Secure; SameSite=None"])
        app.route("https://other.example/page")
        app.route("https://login.example.com/page")
        app.load("https://app.example.com/signin")
        app.load("https://other.example/page")
        app.fetch("https://app.example.com/api/track")
        #expect(app.network.cookie(sentTo: "https://app.example.com/api/track") == .some(nil))
        #expect(!app.storedCookies().contains { $0.name == "tnone" })
        app.load("https://login.example.com/page")
        app.fetch("https://app.example.com/api/track")
        #expect(app.network.cookie(sentTo: "https://app.example.com/api/track") == .some("none=n"))
    }

    @Test("rule 12: webkitgtk sends third-party cookies but stores none from a third-party response")
    func noThirdPartyWrites() {
        let app = EngineFixture(profile: .webkitgtk)
        app.route("https://app.example.com/signin", setCookies: ["none=n; Path=/; Secure; SameSite=None"])
        app.route("https://app.example.com/api/track", setCookies: ["tnone=1; Path=/; Secure; SameSite=None"])
        app.route("https://other.example/page")
        app.load("https://app.example.com/signin")
        app.load("https://other.example/page")
        app.fetch("https://app.example.com/api/track")
        #expect(app.network.cookie(sentTo: "https://app.example.com/api/track") == .some("none=n"))
        #expect(!app.storedCookies().contains { $0.name == "tnone" })
    }

    @Test("rule 12: SameSite per profile — enforced on ios, ios-18 and webkitgtk, ignored on ios-11", arguments: [
        (PlatformProfile.ios, "lax=l; none=n; unspecified=u"),
        (PlatformProfile.ios18, "lax=l; none=n; unspecified=u"),
        (PlatformProfile.webkitgtk, "lax=l; none=n; unspecified=u"),
        // Apple's jar lists one response's cookies by name (AppleJarRule.sameResponseByName).
        (PlatformProfile.ios11, "lax=l; none=n; strict=s; unspecified=u"),
    ])
    func sameSite(profile: PlatformProfile, onCrossSiteLink expected: String) {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/signin", setCookies: [
            "strict=s; Path=/; Secure; SameSite=Strict", "lax=l; Path=/; Secure; SameSite=Lax",
            "none=n; Path=/; Secure; SameSite=None", "unspecified=u; Path=/; Secure",
        ])
        app.route("https://other.example/page")
        app.route("https://app.example.com/landing")
        app.load("https://app.example.com/signin")
        app.load("https://other.example/page")
        app.click("https://app.example.com/landing")
        #expect(app.network.cookie(sentTo: "https://app.example.com/landing") == .some(expected))
    }

    @Test("RFC 6265bis §5.2 after a cross-site redirect, per profile: navigations everywhere, fetches not on webkitgtk", arguments: [
        // (profile, Cookie header at app.example.com after A→B→A as a navigation, the same as a fetch)
        (PlatformProfile.ios, "lax=l; none=n", "none=n"),
        (PlatformProfile.webkitgtk, "lax=l; none=n", "strict=s; lax=l; none=n"),
        // Apple's jar lists one response's cookies by name (AppleJarRule.sameResponseByName).
        (PlatformProfile.ios11, "lax=l; none=n; strict=s", "lax=l; none=n; strict=s"),
    ])
    func crossSiteRedirect(profile: PlatformProfile, navigation: String, fetch: String) {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/signin", setCookies: [
            "strict=s; Path=/; Secure; SameSite=Strict", "lax=l; Path=/; Secure; SameSite=Lax",
            "none=n; Path=/; Secure; SameSite=None",
        ])
        app.route("https://app.example.com/out", status: 302, location: "https://other.example/bounce")
        app.route("https://other.example/bounce", status: 302, location: "https://app.example.com/landing")
        app.route("https://other.example/api-bounce", status: 302, location: "https://app.example.com/api/data")
        app.route("https://app.example.com/landing")
        app.route("https://app.example.com/api/data")
        app.load("https://app.example.com/signin")
        app.load("https://app.example.com/out")
        // Apple's jar lists one response's cookies by name (AppleJarRule.sameResponseByName); libsoup in line order.
        let all = profile.jar == .apple ? "lax=l; none=n; strict=s" : "strict=s; lax=l; none=n"
        #expect(app.network.cookie(sentTo: "https://app.example.com/out") == .some(all))
        #expect(app.network.cookie(sentTo: "https://app.example.com/landing") == .some(navigation))
        app.fetch("https://other.example/api-bounce")
        #expect(app.network.cookie(sentTo: "https://app.example.com/api/data") == .some(fetch))
    }

    @Test("rule 12: a POST body is missing from the navigation action's request, not from the wire")
    func postBodyInAction() {
        let app = EngineFixture()
        app.route("https://login.example.com/login")
        app.load("https://login.example.com/login", method: "POST", body: "user=alice")
        #expect(app.delegate.actions.first?.request.httpBody == nil)
        #expect(app.network.requests.first?.body == "user=alice")
    }

    @Test(
        "a 301, 302 or 303 turns a POST into a GET without its body and the header fields about it; a 307 keeps all three",
        arguments: [(301, true), (302, true), (303, true), (307, false), (308, false)]
    )
    func redirectedPost(status: Int, becomesGET: Bool) throws {
        let app = EngineFixture()
        app.route("https://login.example.com/login", status: status, location: "https://app.example.com/home")
        app.route("https://app.example.com/home")
        var request = WebRequest(url: URL(string: "https://login.example.com/login")!, httpMethod: "POST", httpBody: Data("user=alice".utf8))
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("10", forHTTPHeaderField: "Content-Length")
        request.setValue("yes", forHTTPHeaderField: "X-App")
        app.webView.load(request)
        app.settle()
        let hop = try #require(app.network.requests(to: "https://app.example.com/home").first)
        let names = hop.headers.map { $0.name.lowercased() }
        #expect(hop.method == (becomesGET ? "GET" : "POST"))
        #expect(hop.body == (becomesGET ? nil : "user=alice"))
        #expect(names.contains("content-type") == !becomesGET)
        #expect(names.contains("content-length") == !becomesGET)
        #expect(names.contains("x-app"))
    }

    // MARK: Failures

    @Test("a redirect loop fails the navigation with tooManyRedirects, keeping the cookies set on the way")
    func redirectLoop() {
        let app = EngineFixture()
        app.route("https://app.example.com/loop", status: 302, setCookies: ["visits=1; Path=/"], location: "/loop")
        app.load("https://app.example.com/loop")
        #expect(app.delegate.failures.map(\.code) == [.tooManyRedirects])
        #expect(app.network.requests.count == HTTPRedirect.limit + 1)
        #expect(app.storedCookies().map(\.name) == ["visits"])
    }

    @Test("an unknown host fails the navigation with cannotFindHost")
    func unknownHost() {
        let app = EngineFixture()
        app.load("https://nowhere.example/")
        #expect(app.delegate.failures.map(\.code) == [.cannotFindHost])
    }
}
