import HTTPModel
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
