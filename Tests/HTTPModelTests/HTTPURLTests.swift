import Foundation
@testable import HTTPModel
import Testing

@Suite("HTTP URLs as the virtual network sees them")
struct HTTPURLTests {
    @Test("URLs keep scheme, host, port, path and query apart; default ports vanish", arguments: [
        ("https://App.Example.com:443/a/b?x=1#frag", "https://app.example.com", "/a/b", "x=1"),
        ("http://home.example.org:8888/cookie-parser?0001", "http://home.example.org:8888", "/cookie-parser", "0001"),
        ("https://example.com", "https://example.com", "/", nil),
        ("http://[::1]:8080/x", "http://[::1]:8080", "/x", nil),
    ] as [(String, String, String, String?)])
    func urls(text: String, origin: String, path: String, query: String?) throws {
        let url = try #require(HTTPURL(text))
        #expect(url.origin == origin)
        #expect(url.path == path)
        #expect(url.query == query)
    }

    @Test("Location resolution", arguments: [
        ("/done", "https://login.example.com/done"),
        ("next", "https://login.example.com/a/next"),
        ("//other.example/x", "https://other.example/x"),
        ("http://x.example:81/y?z", "http://x.example:81/y?z"),
        ("?q=1", "https://login.example.com/a/b?q=1"),
    ])
    func resolving(location: String, expected: String) throws {
        let base = try #require(HTTPURL("https://login.example.com/a/b"))
        #expect(base.resolving(location)?.description == expected)
    }
}

/// RFC 3986 §5.4's own examples (base `http://a/b/c/d;p?q`), through both resolvers the harness has: `HTTPURL`'s, which
/// native requests follow, and Foundation's (``HTTPRedirect/target(of:from:)``), which the simulated engine follows.
/// A redirect must land on the same URL either way. Fragments are dropped (a request never carries one).
@Suite("Location resolution: RFC 3986 §5.4 on both resolvers")
struct LocationResolutionTests {
    static let base = "http://a/b/c/d;p?q"
    static let examples: [(String, String)] = [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q"),
        ("g#s", "http://a/b/c/g"), ("g?y#s", "http://a/b/c/g?y"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // §5.4.2, abnormal: more ".." than segments, dot segments in an absolute path or URL.
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("http://a/b/../g", "http://a/g"),
    ]

    @Test("HTTPURL.resolving gives RFC 3986's result", arguments: examples)
    func httpURL(reference: String, expected: String) throws {
        let base = try #require(HTTPURL(Self.base))
        #expect(base.resolving(reference)?.description == expected)
    }

    @Test("HTTPRedirect.target (Foundation's resolver) gives the same request URL", arguments: examples)
    func foundation(reference: String, expected: String) throws {
        let base = try #require(URL(string: Self.base))
        let target = try #require(HTTPRedirect.target(of: reference, from: base))
        // As a request line sees it: no fragment, "/" for an empty path.
        #expect(HTTPURL(target.absoluteString)?.description == expected)
    }
}

/// The byte scan of an ASCII URL is held to the Character parse it replaced, on hand-picked edge cases and on
/// 20,000 random strings over the characters that matter to the parse.
@Suite("HTTPURL: the byte scan agrees with the Character parse")
struct HTTPURLByteScanTests {
    @Test("edge cases", arguments: [
        "https://app.example.com", "HTTPS://App.Example.COM:443/a?b#c", "http://u:p@h:8080/x", "http://[::1]:80/", "http://[::1",
        "http://h:99999/", "http://h:/", "http://:80/", "a+b.c-d://h/p", "1x://h", "_x://h", "://h", "http:/h", "http://h?q/r#f?g",
        "http://h#f", "http://@h", "http://h@/p", "http://[fe80::1]x:9/", "http://h:+80/", "http://h:-1/", "http://h:08/",
    ])
    func edgeCases(text: String) {
        #expect(HTTPURL(text) == HTTPURL(characters: text))
    }

    @Test("random ASCII strings")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["http", "https", "HTTP", "x+y", "://", ":", "/", "//", "?", "#", "@", "[", "]", "::1", "h", "Ex.COM", "80", "443", "99999", "a", ".", "-", "+", " ", "%41", "\r\n"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(HTTPURL(text) == HTTPURL(characters: text), "\(text.debugDescription)")
        }
    }
}
