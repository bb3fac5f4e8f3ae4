import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// RFC 6265bis §5.1.2 (canonicalized host names), §5.1.3 (domain matching) and §5.1.4 (paths and path-match).
@Suite("§5.1.2–§5.1.4 Hosts, domains and paths")
struct DomainAndPathMatchingTests {
    // MARK: §5.1.2 Canonicalized host names

    @Test("§5.1.2: labels are lower-cased; non-ASCII labels become A-labels; others are kept", arguments: [
        ("example.com", "example.com"),
        ("EXAMPLE.Com", "example.com"),
        ("BÜCHER.example", "xn--bcher-kva.example"),
        ("bücher.example", "xn--bcher-kva.example"),
        ("bu\u{0308}cher.example", "xn--bcher-kva.example"),   // decomposed input: NFC before Punycode
        ("www.MÜNCHEN.de", "www.xn--mnchen-3ya.de"),
        ("xn--bcher-kva.example", "xn--bcher-kva.example"),    // already an A-label
        ("192.0.2.1", "192.0.2.1"),
        ("[2001:DB8::1]", "2001:db8::1"),
    ])
    func canonicalize(host: String, expected: String) {
        #expect(CookieURL.canonicalize(host: host) == expected, "\(host)")
    }

    @Test("§5.1.2: an empty host is not a host name")
    func canonicalizeEmpty() {
        #expect(CookieURL.canonicalize(host: "") == nil)
        #expect(CookieURL(string: "http:///path") == nil)
    }

    @Test(
        "§5.1.3 an IP address: four parts of one to three digits, each at most 255, or any host with a colon",
        arguments: [
            ("192.0.2.1", true), ("0.0.0.0", true), ("255.255.255.255", true), ("000.1.2.3", true), ("::1", true),
            ("a:b", true), ("256.1.1.1", false), ("1.2.3", false), ("1.2.3.4.5", false), ("1.2.3.", false),
            (".1.2.3", false), ("1..2.3", false), ("1.2.3.4a", false), ("0001.2.3.4", false), ("", false),
            ("example.com", false), ("1.2.3.4\u{301}", false), ("１.2.3.4", false),
        ]
    )
    func ipAddresses(host: String, isIP: Bool) {
        #expect(CookieURL.isIPAddress(host) == isIP)
    }

    @Test("the scheme ends at the first '://', not at the first colon; no '://' is no URL")
    func schemeSeparator() {
        #expect("https://a.example/x".firstSchemeSeparator().map { "https://a.example/x"[$0] } == "://")
        let twoColons = "a:b://c/d"
        #expect(twoColons.firstSchemeSeparator()?.lowerBound == twoColons.index(twoColons.startIndex, offsetBy: 3))
        #expect("mailto:x@y".firstSchemeSeparator() == nil)
        #expect("http:/".firstSchemeSeparator() == nil)
        #expect("http:".firstSchemeSeparator() == nil)
        #expect("é://x".firstSchemeSeparator()?.lowerBound == "é://x".index(after: "é://x".startIndex))
        #expect(CookieURL(string: "a:b://c/d") == nil)  // the scheme "a:b" is not one
        #expect(CookieURL(string: "HTTPS://Example.COM:8443/p?q")?.description == "https://example.com/p")
    }

    @Test("§5.1.2 via CookieURL: scheme and host lower-cased; port, userinfo, query and fragment dropped")
    func urlParts() throws {
        let parsed = try url("HTTPS://user:pw@WWW.Example.COM:8443/a/b?c=/d/e#f/g")
        #expect(parsed.scheme == "https")
        #expect(parsed.host == "www.example.com")
        #expect(parsed.path == "/a/b")
        #expect(parsed.isSecure)
        #expect(!parsed.isIPAddress)

        let ipv6 = try url("http://[::1]:8080/")
        #expect(ipv6.host == "::1")
        #expect(ipv6.isIPAddress)
        #expect(!ipv6.isSecure)

        #expect(try url("http://example.com").path == "/", "an empty path is /")
        #expect(try url("http://example.com?x").path == "/")
        #expect(try url("wss://example.com/").isSecure)
        #expect(try url("http://192.0.2.1/").isIPAddress)
    }

    // MARK: §5.1.3 Domain matching

