import CookieModel
import Foundation
import TestSupport
import Testing

@testable import AppleModel

/// Each departure of ``AppleJarRule`` against the reference jar, on the lines WebKit's bots record it with (the WPT
/// subtests the rule cites), and the neighbouring lines the records show Apple's jar keeping as the RFC says.
@Suite("Apple's jar: the recorded departures")
struct AppleCookieJarTests {
    let page = "http://web-platform.test/cookies/resources/cookie.py"
    let echo = "http://web-platform.test/cookies/resources/echo-cookie.html"

    /// `document.cookie` at the echo page after `lines` arrive in one response, on Apple's jar and on the reference.
    private func afterResponse(_ lines: [String]) throws -> (apple: String, reference: String) {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let apple = AppleCookieJar(clock: .frozen(at: now))
        let reference = CookieJar(clock: .frozen(at: now), configuration: CookieJarConfiguration(sameSiteDefault: .none))
        let from = try url(page)
        for line in lines {
            apple.setCookie(line, from: from, context: .sameSiteNavigation)
            reference.setCookie(line, from: from, context: .sameSiteNavigation)
        }
        let at = try url(echo)
        return (apple.documentCookie(for: at, isSameSite: true), reference.documentCookie(for: at, isSameSite: true))
    }

    @Test("a nameless cookie is dropped (name.html 'Set a nameless cookie'), a valueless one kept")
    func nameless() throws {
        #expect(try afterResponse(["test2c"]) == (apple: "", reference: "test2c"))
        #expect(try afterResponse(["=test"]).apple == "")
        #expect(try afterResponse(["test22="]).apple == "test22=")
    }

    @Test("a quoted run binds ';' (value.html 'Ignore values after semicolon'); an unclosed quote is a character")
    func quotedRuns() throws {
        #expect(try afterResponse(["test=\"3zz;pp\" ; ;"]) == (apple: "test=\"3zz;pp\"", reference: "test=\"3zz"))
        #expect(try afterResponse(["\"a=test"]).apple == "\"a=test")
        #expect(try afterResponse(["test=\"2, baz=qux\""]).apple == "test=\"2, baz=qux\"")
    }

    @Test("a name holding a quoted run is dropped (name.html '\"a=b\"=test')")
    func quotedName() throws {
        #expect(try afterResponse(["\"a=b\"=test"]) == (apple: "", reference: "\"a=b\"=test"))
    }

    @Test("white space after '=' or ',' in a value is dropped; elsewhere it stays (value.html, invalid.html)")
    func whitespace() throws {
        #expect(try afterResponse(["test=1, baz=qux"]) == (apple: "test=1,baz=qux", reference: "test=1, baz=qux"))
        #expect(try afterResponse(["  test=== 13  ;foo;;;   bar"]).apple == "test===13")
        #expect(try afterResponse(["test=27 test"]).apple == "test=27 test")
        #expect(try afterResponse(["test=9\tvalue"]).apple == "test=9\tvalue")
    }

    @Test("an attribute over 1024 octets is honoured (size/attributes 'Too long path attribute … is ignored')")
    func noAttributeLimit() throws {
        let longPath = "/cookies/size" + String(repeating: "e", count: 1100)
        let result = try afterResponse(["test=1; path=/cookies/resources; path=\(longPath)"])
        #expect(result == (apple: "", reference: "test=1"))
        #expect(try afterResponse(["test=2; path=\(longPath); path=/cookies/resources"]).apple == "test=2")
    }

    @Test("HTTP header octets read as ISO 8859-1 (charset 'utf-8 name and ASCII value'); document.cookie is text")
    func latin1() throws {
        #expect(try afterResponse(["тест=2"]).apple == "\u{D1}\u{82}\u{D0}\u{B5}\u{D1}\u{81}\u{D1}\u{82}=2")
        let jar = AppleCookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
        jar.setDocumentCookie("тест=2", documentURL: try url(echo), isSameSite: true)
        #expect(jar.documentCookie(for: try url(echo), isSameSite: true) == "тест=2")
        // On the wire the octets go back as they came: the server sees the UTF-8 it sent, scripts the characters.
        let served = AppleCookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
        served.setCookie("v=春", from: try url(page), context: .sameSiteNavigation)
        #expect(served.cookieHeader(for: try url(echo), context: .sameSiteNavigation) == "v=春")
        #expect(served.documentCookie(for: try url(echo), isSameSite: true) == "v=\u{E6}\u{98}\u{A5}")
    }

    @Test("one response's cookies come back by name; separate responses keep creation order")
    func order() throws {
        #expect(try afterResponse(["z=test15", "a=test15"]) == (apple: "a=test15; z=test15", reference: "z=test15; a=test15"))
        #expect(try afterResponse(["testA=22", "test22=", "testB=22"]).apple == "test22=; testA=22; testB=22")
        // Two responses at one instant of the clock: a lookup between them ends the first.
        let jar = AppleCookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
        jar.setCookie("z=1", from: try url(page), context: .sameSiteNavigation)
        _ = jar.cookieHeader(for: try url(page), context: .sameSiteNavigation)
        jar.setCookie("a=2", from: try url(page), context: .sameSiteNavigation)
        #expect(jar.documentCookie(for: try url(echo), isSameSite: true) == "z=1; a=2")
    }

