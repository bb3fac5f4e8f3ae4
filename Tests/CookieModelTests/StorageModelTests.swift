import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// RFC 6265bis §5.7 "Storage Model", step by step.
///
/// Step numbers follow the current draft's list (2 empty pair, 3 CTLs, 4 4096 octets, 6 expiry, 7 Domain, 8 non-ASCII
/// Domain, 9 public suffix, 10 host-only, 11 Path, 12–13 Secure, 14–15 HttpOnly, 16 "leave Secure cookies alone",
/// 17–18 SameSite, 19 SameSite=None needs Secure, 20–22 prefixes, 23–24 replacement and insertion); each test names
/// the rule as well, since the numbering moved between drafts.
@Suite("§5.7 Storage model")
struct StorageModelTests {
    // MARK: Step 2: empty name and value

    @Test("§5.7 step 2: empty cookie-name and cookie-value ignore the cookie", arguments: ["=", "", " = ", ";", "=; Path=/"])
    func emptyNameAndValue(line: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie(line, from: try url("https://example.com/")), nil, "\"\(line)\"")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 2: a name-less cookie with a value is stored and serialised without '=' (§5.8.3 step 4)")
    func namelessCookie() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        let stored = expectStored(jar.setCookie("justavalue", from: origin))
        #expect(stored?.name == "")
        #expect(stored?.value == "justavalue")
        expectHeader(jar, origin, "justavalue")
        #expect(jar.documentCookie(for: origin) == "justavalue")
    }

    @Test("§5.8.3 step 4: a cookie with a name and an empty value is serialised as 'name='")
    func emptyValueKeepsEquals() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=", from: origin))
        expectHeader(jar, origin, "a=")
    }

    // MARK: Steps 3–4 (checked by the parser for Set-Cookie)

    @Test("§5.7 steps 3–4: control characters and over-long name+value never reach the store")
    func controlsAndLength() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectRejected(jar.setCookie(bytes: Array("a=b\u{1}c".utf8), from: origin))
        expectRejected(jar.setCookie("a=" + String(repeating: "x", count: 4096), from: origin))
        expectStored(jar.setCookie("a=" + String(repeating: "x", count: 4095), from: origin))
        #expect(jar.allCookies.count == 1)
    }

    // MARK: Step 6: expiry

    @Test("§5.7 step 6: Max-Age wins over Expires, in either order; the last of each kind counts")
    func maxAgeWinsOverExpires() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        let past = "Wed, 09 Jun 2021 10:18:14 GMT"
        let first = expectStored(jar.setCookie("a=1; Max-Age=60; Expires=\(past)", from: origin))
        #expect(first?.expiry == Fixture.now + 60)
        #expect(first?.isPersistent == true)
        let second = expectStored(jar.setCookie("b=1; Expires=\(past); Max-Age=60", from: origin))
        #expect(second?.expiry == Fixture.now + 60)
        let last = expectStored(jar.setCookie("c=1; Max-Age=60; Max-Age=120", from: origin))
        #expect(last?.expiry == Fixture.now + 120)
        let expires = expectStored(jar.setCookie("d=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT", from: origin))
        #expect(expires?.expiry == Fixture.now + Fixture.ageLimit)
    }

    @Test("§5.7 step 6: without Max-Age or Expires the cookie is a session cookie (persistent-flag false)")
    func sessionCookie() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Expires=not a date; Max-Age=soon", from: try url("https://example.com/")))
        #expect(cookie?.isPersistent == false)
        #expect(cookie?.expiry == nil)
    }

    @Test("§5.7 step 5 / step 24: creation-time and last-access-time are the current time")
    func creationTime() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1", from: try url("https://example.com/")))
        #expect(cookie?.creation == Fixture.now)
        #expect(cookie?.lastAccess == Fixture.now)
    }

    @Test("§5.7: a cookie that arrives expired removes the cookie it replaces and is not stored", arguments: [
        "a=; Max-Age=0", "a=; Max-Age=-1", "a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ])
    func expiredOnArrivalDeletes(deletion: String) throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1", from: origin))
        expectStored(jar.setCookie("a=keep; Path=/other", from: origin))
        let outcome = jar.setCookie(deletion, from: origin)
        #expect(outcome.storedCookie == nil, "\(deletion)")
        #expect(jar.allCookies.map(\.path) == ["/other"], "only the cookie with the same identity goes")
        expectHeader(jar, origin, nil)
    }

    // MARK: Steps 7–10: Domain, non-ASCII, public suffixes, host-only

    @Test("§5.7 step 10: without Domain the cookie is host-only for the canonicalized request-host")
    func hostOnly() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1", from: try url("https://WWW.Example.com/")))
        #expect(cookie?.isHostOnly == true)
        #expect(cookie?.domain == "www.example.com")
        expectHeader(jar, try url("https://www.example.com/"), "a=1")
        expectHeader(jar, try url("https://sub.www.example.com/"), nil)
        expectHeader(jar, try url("https://example.com/"), nil)
    }

    @Test("§5.7 step 10: a Domain the request-host domain-matches makes a domain cookie", arguments: [
        ("https://www.example.com/", "example.com"),
        ("https://www.example.com/", ".example.com"),
        ("https://www.example.com/", "EXAMPLE.COM"),
        ("https://www.example.com/", "www.example.com"),
        ("https://a.b.example.com/", "b.example.com"),
        ("https://192.0.2.1/", "192.0.2.1"),
    ])
    func domainCookie(origin: String, domain: String) throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Domain=\(domain)", from: try url(origin)))
        #expect(cookie?.isHostOnly == false)
        var expected = domain.lowercased()
        if expected.hasPrefix(".") { expected.removeFirst() }
        #expect(cookie?.domain == expected)
    }

    @Test("§5.7 step 10: a Domain the request-host does not domain-match ignores the cookie", arguments: [
        ("https://example.com/", "www.example.com"),       // a subdomain of the host
        ("https://example.com/", "other.com"),
        ("https://example.com/", "ample.com"),             // not on a label boundary
        ("https://www.example.com/", "ww.example.com"),
        ("https://192.0.2.1/", "0.2.1"),                   // IP addresses match only themselves
        ("https://192.0.2.1/", "2.1"),
    ])
    func domainMismatch(origin: String, domain: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie("a=1; Domain=\(domain)", from: try url(origin)), .domainMismatch)
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 7: the last Domain attribute counts")
    func lastDomainCounts() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Domain=other.com; Domain=example.com",
                                                from: try url("https://www.example.com/")))
        #expect(cookie?.domain == "example.com")
    }

    @Test("§5.7 step 7: an empty last Domain attribute leaves the domain-attribute empty, so the cookie is host-only")
    func emptyLastDomainIsHostOnly() throws {
        // §5.6.3 appends Domain with an empty value; §5.7 step 7: "Let the domain-attribute be the attribute-value of
        // the last attribute in the cookie-attribute-list with both an attribute-name of "Domain" and an
        // attribute-value whose length is no more than 1024 octets." Step 10: empty → host-only.
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Domain=example.com; Domain=",
                                                from: try url("https://www.example.com/")))
        #expect(cookie?.isHostOnly == true)
        #expect(cookie?.domain == "www.example.com")
    }

    @Test("§5.7 step 8: a Domain attribute with a non-ASCII character ignores the cookie", arguments: [
        "bücher.example", "BÜCHER.example", "xn--bcher-kva.exämple", "例え.jp",
    ])
    func nonASCIIDomain(domain: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie("a=1; Domain=\(domain)", from: try url("https://www.bücher.example/")),
                       .nonASCIIDomain, "Domain=\(domain)")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 8: the A-label form of the Domain is accepted")
    func aLabelDomain() throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Domain=xn--bcher-kva.example",
                                                from: try url("https://www.bücher.example/")))
        #expect(cookie?.domain == "xn--bcher-kva.example")
        expectHeader(jar, try url("https://BÜCHER.example/"), "a=1")
    }

    @Test("§5.7 step 9: a Domain that is a public suffix ignores the cookie", arguments: [
        ("https://example.com/", "com"),
        ("https://example.com/", ".COM"),
        ("https://www.example.co.uk/", "co.uk"),
        ("https://example.co.uk/", "uk"),
    ])
    func publicSuffixRejected(origin: String, domain: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie("a=1; Domain=\(domain)", from: try url(origin)), .publicSuffix, "Domain=\(domain)")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 9: a public-suffix Domain identical to the request-host gives a host-only cookie", arguments: [
        ("https://co.uk/", "co.uk", "co.uk"),
        ("https://com/", ".com", "com"),
    ])
    func publicSuffixEqualToHost(origin: String, domain: String, host: String) throws {
        let jar = Fixture.frozenJar()
        let cookie = expectStored(jar.setCookie("a=1; Domain=\(domain)", from: try url(origin)))
        #expect(cookie?.isHostOnly == true)
        #expect(cookie?.domain == host)
        expectHeader(jar, try url(origin), "a=1")
        expectHeader(jar, try url("https://example.\(host)/"), nil)
    }

    @Test("§5.7 step 9: a user agent not configured to reject public suffixes accepts them")
    func publicSuffixNotChecked() throws {
        let jar = Fixture.frozenJar(CookieJarConfiguration(publicSuffixes: nil))
        let cookie = expectStored(jar.setCookie("a=1; Domain=com", from: try url("https://example.com/")))
        #expect(cookie?.isHostOnly == false)
        #expect(cookie?.domain == "com")
    }

    // MARK: Step 11: Path

    @Test("§5.7 step 11: Path attribute, or the default-path of the request-uri")
    func pathOrDefaultPath() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/account/login")
        #expect(expectStored(jar.setCookie("a=1", from: origin))?.path == "/account")
        #expect(expectStored(jar.setCookie("b=1; Path=/", from: origin))?.path == "/")
        #expect(expectStored(jar.setCookie("c=1; Path=relative", from: origin))?.path == "/account")
        #expect(expectStored(jar.setCookie("d=1; Path=/x; Path=/y", from: origin))?.path == "/y")
    }

    // MARK: Steps 12–13: Secure

    @Test("§5.7 step 13: a Secure cookie from a non-secure request-uri is ignored", arguments: [
        "http://example.com/", "ws://example.com/",
    ])
    func secureFromInsecureOrigin(origin: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie("a=1; Secure", from: try url(origin)), .secureFromInsecureOrigin)
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 12: a Secure cookie from a secure request-uri is stored secure-only", arguments: [
        "https://example.com/", "wss://example.com/",
    ])
    func secureFromSecureOrigin(origin: String) throws {
        let jar = Fixture.frozenJar()
        #expect(expectStored(jar.setCookie("a=1; secure", from: try url(origin)))?.isSecure == true)
    }

    // MARK: Steps 14–15: HttpOnly and the non-HTTP API

    @Test("§5.7 step 15: the non-HTTP API cannot create an HttpOnly cookie")
    func nonHTTPCannotCreateHTTPOnly() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectRejected(jar.setDocumentCookie("a=1; HttpOnly", documentURL: origin), .httpOnlyFromScript)
        #expect(jar.allCookies.isEmpty)
        #expect(expectStored(jar.setCookie("a=1; HttpOnly", from: origin))?.isHTTPOnly == true)
    }

    @Test("§5.7 step 23.2: the non-HTTP API cannot overwrite (or delete) an HttpOnly cookie")
    func nonHTTPCannotOverwriteHTTPOnly() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1; HttpOnly", from: origin))
        expectRejected(jar.setDocumentCookie("a=2", documentURL: origin), .overwritesHTTPOnly)
        expectRejected(jar.setDocumentCookie("a=; Max-Age=0", documentURL: origin), .overwritesHTTPOnly)
        expectHeader(jar, origin, "a=1")
        // A cookie with another identity (another path) is not an overwrite.
        expectStored(jar.setDocumentCookie("a=3; Path=/js", documentURL: origin))
        // And the HTTP API may overwrite it.
        expectStored(jar.setCookie("a=4", from: origin))
        expectHeader(jar, origin, "a=4")
    }

    // MARK: Step 16: leave Secure cookies alone

    @Test("§5.7 step 16 (leave Secure cookies alone): a non-secure request cannot shadow a Secure cookie")
    func leaveSecureCookiesAloneSameIdentity() throws {
        let jar = Fixture.frozenJar()
        let secureOrigin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1; Secure", from: secureOrigin))
        expectRejected(jar.setCookie("a=2", from: try url("http://example.com/")), .wouldOverlaySecureCookie)
        expectRejected(jar.setCookie("a=; Max-Age=0", from: try url("http://example.com/")), .wouldOverlaySecureCookie)
        expectRejected(jar.setDocumentCookie("a=3", documentURL: try url("http://example.com/")),
                       .wouldOverlaySecureCookie)
        expectHeader(jar, secureOrigin, "a=1")
    }

    @Test("§5.7 step 16: the domains match either way", arguments: [
        // (secure cookie line, its origin, insecure line, insecure origin)
        ("a=1; Secure; Domain=example.com", "https://example.com/", "a=2", "http://www.example.com/"),
        ("a=1; Secure", "https://www.example.com/", "a=2; Domain=example.com", "http://www.example.com/"),
        ("a=1; Secure", "https://www.example.com/", "a=2; Domain=example.com", "http://example.com/"),
        ("a=1; Secure; Domain=example.com", "https://www.example.com/", "a=2; Domain=example.com", "http://a.example.com/"),
    ])
    func leaveSecureCookiesAloneDomains(secureLine: String, secureOrigin: String, line: String, origin: String) throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie(secureLine, from: try url(secureOrigin)))
        expectRejected(jar.setCookie(line, from: try url(origin)), .wouldOverlaySecureCookie, "\(line) from \(origin)")
    }

    @Test("§5.7 step 16: only when the new cookie's path path-matches the Secure cookie's path")
    func leaveSecureCookiesAlonePaths() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("a=1; Secure; Path=/login", from: try url("https://example.com/")))
        let insecure = try url("http://example.com/")
        expectRejected(jar.setCookie("a=2; Path=/login", from: insecure), .wouldOverlaySecureCookie)
        expectRejected(jar.setCookie("a=2; Path=/login/sub", from: insecure), .wouldOverlaySecureCookie)
        // "/" does not path-match "/login", and "/loginx" is not under "/login".
        expectStored(jar.setCookie("a=3; Path=/", from: insecure))
        expectStored(jar.setCookie("a=4; Path=/loginx", from: insecure))
    }

    @Test("§5.7 step 16: other names, unrelated domains, secure requests and non-Secure cookies are unaffected")
    func leaveSecureCookiesAloneScope() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("a=1; Secure; Domain=example.com", from: try url("https://example.com/")))
        expectStored(jar.setCookie("b=1", from: try url("http://example.com/")))          // another name
        expectStored(jar.setCookie("a=1", from: try url("http://example.org/")))          // unrelated domain
        expectStored(jar.setCookie("a=1", from: try url("http://ample.com/")))            // not a domain-match
        expectStored(jar.setCookie("a=2", from: try url("https://www.example.com/")))     // secure request
        // A non-Secure cookie may be replaced from http.
        expectStored(jar.setCookie("c=1", from: try url("https://example.com/")))
        expectStored(jar.setCookie("c=2", from: try url("http://example.com/")))
        expectHeader(jar, try url("http://example.com/"), "b=1; c=2")
    }

    // MARK: Steps 17–19: SameSite

    @Test("§5.7 step 18: a cross-site response that is not a top-level navigation cannot set a non-None SameSite cookie",
          arguments: ["a=1; SameSite=Strict", "a=1; SameSite=Lax", "a=1", "a=1; SameSite=bogus"])
    func crossSiteSubresourceSet(line: String) throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://tracker.example/")
        expectRejected(jar.setCookie(line, from: origin, context: crossSite(topLevel: false)), .crossSiteSameSite, "\(line)")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 18.3: a cross-site top-level navigation may set any SameSite value",
          arguments: ["a=1; SameSite=Strict", "a=1; SameSite=Lax", "a=1", "a=1; SameSite=None; Secure"])
    func crossSiteTopLevelSet(line: String) throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie(line, from: try url("https://example.com/"), context: crossSite(topLevel: true)),
                     "\(line)")
        // ... whatever the method: the storage rule does not look at it.
        expectStored(jar.setCookie("post=1; SameSite=Strict", from: try url("https://example.com/"),
                                   context: crossSite(topLevel: true, safeMethod: false)))
    }

    @Test("§5.7 step 18 with §5.2 criterion 1: a fetch redirected through another site sets only None cookies, a navigation any",
          arguments: ["a=1; SameSite=Strict", "a=1; SameSite=Lax", "a=1"])
    func crossSiteRedirectSet(line: String) throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://app.example.com/")
        let fetch = CookieRequestContext(isSameSite: true, isCrossSiteRedirect: true, isTopLevelNavigation: false)
        expectRejected(jar.setCookie(line, from: origin, context: fetch), .crossSiteSameSite, "\(line)")
        expectStored(jar.setCookie("b=1; SameSite=None; Secure", from: origin, context: fetch))
        let navigation = CookieRequestContext(isSameSite: true, isCrossSiteRedirect: true, isTopLevelNavigation: true)
        expectStored(jar.setCookie(line, from: origin, context: navigation), "\(line)")
    }

    @Test("§5.7 step 18: SameSite=None cookies may be set cross-site (with Secure)")
    func crossSiteNoneSet() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("a=1; SameSite=None; Secure", from: try url("https://tracker.example/"),
                                   context: crossSite(topLevel: false)))
    }

    @Test("§5.7 step 18.1: the non-HTTP API in a cross-site document cannot set a non-None SameSite cookie")
    func crossSiteScriptSet() throws {
        let jar = Fixture.frozenJar()
        let document = try url("https://embedded.example/")
        expectRejected(jar.setDocumentCookie("a=1", documentURL: document, isSameSite: false), .crossSiteSameSite)
        expectRejected(jar.setDocumentCookie("a=1; SameSite=Lax", documentURL: document, isSameSite: false),
                       .crossSiteSameSite)
        expectStored(jar.setDocumentCookie("a=1; SameSite=None; Secure", documentURL: document, isSameSite: false))
        expectStored(jar.setDocumentCookie("b=1; SameSite=Strict", documentURL: document, isSameSite: true))
    }

    @Test("§5.7 step 19: SameSite=None without Secure is ignored, even from a secure origin", arguments: [
        "a=1; SameSite=None", "a=1; SameSite=none", "a=1; SameSite=None; HttpOnly", "a=1; SameSite=Lax; SameSite=None",
    ])
    func sameSiteNoneNeedsSecure(line: String) throws {
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie(line, from: try url("https://example.com/")), .sameSiteNoneWithoutSecure, "\(line)")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 17: the last SameSite attribute gives the same-site-flag; otherwise Default", arguments: [
        ("a=1", SameSite.default),
        ("a=1; SameSite=Lax", .lax),
        ("a=1; SameSite=Strict", .strict),
        ("a=1; SameSite=None; Secure", .none),
        ("a=1; SameSite=Strict; SameSite=Lax", .lax),
        ("a=1; SameSite=Lax; SameSite=whatever", .default),
    ])
    func sameSiteFlag(line: String, expected: SameSite) throws {
        let jar = Fixture.frozenJar()
        #expect(expectStored(jar.setCookie(line, from: try url("https://example.com/")))?.sameSite == expected, "\(line)")
    }

    // MARK: Steps 20–22: cookie name prefixes

    @Test("§5.7 step 20: __Secure- (any case) requires the secure-only-flag", arguments: [
        "__Secure-", "__secure-", "__SECURE-", "__sEcUrE-",
    ])
    func securePrefix(prefix: String) throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectRejected(jar.setCookie("\(prefix)id=1", from: origin), .securePrefix, "\(prefix)")
        expectRejected(jar.setCookie("\(prefix)id=1; Domain=example.com; Path=/", from: origin), .securePrefix)
        expectStored(jar.setCookie("\(prefix)id=1; Secure", from: origin))
        expectStored(jar.setCookie("\(prefix)id=1; Secure; Domain=example.com; Path=/x", from: origin))
    }

    @Test("§5.7 step 21: __Host- (any case) requires Secure, host-only and a Path attribute of /", arguments: [
        "__Host-", "__host-", "__HOST-", "__hOsT-",
    ])
    func hostPrefix(prefix: String) throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("\(prefix)id=1; Secure; Path=/", from: origin), "\(prefix)")
        expectRejected(jar.setCookie("\(prefix)id=1; Path=/", from: origin), .hostPrefix, "no Secure")
        expectRejected(jar.setCookie("\(prefix)id=1; Secure; Path=/; Domain=example.com", from: origin), .hostPrefix,
                       "not host-only")
        expectRejected(jar.setCookie("\(prefix)id=1; Secure; Path=/x", from: origin), .hostPrefix, "Path is not /")
    }

    @Test("§5.7 step 21: __Host- without a Path attribute is ignored even when the default-path is /")
    func hostPrefixNeedsPathAttribute() throws {
        // §5.7 step 21: "...ignore the cookie entirely unless the cookie meets all the following criteria: 1. The
        // cookie's secure-only-flag is true. 2. The cookie's host-only-flag is true. 3. The cookie-attribute-list
        // contains an attribute with an attribute-name of "Path", and the cookie's path is /."
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie("__Host-id=1; Secure", from: try url("https://example.com/")), .hostPrefix)
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 22: a name-less cookie whose value starts with a prefix (any case) is ignored", arguments: [
        "=__Secure-id=1", "=__secure-id", "__Secure-id", "=__Host-id=1", "=__HOST-id", "__host-id",
    ])
    func namelessPrefixValue(pair: String) throws {
        // "=__Host-id=1": empty name, value "__Host-id=1"; "__Secure-id" (no "="): empty name, value "__Secure-id".
        let jar = Fixture.frozenJar()
        expectRejected(jar.setCookie(pair + "; Secure; Path=/", from: try url("https://example.com/")),
                       .prefixInNamelessValue, "\(pair)")
        #expect(jar.allCookies.isEmpty)
    }

    @Test("§5.7 step 22: a name-less cookie whose value merely contains a prefix is stored")
    func namelessValueContainingPrefix() throws {
        let jar = Fixture.frozenJar()
        expectStored(jar.setCookie("x__Host-id", from: try url("https://example.com/")))
        expectStored(jar.setCookie("=_Secure-id", from: try url("https://example.com/")))
    }

    // MARK: Steps 23–24: replacement and insertion

    @Test("§5.7 step 23: replacing a cookie keeps the old creation-time; last-access is the new time")
    func replacementKeepsCreationTime() throws {
        let (jar, clock) = Fixture.virtualJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1", from: origin))
        clock.advance(by: 10)
        expectStored(jar.setCookie("b=1", from: origin))
        clock.advance(by: 10)
        guard case .stored(let replaced, let didReplace) = jar.setCookie("a=2; HttpOnly", from: origin) else {
            Issue.record("a=2 not stored")
            return
        }
        #expect(didReplace)
        #expect(replaced.creation == Fixture.now)
        #expect(replaced.lastAccess == Fixture.now + 20)
        #expect(replaced.value == "2")
        #expect(replaced.isHTTPOnly, "every other field comes from the new cookie")
        #expect(jar.allCookies.count == 2)
        // Creation order is what retrieval sorts by: a (t0) still precedes b (t10).
        expectHeader(jar, origin, "a=2; b=1")
    }

    @Test("§5.7 step 23 with a frozen clock: a replaced cookie keeps its place in the creation order")
    func replacementKeepsOrderWithFrozenClock() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=1", from: origin))
        expectStored(jar.setCookie("b=1", from: origin))
        expectStored(jar.setCookie("a=2", from: origin))
        expectHeader(jar, origin, "a=2; b=1")
    }

    @Test("§5.7 step 23: identity is name, domain, host-only-flag and path")
    func identity() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        expectStored(jar.setCookie("a=host-only", from: origin))
        // Same name, domain and path, but not host-only: a different cookie.
        expectStored(jar.setCookie("a=domain; Domain=example.com", from: origin))
        // Different path: a different cookie.
        expectStored(jar.setCookie("a=path; Path=/p", from: origin))
        // Names are case-sensitive.
        expectStored(jar.setCookie("A=upper", from: origin))
        #expect(jar.allCookies.count == 4)
        // Replaces the domain cookie (Domain attribute canonicalized), not the host-only one.
        guard case .stored(_, let replaced) = jar.setCookie("a=domain2; Domain=.EXAMPLE.com", from: origin) else {
            Issue.record("not stored")
            return
        }
        #expect(replaced)
        #expect(jar.allCookies.count == 4)
        expectHeader(jar, try url("https://example.com/p"), "a=path; a=host-only; a=domain2; A=upper")
    }

    @Test("§5.7 step 23: a domain is the same whatever the octets of its spelling, as String equality has it")
    func canonicallyEquivalentDomains() {
        let jar = Fixture.frozenJar()
        // U+212A KELVIN SIGN is canonically equivalent to "K"; "e" and U+0301 to U+00E9. The jar's buckets hash a
        // name that is not ASCII in its NFC form, so each second cookie replaces the first.
        for (first, second) in [("\u{212A}.example", "K.example"), ("caf\u{E9}.example", "cafe\u{301}.example")] {
            jar.insert(Cookie(name: "a", value: "1", domain: first, creation: Fixture.now))
            guard case .stored(_, let replaced) = jar.insert(
                Cookie(name: "a", value: "2", domain: second, creation: Fixture.now)) else {
                Issue.record("not stored: \(second)")
                continue
            }
            #expect(replaced, "\(first) and \(second)")
        }
        #expect(jar.allCookies.map(\.value) == ["2", "2"])
        #expect(CookieJar.DomainKey("\u{212A}.example").hashValue == CookieJar.DomainKey("K.example").hashValue)
    }

    @Test("a cookie reads back spelled as it was stored, though its bucket holds an equivalent domain or path")
    func spellingsReadBack() {
        // A bucket keeps one domain and one copy of each path (String equality), and builds a Cookie when one is
        // read: a cookie whose octets differ from those must still read back with its own.
        let jar = Fixture.frozenJar()
        jar.insert(Cookie(name: "a", value: "1", domain: "caf\u{E9}.example", path: "/caf\u{E9}", creation: Fixture.now))
        jar.insert(Cookie(name: "b", value: "2", domain: "cafe\u{301}.example", path: "/cafe\u{301}", creation: Fixture.now))
        // The replacement of a bucket's first cookie, spelled otherwise.
        jar.insert(Cookie(name: "c", value: "3", domain: "\u{212A}.example", creation: Fixture.now))
        jar.insert(Cookie(name: "c", value: "4", domain: "K.example", creation: Fixture.now))
        let cookies = jar.allCookies.sorted { $0.name < $1.name }
        #expect(cookies.map { Array($0.domain.utf8) } == ["caf\u{E9}.example", "cafe\u{301}.example", "K.example"].map { Array($0.utf8) })
        #expect(cookies.map { Array($0.path.utf8) } == ["/caf\u{E9}", "/cafe\u{301}", "/"].map { Array($0.utf8) })
        #expect(cookies.map(\.value) == ["1", "2", "4"])
    }
}
