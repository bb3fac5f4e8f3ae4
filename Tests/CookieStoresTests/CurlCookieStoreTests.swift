import CookieModel
@testable import CookieStores
@testable import CurlCookieStore
import Foundation
import TestSupport
import Testing

/// The libcurl adapter hands every decision to libcurl's cookie engine, fed by real exchanges with the loopback
/// listener. What every store is held to is asserted once in `StoreConformanceTests`; where libcurl 7.88 departs from
/// RFC 6265bis beyond that, this suite pins libcurl's behaviour and names the section.
@Suite("CurlCookieStore")
struct CurlCookieStoreTests {
    // MARK: What only libcurl has (the conformance suite, StoreConformanceTests, holds the rest)

    @Test("no non-HTTP API: document.cookie is unsupported")
    func noDocumentCookie() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        let page = try url("https://app.example.com/")
        #expect(throws: CookieStoreError.self) { try store.documentCookie(for: page, isSameSite: true) }
        #expect(throws: CookieStoreError.self) { try store.writeDocumentCookie("a=1", documentURL: page, isSameSite: true) }
    }

    @Test("a Set-Cookie line with CR, LF or NUL cannot be sent in a header: the store says so instead of dropping it")
    func untransmittableLine() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        #expect(throws: CookieStoreError.self) { try store.receive("a=b\rc", from: "https://app.example.com/") }
        // An empty line is sendable (as a field of one space) and libcurl ignores it.
        try store.receive("", from: "https://app.example.com/")
        #expect(try store.storedCookies().isEmpty)
    }

    // MARK: Persistence

    @Test("restart: libcurl's cookie jar keeps persistent cookies with their flags, COOKIESESSION drops session cookies")
    func persistence() throws {
        let store = try CurlCookieStore(persistence: .cookieJarFile)
        try store.receive(
            "remember=r1; Path=/; Secure; HttpOnly; Max-Age=2592000", "session=s1; Path=/; Secure; HttpOnly",
            from: "https://app.example.com/login")
        #expect(pairs(try store.header("https://app.example.com/")) == ["remember=r1", "session=s1"])
        try store.restart()
        let jar = try String(contentsOfFile: try #require(store.cookieJarPath), encoding: .utf8)
        #expect(jar.contains("# Netscape HTTP Cookie File") && jar.contains("remember") && jar.contains("session"))
        #expect(try store.header("https://app.example.com/") == "remember=r1")
        let remember = try #require(try store.stored("remember"))
        #expect(remember.isHTTPOnly && remember.isSecure && remember.isPersistent)
        #expect(try store.stored("session") == nil)
        try store.restart()
        #expect(try store.header("https://app.example.com/") == "remember=r1")
    }

    @Test("removing every cookie empties libcurl's engine and its jar: nothing comes back from the file on the next transfer or after a restart")
    func removeAll() throws {
        let store = try CurlCookieStore(persistence: .cookieJarFile)
        try store.receive("remember=r1; Path=/; Max-Age=2592000", "session=s1; Path=/", from: "https://app.example.com/login")
        try store.restart()
        #expect(try store.header("https://app.example.com/") == "remember=r1", "loaded again from the jar")
        try store.removeAllCookies()
        #expect(try store.storedCookies().isEmpty)
        #expect(try store.header("https://app.example.com/") == nil, "libcurl reads its cookie file before every transfer")
        try store.restart()
        #expect(try store.header("https://app.example.com/") == nil)
    }

    @Test("an in-memory store keeps nothing across a restart")
    func inMemoryRestart() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("remember=r1; Path=/; Max-Age=2592000", from: "https://app.example.com/")
        try store.restart()
        #expect(try store.storedCookies().isEmpty)
        #expect(store.cookieJarPath == nil)
    }

    @Test("the jar's temporary directory goes away with the store")
    func cleanup() throws {
        var store: CurlCookieStore? = try CurlCookieStore(persistence: .cookieJarFile)
        try store?.receive("remember=r1; Path=/; Max-Age=2592000", from: "https://app.example.com/")
        let directory = try #require(store?.cookieJarPath.map { ($0 as NSString).deletingLastPathComponent })
        #expect(FileManager.default.fileExists(atPath: directory))
        store = nil
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    // MARK: libcurl 7.88's departures from RFC 6265bis, pinned

    @Test("libcurl deviation: equal-length paths are ordered by domain length, then name length, then newest first (RFC 6265bis §5.8.3 step 2: earliest first)")
    func ordering() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("a=1", "bb=2", "c=3", from: "http://home.example.org/")
        #expect(try store.header("http://home.example.org/") == "bb=2; c=3; a=1")  // RFC: a=1; bb=2; c=3
    }

    @Test("libcurl deviation: Max-Age=1h is read as 1 second (RFC 6265bis §5.6.2: ignore a Max-Age with a non-digit)")
    func malformedMaxAge() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        let before = Date()
        try store.receive("odd=1; Path=/; Max-Age=1h", from: "https://app.example.com/")
        let expiry = try #require(try store.stored("odd")?.expiry)  // RFC: a session cookie
        #expect(expiry.timeIntervalSince(before) < 3)
    }

    @Test("libcurl deviation: a cookie deleted by Max-Age=0 stays in CURLINFO_COOKIELIST until libcurl's next purge (RFC 6265bis §5.7: evict expired cookies)")
    func expiredCookieListedUntilPurge() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("session=s1; Path=/", from: "https://app.example.com/")
        try store.receive("session=; Path=/; Max-Age=0", from: "https://app.example.com/")
        #expect(try store.stored("session")?.expiry == Date(timeIntervalSince1970: 1))
        #expect(try store.header("https://app.example.com/") == nil)  // never sent, and this request purges it
        #expect(try store.storedCookies().isEmpty)
    }

    @Test("libcurl deviation: a trailing slash of the Path attribute is dropped for matching and identity (RFC 6265bis §5.1.4, §5.7 step 23)")
    func trailingSlashPath() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("foo=bar; path=/p/", from: "http://home.example.org/")
        #expect(try store.header("http://home.example.org/p") == "foo=bar")  // RFC: none
        try store.receive("foo=qux; path=/p", from: "http://home.example.org/")
        #expect(try store.storedCookies().map(\.value) == ["qux"])  // RFC: two cookies
    }

    @Test("libcurl deviation: a Set-Cookie line is dropped when any Domain attribute, not just the last, misses the host (RFC 6265bis §5.7 step 7)")
    func everyDomainAttributeChecked() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("foo=bar; domain=home.example.com; domain=home.example.org", from: "http://home.example.org/")
        #expect(try store.storedCookies().isEmpty)  // RFC: stored for home.example.org
    }

    @Test("libcurl deviation: Secure with a value is not Secure (RFC 6265bis §5.6.5)")
    func secureWithValue() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("foo=bar; Secure=aaaa", from: "http://home.example.org/")
        #expect(try store.stored("foo")?.isSecure == false)  // RFC: Secure, hence refused from http
    }

    @Test("libcurl deviation: a TAB between name and '=' ends the name, so the line is dropped (RFC 6265bis §5.6 steps 4-6 trim whitespace)")
    func tabAroundEquals() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("foo\t=\tbar", from: "http://home.example.org/")
        #expect(try store.storedCookies().isEmpty)  // RFC: foo=bar
    }

    @Test("libcurl ignores SameSite: a Strict cookie goes on a cross-site request (RFC 6265bis §5.6.7, §5.8.3 step 1)")
    func sameSiteIgnored() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        try store.receive("strict=s; Path=/; Secure; SameSite=Strict", from: "https://app.example.com/")
        let crossSite = CookieRequestContext(isSameSite: false, isTopLevelNavigation: false)
        #expect(try store.cookieHeader(for: try url("https://app.example.com/api"), context: crossSite) == "strict=s")
    }

    // MARK: The listener

    @Test("libcurl connects to the listener but names the real host: Host header and TLS for https")
    func listenerSeesRealHost() throws {
        let listener = try LoopbackListener.shared()
        let handle = try CurlEasyHandle(cookies: .init(load: "", jar: nil, newSession: false))
        for (scheme, expectedPort) in [("http", listener.ports.plain), ("https", listener.ports.secure)] {
            let id = listener.book.open(setCookies: ["seen=1"])
            let connectTo = try listener.connectTo(scheme: scheme)
            #expect(connectTo == "::127.0.0.1:\(expectedPort)")
            let status = try handle.get("\(scheme)://shop.example.net/cart?x=1", connectTo: connectTo, headers: ["\(ExchangeBook.header): \(id)"])
            #expect(status == 200)
            let received = try #require(listener.book.close(id)?.received.first)
            #expect(received.values(of: "Host") == ["shop.example.net"])
            #expect(received.method == "GET")
        }
        #expect(try handle.cookieList().count == 1)  // the http response's cookie, replaced by the https one
    }

    @Test("a request with no or an unknown exchange id gets a 404 without cookies")
    func strayRequests() throws {
        let listener = try LoopbackListener.shared()
        let handle = try CurlEasyHandle(cookies: .init(load: "", jar: nil, newSession: false))
        let connectTo = try listener.connectTo(scheme: "http")
        #expect(try handle.get("http://stray.example/", connectTo: connectTo, headers: []) == 404)
        #expect(try handle.get("http://stray.example/", connectTo: connectTo, headers: ["\(ExchangeBook.header): none"]) == 404)
        #expect(try handle.cookieList().isEmpty)
    }

    @Test("schemes other than http and https are refused with a reason")
    func otherSchemes() throws {
        let store = try CurlCookieStore(persistence: .inMemory)
        #expect(throws: CookieStoreError.self) { try store.receive("a=1", from: "ftp://files.example.com/") }
    }

    @Test("the request URL keeps the host and the path as given, encoding only what a URL cannot carry")
    func requestURL() throws {
        #expect(CurlCookieStore.requestURL(try url("https://app.example.com/a/b")) == "https://app.example.com/a/b")
        #expect(CurlCookieStore.requestURL(try url("http://home.example.org/f%6Fo/bar")) == "http://home.example.org/f%6Fo/bar")
        #expect(CurlCookieStore.requestURL(try url("http://home.example.org/a b")) == "http://home.example.org/a%20b")
        #expect(CurlCookieStore.requestURL(try url("http://[::1]/x")) == "http://[::1]/x")
    }

    // MARK: Netscape cookie lines

    @Test("libcurl's cookie-list lines read back into cookies", arguments: [
        ("app.example.com\tFALSE\t/\tFALSE\t0\tsid\tabc", "sid", "abc", "app.example.com", "/", true, false, false, nil),
        (".example.com\tTRUE\t/docs/\tTRUE\t4102444800\tp\tv", "p", "v", "example.com", "/docs/", false, true, false, 4_102_444_800),
        ("#HttpOnly_app.example.com\tFALSE\t/\tTRUE\t0\ts\t", "s", "", "app.example.com", "/", true, true, true, nil),
        ("app.example.com\tFALSE\t/\tFALSE\t0\tv\ta\tb", "v", "a\tb", "app.example.com", "/", true, false, false, nil),
    ] as [(String, String, String, String, String, Bool, Bool, Bool, Int?)])
    func netscapeLines(
        _ line: String, _ name: String, _ value: String, _ domain: String, _ path: String, _ hostOnly: Bool,
        _ secure: Bool, _ httpOnly: Bool, _ expires: Int?
    ) throws {
        let cookie = try #require(NetscapeCookieLine.cookie(from: line, sequence: 0))
        #expect(cookie.name == name && cookie.value == value && cookie.domain == domain && cookie.path == path)
        #expect(cookie.isHostOnly == hostOnly && cookie.isSecure == secure && cookie.isHTTPOnly == httpOnly)
        #expect(cookie.expiry == expires.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }

    @Test("a line that is not in libcurl's format is refused")
    func badNetscapeLine() {
        #expect(NetscapeCookieLine.cookie(from: "just text", sequence: 0) == nil)
        #expect(NetscapeCookieLine.cookie(from: "a\tb\tc\td\tnot-a-number\tn\tv", sequence: 0) == nil)
    }
}
