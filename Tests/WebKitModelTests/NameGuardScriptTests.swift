import Testing
import WebKitModel

/// The "write only if absent" idiom of cookie libraries (WKCookieWebView 2.0.2+) in the simulated engine's
/// JavaScript: `var names = document.cookie.split('; ').map(…)` then `if (names.indexOf('n') == -1) { … }`.
@Suite("name-guard scripts")
struct NameGuardScriptTests {
    static let guarded = """
        var cookieNames = document.cookie.split('; ').map(function(cookie) { return cookie.split('=')[0] } );
        if (cookieNames.indexOf('theme') == -1) { document.cookie='theme=light; Path=/'; };
        if (cookieNames.indexOf('lang') == -1) { document.cookie='lang=de; Path=/'; }
        """

    @Test("a guarded write happens only for a name the page does not have yet")
    func guardedWrites() {
        let app = EngineFixture()
        app.route("https://app.example.com/signin", setCookies: ["theme=dark; Path=/"])
        app.load("https://app.example.com/signin")
        let outcome = app.evaluate(Self.guarded)
        #expect(outcome.error == nil)
        #expect(app.evaluate("document.cookie").value == "theme=dark; lang=de")
    }

    @Test("the names are read once, when bound: a write in between does not change them")
    func namesReadOnce() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/home")
        _ = app.evaluate("""
            var names = document.cookie.split('; ').map(function(c) { return c.split('=')[0] } )
            document.cookie = 'a=1'
            if (names.indexOf('a') == -1) { document.cookie='a=2'; }
            """)
        #expect(app.evaluate("document.cookie").value == "a=2")
    }

    @Test("outside the idiom JavaScriptCore runs the script: an unbound name is an exception, other vars work")
    func outsideTheIdiom() {
        let app = EngineFixture()
        app.route("https://app.example.com/home")
        app.load("https://app.example.com/home")
        #expect(app.evaluate("if (names.indexOf('a') == -1) { document.cookie='a=2'; }").error?.code == .javaScriptExceptionOccurred)
        #expect(app.evaluate("document.cookie").value == "")
        #expect(app.evaluate("var x = 1; x + 1").value == "2")
    }
}
