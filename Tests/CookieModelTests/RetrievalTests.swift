import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// RFC 6265bis §5.8.3 "Retrieval Algorithm" (the Cookie header and the non-HTTP API), with the same-site status of
/// §5.2 supplied by the caller.
@Suite("§5.8.3 Retrieval")
struct RetrievalTests {
    // MARK: Step 1: host

    @Test("§5.8.3 step 1: a host-only cookie goes to its host only; a domain cookie to every domain-matching host")
    func hostFiltering() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("hostonly=1", from: try url("https://example.com/")))
        expectStored(jar.setCookie("domain=1; Domain=example.com", from: try url("https://example.com/")))
        expectStored(jar.setCookie("sub=1; Domain=www.example.com", from: try url("https://www.example.com/")))

        expectHeader(jar, try url("https://example.com/"), "hostonly=1; domain=1")
        expectHeader(jar, try url("https://EXAMPLE.com/"), "hostonly=1; domain=1")
        expectHeader(jar, try url("https://www.example.com/"), "domain=1; sub=1")
        expectHeader(jar, try url("https://a.www.example.com/"), "domain=1; sub=1")
        expectHeader(jar, try url("https://other.example.com/"), "domain=1")
        expectHeader(jar, try url("https://notexample.com/"), nil)
        expectHeader(jar, try url("https://example.com.evil.test/"), nil)
        expectHeader(jar, try url("https://com/"), nil)
    }

    @Test("§5.8.3 step 1: cookies of an IP address go to that address only")
    func ipAddressHost() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("a=1", from: try url("https://192.0.2.1/")))
        expectStored(jar.setCookie("b=1; Domain=192.0.2.1", from: try url("https://192.0.2.1/")))
        expectHeader(jar, try url("https://192.0.2.1/"), "a=1; b=1")
        expectHeader(jar, try url("https://192.0.2.10/"), nil)
    }

    // MARK: Step 1: path

    @Test("§5.8.3 step 1: the request path must path-match the cookie's path", arguments: [
        ("/docs", true), ("/docs/", true), ("/docs/web/a", true), ("/docsets", false), ("/", false), ("/Docs", false),
    ])
    func pathFiltering(requestPath: String, sent: Bool) throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("a=1; Path=/docs", from: try url("https://example.com/")))
        expectHeader(jar, try url("https://example.com\(requestPath)"), sent ? "a=1" : nil)
    }

    // MARK: Step 1: secure-only and http-only

    @Test("§5.8.3 step 1: secure-only cookies need a secure request")
    func secureFiltering() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("s=1; Secure", from: try url("https://example.com/")))
        expectStored(jar.setCookie("p=1", from: try url("https://example.com/")))
        expectHeader(jar, try url("https://example.com/"), "s=1; p=1")
        expectHeader(jar, try url("wss://example.com/"), "s=1; p=1")
        expectHeader(jar, try url("http://example.com/"), "p=1")
        expectHeader(jar, try url("ws://example.com/"), "p=1")
        #expect(jar.documentCookie(for: try url("http://example.com/")) == "p=1")
    }

    @Test("§5.8.3 step 1: http-only cookies are excluded from the non-HTTP API")
    func httpOnlyFiltering() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("h=1; HttpOnly", from: origin))
        expectStored(jar.setCookie("j=1", from: origin))
        expectHeader(jar, origin, "h=1; j=1")
        #expect(jar.documentCookie(for: origin) == "j=1")
        #expect(jar.cookies(for: origin, context: .script).map(\.name) == ["j"])
    }

    @Test("§5.8.3 step 1: an expired cookie is not sent")
    func expiredNotSent() throws {
        let (jar, clock) = Fixture.virtualJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("short=1; Max-Age=10", from: origin))
        expectStored(jar.setCookie("long=1; Max-Age=100", from: origin))
        clock.advance(by: 9)
        expectHeader(jar, origin, "short=1; long=1")
        clock.advance(by: 2)
        expectHeader(jar, origin, "long=1")
    }

    // MARK: Step 1: same-site status

    /// A jar holding one cookie per SameSite mode (all Secure, so None is storable), set by a same-site response.
    func sameSiteJar(_ configuration: CookieJarConfiguration = .rfc6265bis) throws -> (CookieJar, CookieURL) {
        let jar = Fixture.frozenJar(configuration)
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("strict=1; Secure; SameSite=Strict", from: origin))
        expectStored(jar.setCookie("lax=1; Secure; SameSite=Lax", from: origin))
        expectStored(jar.setCookie("none=1; Secure; SameSite=None", from: origin))
        expectStored(jar.setCookie("default=1; Secure", from: origin))
        return (jar, origin)
    }

    @Test("§5.8.3 step 1: a same-site request gets every SameSite mode")
    func sameSiteRequest() throws {
        let (jar, origin) = try sameSiteJar()
        expectHeader(jar, origin, "strict=1; lax=1; none=1; default=1")
        expectHeader(jar, origin, "strict=1; lax=1; none=1; default=1",
                     context: CookieRequestContext(isSameSite: true, isTopLevelNavigation: false, isSafeMethod: false))
        #expect(jar.documentCookie(for: origin) == "strict=1; lax=1; none=1; default=1")
    }

    @Test("§5.8.3 step 1: cross-site, Default treated as Lax (configuration)", arguments: [
        // (top-level navigation, safe method, expected header)
        (true, true, "lax=1; none=1; default=1"),   // cross-site top-level GET: Lax and Default go, Strict does not
        (true, false, "none=1"),                    // cross-site top-level POST: only None
        (false, true, "none=1"),                    // cross-site subresource GET: only None
        (false, false, "none=1"),
    ])
    func crossSiteDefaultLax(topLevel: Bool, safe: Bool, expected: String) throws {
        let (jar, origin) = try sameSiteJar(CookieJarConfiguration(sameSiteDefault: .lax))
        expectHeader(jar, origin, expected, context: crossSite(topLevel: topLevel, safeMethod: safe))
    }

    @Test("§5.8.3 step 1: cross-site, Default treated as None (configuration)", arguments: [
        (true, true, "lax=1; none=1; default=1"),
        (true, false, "none=1; default=1"),
        (false, true, "none=1; default=1"),
        (false, false, "none=1; default=1"),
    ])
    func crossSiteDefaultNone(topLevel: Bool, safe: Bool, expected: String) throws {
        let (jar, origin) = try sameSiteJar(CookieJarConfiguration(sameSiteDefault: .none))
        expectHeader(jar, origin, expected, context: crossSite(topLevel: topLevel, safeMethod: safe))
    }

    @Test("§5.8.3 step 1: the default configuration treats Default as Lax")
    func defaultConfigurationIsLax() throws {
        #expect(CookieJarConfiguration.rfc6265bis.sameSiteDefault == .lax)
        let (jar, origin) = try sameSiteJar()
        expectHeader(jar, origin, "none=1", context: crossSite(topLevel: false))
    }

    @Test("§5.8.3 step 1: a cross-site non-HTTP retrieval gets only None cookies (Lax needs the HTTP type)")
    func crossSiteScript() throws {
        let (jar, origin) = try sameSiteJar()
        #expect(jar.documentCookie(for: origin, isSameSite: false) == "none=1")
        let topLevelScript = crossSite(topLevel: true, api: .nonHTTP)
        #expect(jar.cookies(for: origin, context: topLevelScript).map(\.name) == ["none"])
    }

    @Test("§5.2 criterion 1 and §5.8.3 step 1: a request redirected through another site is cross-site, though its page is same-site", arguments: [
        // (top-level navigation, safe method, expected header)
        (true, true, "lax=1; none=1; default=1"),   // a navigation A → B → A: Lax goes, Strict does not
        (true, false, "none=1"),                    // a POST navigation bounced by a 307
        (false, true, "none=1"),                    // a fetch from A bounced through B back to A
    ])
    func crossSiteRedirectRetrieval(topLevel: Bool, safe: Bool, expected: String) throws {
        let (jar, origin) = try sameSiteJar()
        let bounced = CookieRequestContext(
            isSameSite: true, isCrossSiteRedirect: true, isTopLevelNavigation: topLevel, isSafeMethod: safe)
        #expect(!bounced.isSameSiteRequest)
        expectHeader(jar, origin, expected, context: bounced)
    }

    // MARK: §5.2 same-site status of a request

    @Test("§5.2: same-site when the site for cookies has the same scheme and registrable domain", arguments: [
        ("https://www.example.com/", "https://example.com/", true),
        ("https://a.example.com/", "https://b.example.com/", true),
        ("https://example.com/", "https://example.org/", false),
        ("https://example.com/", "http://example.com/", false),              // schemeful
        ("https://a.github.io/", "https://b.github.io/", false),             // private suffixes count
        ("https://www.example.co.uk/", "https://example.co.uk/", true),
        ("https://192.0.2.1/", "https://192.0.2.1/", true),
        ("https://192.0.2.1/", "https://192.0.2.2/", false),
    ])
    func sameSiteStatus(request: String, siteForCookies: String, sameSite: Bool) throws {
        let context = CookieRequestContext.http(for: try url(request), siteForCookies: try url(siteForCookies),
                                                isTopLevelNavigation: false)
        #expect(context.isSameSite == sameSite, "\(request) from \(siteForCookies)")
    }

    @Test("§5.2: a request without a client (no site for cookies) is same-site")
    func noSiteForCookies() throws {
        let context = CookieRequestContext.http(for: try url("https://example.com/"), siteForCookies: nil,
                                                isTopLevelNavigation: true)
        #expect(context.isSameSite)
    }

    @Test("§5.2 criterion 1: a URL list with a URL on another site than the current one is a cross-site redirect", arguments: [
        // (earlier URLs of the list, current URL, cross-site redirect)
        ([String](), "https://app.example.com/", false),                                  // no redirect
        (["https://app.example.com/out", "https://other.example/bounce"], "https://app.example.com/landing", true),
        (["https://other.example/bounce"], "https://app.example.com/landing", true),      // B → A
        (["https://app.example.com/out"], "https://other.example/bounce", true),          // A → B: cross-site at B
        (["https://app.example.com/out", "https://login.example.com/hop"], "https://app.example.com/", false),
        (["http://app.example.com/"], "https://app.example.com/", true),                  // schemeful
    ])
    func crossSiteRedirectStatus(earlier: [String], current: String, crossSite: Bool) throws {
        let context = CookieRequestContext.http(
            for: try url(current), siteForCookies: nil, redirectedFrom: try earlier.map { try url($0) },
            isTopLevelNavigation: true)
        #expect(context.isCrossSiteRedirect == crossSite, "\(earlier) → \(current)")
        #expect(context.isSameSite, "no client: criterion 3 holds")
        #expect(context.isSameSiteRequest == !crossSite)
    }

    @Test("§5.2 / §2 safe methods: GET, HEAD, OPTIONS and TRACE", arguments: [
        ("GET", true), ("HEAD", true), ("OPTIONS", true), ("TRACE", true), ("POST", false), ("PUT", false),
        ("DELETE", false), ("PATCH", false),
    ])
    func safeMethods(method: String, safe: Bool) throws {
        let site = try url("https://example.com/")
        let context = CookieRequestContext.http(for: site, siteForCookies: site, isTopLevelNavigation: true, method: method)
        #expect(context.isSafeMethod == safe, "\(method)")
    }

    // MARK: Step 2: order

    @Test("§5.8.3 step 2: longer paths first, then earlier creation-times")
    func ordering() throws {
        let (jar, clock) = Fixture.virtualJar()
        let origin = try url("https://example.com/a/b/c")
        expectStored(jar.setCookie("root1=1; Path=/", from: origin))
        clock.advance(by: 1)
        expectStored(jar.setCookie("ab=1; Path=/a/b", from: origin))
        clock.advance(by: 1)
        expectStored(jar.setCookie("a=1; Path=/a", from: origin))
        clock.advance(by: 1)
        expectStored(jar.setCookie("root2=1; Path=/; Domain=example.com", from: origin))
        clock.advance(by: 1)
        expectStored(jar.setCookie("abc=1; Path=/a/b/c", from: origin))
        clock.advance(by: 1)
        expectStored(jar.setCookie("ab2=1; Path=/a/b/", from: origin))
        expectHeader(jar, origin, "abc=1; ab2=1; ab=1; a=1; root1=1; root2=1")
    }

    @Test("§5.8.3 step 2 with a frozen clock: equal creation-times keep the order of creation")
    func orderingFrozenClock() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        for name in ["m", "z", "a", "q", "b"] {
            expectStored(jar.setCookie("\(name)=1", from: origin))
        }
        expectStored(jar.setCookie("long=1; Path=/x", from: origin))
        expectHeader(jar, origin, "m=1; z=1; a=1; q=1; b=1")
        expectHeader(jar, try url("https://example.com/x"), "long=1; m=1; z=1; a=1; q=1; b=1")
        #expect(jar.cookies(for: origin).map(\.name) == ["m", "z", "a", "q", "b"])
    }

    /// The jar sorts a few dozen hits in place and more with the standard library's sort, and keeps its hits
    /// buffer between requests: every size gives the order of step 2, however requests of different sizes follow
    /// each other.
    @Test("§5.8.3 step 2: the order holds for any number of cookies, request after request", arguments: [1, 2, 31, 32, 33, 300])
    func orderingAtEverySize(count: Int) throws {
        var configuration = CookieJarConfiguration.rfc6265bis
        configuration.maximumCookiesPerDomain = 1000
        let (jar, clock) = Fixture.virtualJar(configuration)
        let origin = try url("https://www.example.com/a/b/c")
        let paths = ["/", "/a", "/a/b", "/a/b/c"]
        // Names in creation order; every third cookie shares its creation-time with the one before it.
        var created: [(name: String, path: String)] = []
        for index in 0..<count {
            if index % 3 != 2 { clock.advance(by: 1) }
            let path = paths[(index * 7) % paths.count]
            let domain = index % 2 == 0 ? "" : "; Domain=example.com"
            expectStored(jar.setCookie("c\(index)=1; Path=\(path)\(domain)", from: origin))
            created.append(("c\(index)", path))
        }
        // Stable by path length: creation order (and the order of creation within a tie) within each length.
        let expected = created.enumerated()
            .sorted { ($1.element.path.utf8.count, $0.offset) < ($0.element.path.utf8.count, $1.offset) }
            .map { "\($0.element.name)=1" }.joined(separator: "; ")
        for _ in 0..<2 {
            expectHeader(jar, origin, expected)
            let rootOnly = created.filter { $0.path == "/" }.map { "\($0.name)=1" }.joined(separator: "; ")
            expectHeader(jar, try url("https://www.example.com/elsewhere"), rootOnly.nilIfEmpty)
            #expect(jar.cookies(for: origin).map { "\($0.name)=1" }.joined(separator: "; ") == expected)
        }
    }

    // MARK: Step 3: last-access-time

    @Test("§5.8.3 step 3: retrieval updates the last-access-time of the cookies it returns, and only those")
    func lastAccessUpdated() throws {
        let (jar, clock) = Fixture.virtualJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("sent=1", from: origin))
        expectStored(jar.setCookie("notsent=1; Path=/elsewhere", from: origin))
        expectStored(jar.setCookie("secure=1; Secure", from: origin))
        clock.advance(by: 30)
        expectHeader(jar, try url("http://example.com/"), "sent=1")
        let byName = Dictionary(uniqueKeysWithValues: jar.allCookies.map { ($0.name, $0) })
        #expect(byName["sent"]?.lastAccess == Fixture.now + 30)
        #expect(byName["notsent"]?.lastAccess == Fixture.now)
        #expect(byName["secure"]?.lastAccess == Fixture.now, "excluded by the secure-only rule: not accessed")
        #expect(byName["sent"]?.creation == Fixture.now, "creation-time is unchanged")
    }

    @Test("§5.8.3 step 3: the non-HTTP API updates last-access-time too")
    func lastAccessUpdatedByScript() throws {
        let (jar, clock) = Fixture.virtualJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1", from: origin))
        clock.advance(by: 5)
        #expect(jar.documentCookie(for: origin) == "a=1")
        #expect(jar.allCookies.first?.lastAccess == Fixture.now + 5)
    }

    // MARK: Step 4: serialisation

    @Test("§5.8.3 step 4: name '=' value, '; ' between cookies, nothing when there are none")
    func serialisation() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectHeader(jar, origin, nil)
        #expect(jar.documentCookie(for: origin) == "")
        expectStored(jar.setCookie("a=1", from: origin))
        expectStored(jar.setCookie("novalue", from: origin))
        expectStored(jar.setCookie("b=", from: origin))
        expectStored(jar.setCookie("c=x y \"z\"", from: origin))
        expectHeader(jar, origin, "a=1; novalue; b=; c=x y \"z\"")
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
