import Foundation
import Testing

@testable import WebKitModel

/// The web view's copy of script-visible cookies on a profile that keeps one (webkitgtk, measured), and its absence
/// on one that does not (ios).
@Suite("script-write cookie cache")
struct ScriptCookieCacheTests {
    static func signedIn(_ profile: PlatformProfile) -> EngineFixture {
        let app = EngineFixture(profile: profile)
        app.route("https://app.example.com/signin", setCookies: ["session=h0st; Path=/; Secure; HttpOnly", "theme=dark; Path=/; Secure"])
        app.route("https://app.example.com/account")
        app.load("https://app.example.com/signin")
        return app
    }

    @Test("after a read, a write over an HttpOnly cookie is read back by the view, on the next page too; the jar keeps the real one")
    func forgedValueReadBack() {
        let app = Self.signedIn(.webkitgtk)
        #expect(app.evaluate("document.cookie").value == "theme=dark")
        #expect(app.evaluate("document.cookie = 'session=forged; path=/'; document.cookie").value == "theme=dark; session=forged")
        app.load("https://app.example.com/account")
        #expect(app.evaluate("document.cookie").value == "theme=dark; session=forged")
        #expect(app.network.cookie(sentTo: "https://app.example.com/account") == "session=h0st; theme=dark")
        #expect(app.storedCookies().filter { $0.name == "session" }.map(\.value) == ["h0st"])
    }

    @Test("a value kept over a server's HttpOnly replacement is read in the replaced cookie's place, before a cookie set later")
    func keptValueInItsPlace() {
        let app = Self.signedIn(.webkitgtk)
        app.route("https://app.example.com/lock-theme", setCookies: ["theme=locked; Path=/; Secure; HttpOnly"])
        app.route("https://app.example.com/prefs", setCookies: ["lang=en; Path=/; Secure"])
        #expect(app.evaluate("document.cookie").value == "theme=dark")
        app.load("https://app.example.com/lock-theme")
        app.load("https://app.example.com/prefs")
        // Measured on WebKitGTK 2.50.6: the copy never heard of theme's change, and lang came after it.
        #expect(app.evaluate("document.cookie").value == "theme=dark; lang=en")
        app.load("https://app.example.com/account")
        // The jar kept the replacement where theme was: the request carries it there.
        #expect(app.network.cookie(sentTo: "https://app.example.com/account") == "session=h0st; theme=locked; lang=en")
    }

    @Test("without a read before it, the write is refused and never read back")
    func noReadNoCache() {
        let app = Self.signedIn(.webkitgtk)
        #expect(app.evaluate("document.cookie = 'session=forged; path=/'; document.cookie").value == "theme=dark")
    }

    @Test("gone after a relaunch and after the store's data is removed")
    func cleared() {
        let app = Self.signedIn(.webkitgtk)
        _ = app.evaluate("document.cookie; document.cookie = 'session=forged; path=/'")
        app.webView.configuration.websiteDataStore.removeData(ofTypes: [], modifiedSince: .distantPast) {}
        app.settle()
        app.load("https://app.example.com/signin")
        #expect(app.evaluate("document.cookie").value == "theme=dark")
        _ = app.evaluate("document.cookie = 'session=forged; path=/'")
        app.relaunch()
        app.load("https://app.example.com/account")
        // Both cookies were session cookies: the relaunch ended them, and the cache went with the process.
        #expect(app.evaluate("document.cookie").value == "")
    }

    @Test("a profile without the cache reads what the jar holds")
    func iosHasNone() {
        let app = Self.signedIn(.ios)
        #expect(app.evaluate("document.cookie; document.cookie = 'session=forged; path=/'; document.cookie").value == "theme=dark")
    }
}