    @Test("without SameSite support the attribute is ignored after the line is checked whole (iOS 11)")
    func sameSiteIgnored() throws {
        let jar = AppleCookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)), sameSiteSupported: false)
        #expect(jar.setCookie("s=1; SameSite=Strict", from: try url(page), context: .sameSiteNavigation).storedCookie?.sameSite == .default)
        #expect(jar.setCookie("c=1; SameSite=La\u{01}x", from: try url(page), context: .sameSiteNavigation) == .rejected(.unparsable))
    }

    @Test("iOS 12 reads SameSite as the 2016 draft: None, an unknown value and a bare attribute are Strict, Lax stays Lax")
    func sameSiteNoneReadAsStrict() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let ios12 = AppleCookieJar(clock: .frozen(at: now), sameSiteNoneReadAsStrict: true)
        let newer = AppleCookieJar(clock: .frozen(at: now))
        let lines = ["n=1; SameSite=None", "u=1; SameSite=Sometimes", "b=1; SameSite", "l=1; SameSite=lax", "s=1; SameSite=Strict", "d=1"]
        func modes(_ jar: AppleCookieJar) throws -> [SameSite?] {
            try lines.map { jar.setCookie($0, from: try url(page), context: .sameSiteNavigation).storedCookie?.sameSite }
        }
        let (old, new) = (try modes(ios12), try modes(newer))
        #expect(old == [.strict, .strict, .strict, .lax, .strict, .default])
        #expect(new == [SameSite.none, .default, .default, .lax, .strict, .default])
    }

    @Test("prefixes in their exact case only (prefix/__host.header.https '__HoSt: … Does not set'); the RFC reads any case")
    func prefixExactCase() throws {
        let secure = "https://web-platform.test/cookies/resources/set.py"
        for line in ["__SeCuRe-a=1; Path=/", "__HoSt-b=1; Secure; Path=/; Domain=web-platform.test", "__host-c=1; Path=/"] {
            let now = Date(timeIntervalSince1970: 1_780_000_000)
            let apple = AppleCookieJar(clock: .frozen(at: now))
            let reference = CookieJar(clock: .frozen(at: now), configuration: CookieJarConfiguration(sameSiteDefault: .none))
            #expect(apple.setCookie(line, from: try url(secure), context: .sameSiteNavigation).storedCookie != nil, "\(line)")
            #expect(reference.setCookie(line, from: try url(secure), context: .sameSiteNavigation).storedCookie == nil, "\(line)")
        }
        let apple = AppleCookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_780_000_000)))
        #expect(apple.setCookie("__Secure-d=1; Path=/", from: try url(secure), context: .sameSiteNavigation) == .rejected(.securePrefix))
        #expect(apple.setCookie("__Host-e=1; Secure; Path=/; Domain=web-platform.test", from: try url(secure), context: .sameSiteNavigation) == .rejected(.hostPrefix))
    }

    @Test("__Host- takes the default path / of a page at / (prefix/__host.explicit-path); another path is still refused")
    func hostPrefixDefaultPath() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let apple = AppleCookieJar(clock: .frozen(at: now))
        let reference = CookieJar(clock: .frozen(at: now), configuration: CookieJarConfiguration(sameSiteDefault: .none))
        let root = try url("https://web-platform.test/")
        for line in ["__Host-a=1; Secure", "__Host-b=1; Secure; Path=", "__Host-c=1; Secure; Path"] {
            #expect(apple.setDocumentCookie(line, documentURL: root, isSameSite: true).storedCookie?.path == "/", "\(line)")
        }
        #expect(reference.setDocumentCookie("__Host-a=1; Secure", documentURL: root, isSameSite: true) == .rejected(.hostPrefix))
        let deeper = try url("https://web-platform.test/cookies/prefix/page.html")
        #expect(apple.setDocumentCookie("__Host-d=1; Secure", documentURL: deeper, isSameSite: true) == .rejected(.hostPrefix))
        #expect(apple.setDocumentCookie("__Host-e=1; Secure; Path=/cookies/", documentURL: root, isSameSite: true) == .rejected(.hostPrefix))
    }

    @Test("HTTPCookieStorage is the same jar: a line the app holds as text is read by Apple's parser without the octet reading")
    func foundationText() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let jar = AppleCookieJar(clock: .frozen(at: now))
        let store: any CookieStore = jar
        try store.receive(setCookie: "wire=春", from: try url(page), context: .sameSiteNavigation)
        jar.setCookie(text: "text=春", from: try url(page), context: .sameSiteNavigation)
        let values = Dictionary(uniqueKeysWithValues: try store.storedCookies().map { ($0.name, $0.value) })
        #expect(values == ["wire": "æ\u{98}¥", "text": "春"])

        let parsed = AppleCookieJar.cookies(fromSetCookieText: ["q=\"a;b\"; Path=/", "nameless", "z=1", "a=1"], for: try url(page), now: now)
        #expect(parsed.map(\.pair).sorted() == ["a=1", "q=\"a;b\"", "z=1"], "the quoted run kept whole, the nameless line dropped")
    }

    @Test("every rule names a recorded file at a commit and the subtests it reads, and says which releases")
    func evidence() {
        for rule in AppleJarRule.allCases {
            #expect(rule.evidence.contains("-expected.txt@"), "\(rule): no recorded file@commit")
            #expect(rule.confidence(onIOS: 18).hasPrefix("reported"))
            #expect(rule.confidence(onIOS: 11).hasPrefix("assumed"))
        }
    }
}