    @Test("§5.1.3 domain-match", arguments: [
        // identical
        ("example.com", "example.com", true),
        ("192.0.2.1", "192.0.2.1", true),
        ("com", "com", true),
        // suffix, preceded by ".", and the string is a host name
        ("www.example.com", "example.com", true),
        ("a.b.example.com", "example.com", true),
        ("a.b.example.com", "b.example.com", true),
        // not on a label boundary
        ("wwwexample.com", "example.com", false),
        ("xample.com", "example.com", false),
        // the domain string must be a suffix of the string
        ("example.com", "www.example.com", false),
        ("example.com.evil.test", "example.com", false),
        ("example.com", "example.org", false),
        ("example.com", "", false),
        // lower-case on both sides already (canonicalized): no case folding here
        ("www.example.com", "EXAMPLE.com", false),
    ])
    func domainMatch(string: String, domain: String, expected: Bool) {
        #expect(CookieURL.domainMatches(host: string, domain: domain, hostIsIPAddress: false) == expected,
                "\"\(string)\" domain-matches \"\(domain)\"")
    }

    @Test("§5.1.3 domain-match: an IP address matches only itself", arguments: [
        ("192.0.2.1", "0.2.1", false),
        ("192.0.2.1", "2.1", false),
        ("192.0.2.1", "1", false),
        ("192.0.2.1", "192.0.2.1", true),
        ("2001:db8::1", "db8::1", false),
    ])
    func domainMatchIPAddress(string: String, domain: String, expected: Bool) {
        #expect(CookieURL.domainMatches(host: string, domain: domain, hostIsIPAddress: true) == expected,
                "\"\(string)\" domain-matches \"\(domain)\"")
    }

    // MARK: §5.1.4 Paths and path-match

    @Test("§5.1.4 default-path", arguments: [
        ("", "/"),                 // step 2: empty
        ("abc", "/"),              // step 2: not starting with "/"
        ("/", "/"),                // step 3: no more than one "/"
        ("/abc", "/"),
        ("/a/b", "/a"),            // step 4: up to, not including, the right-most "/"
        ("/a/b/", "/a/b"),
        ("/a/b/c", "/a/b"),
        ("/a//b", "/a/"),
        ("//", "/"),
        ("//a", "/"),
    ])
    func defaultPath(uriPath: String, expected: String) {
        #expect(CookieURL.defaultPath(of: uriPath) == expected, "default-path of \"\(uriPath)\"")
    }

    @Test("§5.1.4 path-match", arguments: [
        // identical
        ("/", "/", true),
        ("/docs", "/docs", true),
        // cookie-path is a prefix ending in "/"
        ("/docs/", "/", true),
        ("/anything/at/all", "/", true),
        ("/docs/web", "/docs/", true),
        // cookie-path is a prefix and the next request-path character is "/"
        ("/docs/", "/docs", true),
        ("/docs/web", "/docs", true),
        // prefix but not on a segment boundary
        ("/docsets", "/docs", false),
        ("/docs", "/docs/", false),
        ("/", "/docs", false),
        ("/Docs", "/docs", false),    // case-sensitive
        ("/doc", "/docs", false),
        ("/other/docs", "/docs", false),
    ])
    func pathMatch(requestPath: String, cookiePath: String, expected: Bool) {
        #expect(CookieURL.pathMatches(requestPath: requestPath, cookiePath: cookiePath) == expected,
                "\"\(requestPath)\" path-matches \"\(cookiePath)\"")
    }

    // "é" is U+00E9 (octets C3 A9) or "e" + U+0301 (octets 65 CC 81): canonically equivalent, different octets.
    // §2.3: "The term string means a sequence of non-NUL octets"; matching is on octets, not on Unicode equivalence.

    @Test("§5.1.4 path-match: 'identical' means identical octets, not canonically equivalent text")
    func pathMatchIsOctetwise() {
        #expect(!CookieURL.pathMatches(requestPath: "/caf\u{E9}", cookiePath: "/cafe\u{301}"))
        #expect(!CookieURL.pathMatches(requestPath: "/cafe\u{301}", cookiePath: "/caf\u{E9}"))
    }

    @Test("§5.1.4 path-match: a cookie-path ending in '/' is a prefix octet-wise even before a combining mark")
    func pathMatchPrefixBeforeCombiningMark() {
        // "/a/" is a prefix of the octets of "/a/\u{301}x" and ends in "/".
        #expect(CookieURL.pathMatches(requestPath: "/a/\u{301}x", cookiePath: "/a/"))
    }

    @Test("§5.1.4 default-path: up to the right-most %x2F octet, even when a combining mark follows it")
    func defaultPathBeforeCombiningMark() {
        #expect(CookieURL.defaultPath(of: "/a/\u{301}b") == "/a")
    }

    @Test("§5.1.4 path-match does not trap on a cookie-path canonically equivalent to a prefix of the request-path")
    func pathMatchDoesNotTrap() async {
        await #expect(processExitsWith: .success, "CookieURL.pathMatches(\"/\u{E9}x\", \"/e\u{301}\")") {
            _ = CookieURL.pathMatches(requestPath: "/\u{E9}x", cookiePath: "/e\u{301}")
        }
    }

    @Test("§5.8.3 a Set-Cookie Path canonically equivalent to a request-path prefix does not crash the jar")
    func jarDoesNotTrapOnEquivalentPaths() async {
        await #expect(processExitsWith: .success, "Set-Cookie Path=/e\u{301} then a request to /\u{E9}x") {
            let jar = CookieJar(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
            jar.setCookie("a=1; Path=/e\u{301}", from: CookieURL(string: "https://example.com/")!)
            _ = jar.cookieHeader(for: CookieURL(string: "https://example.com/\u{E9}x")!)
        }
    }

    @Test("§5.1.4 default-path of a request URI ignores the query (§5.7: cookie path from the request-uri)")
    func defaultPathFromRequestURI() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=b", from: try url("http://example.com/x/y?q=/z/w")))
        #expect(cookie?.path == "/x")
    }
}
