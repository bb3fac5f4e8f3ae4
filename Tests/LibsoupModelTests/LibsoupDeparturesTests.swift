import CookieModel
import Foundation
import TestSupport
import Testing

@testable import LibsoupModel

/// The departures from RFC 6265bis issue 23 measured on WebKitGTK 2.50.6 / libsoup 3.2.3, each stated from
/// libsoup's code and checked on the model.
@Suite("libsoup model: the measured departures, from libsoup's code")
struct LibsoupDeparturesTests {
    typealias F = LibsoupFixture

    /// soup_host_matches_host compares the whole name without case, but the suffix with g_str_has_suffix: an
    /// upper-case Domain matches its own host, never a subdomain.
    @Test("Domain matching: case-insensitive for the host itself, case-sensitive as a suffix")
    func domainCase() throws {
        let (jar, _) = F.jar()
        let outcome = jar.setCookie("a=1; Domain=EXAMPLE.COM", from: try url("https://www.example.com/"))
        #expect(outcome.rejection == .domainMismatch)
        #expect(jar.setCookie("b=1; Domain=APP.Example.COM", from: try url("https://app.example.com/")).isStored)
        #expect(jar.cookieHeader(for: try url("https://app.example.com/")) == "b=1")
    }

    /// Under WebKitGTK's ACCEPT_NO_THIRD_PARTY, incoming_cookie_is_third_party compares the cookie's base domain
    /// with the first party's by soup_host_matches_host; libpsl finds no base domain for a mixed-case name, so the
    /// whole `.APP.Example.COM` is compared with `example.com`, and the cookie is third-party on its own host.
    @Test("no-third-party policy refuses a mixed-case Domain on its own host")
    func mixedCaseDomainIsThirdParty() throws {
        let (jar, _) = F.jar(.noThirdParty)
        let outcome = jar.setCookie("b=1; Domain=APP.Example.COM", from: try url("https://app.example.com/"))
        #expect(outcome.rejection == .thirdPartyCookie)
        #expect(jar.setCookie("c=1; Domain=example.com", from: try url("https://app.example.com/")).isStored)
    }

    /// WebKit gives each message the main document's URL as first party: a cross-site navigation's response is
    /// first-party to the page it loads, a cross-site subresource's is not.
    @Test("no-third-party policy: a cross-site navigation sets cookies, a cross-site subresource does not")
    func crossSiteNavigationIsFirstParty() throws {
        let (jar, _) = F.jar(.noThirdParty)
        let site = try url("https://app.example.com/welcome")
        let navigation = CookieRequestContext(isSameSite: false, isTopLevelNavigation: true)
        #expect(jar.setCookie("arrived=1; SameSite=Lax", from: site, context: navigation).isStored)
        let subresource = CookieRequestContext(isSameSite: false, isTopLevelNavigation: false)
        #expect(jar.setCookie("tracker=1", from: site, context: subresource).rejection == .thirdPartyCookie)
    }

    /// parse_one_cookie prepends a dot to a Domain g_hostname_is_ip_address does not call an address
    /// (`168.0.10` is not one), and soup_host_matches_host then matches it as a suffix of any host.
    @Test("an IP host may set a Domain that is a suffix of its address, and the cookie goes to another address")
    func ipSuffixDomain() throws {
        let (jar, _) = F.jar()
        let stored = jar.setCookie("ip=1; Domain=168.0.10", from: try url("http://192.168.0.10/")).storedCookie
        #expect(stored?.domain == "168.0.10")
        #expect(stored?.isHostOnly == false)
        #expect(jar.cookieHeader(for: try url("http://10.168.0.10/")) == "ip=1")
    }

    /// soup_cookie_jar_add_cookie_full refuses any cookie whose domain (host-only ones too) libpsl calls a public
    /// suffix, IP addresses excepted.
    @Test("a host-only cookie from a host that is a public suffix is refused")
    func publicSuffixHostOnly() throws {
        let (jar, _) = F.jar()
        #expect(jar.setCookie("gh=1", from: try url("https://github.io/")).rejection == .publicSuffixCookieDomain)
        #expect(jar.setCookie("gh=1", from: try url("https://user.github.io/")).isStored)
        #expect(jar.setCookie("ip=1", from: try url("http://127.0.0.1/")).isStored)
    }

    /// parse_one_cookie has no size check at all.
    @Test("no limit on a Path's length or a cookie's size")
    func noLimits() throws {
        let (jar, _) = F.jar()
        let path = "/" + String(repeating: "p", count: 2000)
        #expect(jar.setCookie("long=1; Path=\(path)", from: try url("https://example.com/")).storedCookie?.path == path)
        let value = String(repeating: "v", count: 5000)
        #expect(jar.setCookie("big=\(value)", from: try url("https://example.com/")).isStored)
        #expect(jar.cookieHeader(for: try url("https://example.com/")) == "big=\(value)")
    }

    /// parse_one_cookie: Max-Age is strtol'd (the whole value must be a number; an empty one is 0), clamped at 0,
    /// and handed to soup_cookie_set_max_age as an int (-1: no expiry; 0: the epoch); Expires sets the expiry in
    /// its turn, to nothing when unparsable.
    @Test(
        "Max-Age and Expires, in order, with libsoup's integer conversions",
        arguments: [
            ("e=1; Max-Age=", "expired"),
            ("e=1; Max-Age=+60", "60"),
            ("e=1; Max-Age=-5", "expired"),
            ("e=1; Max-Age=99999999999999999999", "session"),
            ("e=1; Max-Age=2147483648", "expired"),
            ("e=1; Max-Age=4294967295", "session"),
            ("e=1; Max-Age=60x", "session"),
            ("e=1; Max-Age=60; Expires=garbage", "session"),
            ("e=1; Expires=garbage; Max-Age=60", "60"),
            ("e=1; Max-Age=3600; Expires=Wed, 01 Jan 2025 00:00:00 GMT", "expired"),
        ]
    )
    func maxAge(line: String, expected: String) throws {
        let (jar, _) = F.jar()
        let outcome = jar.setCookie(line, from: try url("https://example.com/"))
        switch expected {
        case "expired": #expect(outcome.isExpiredOnArrival, "\(outcome)")
        case "session": #expect(outcome.storedCookie.map { $0.expiry == nil } == true, "\(outcome)")
        default:
            let seconds = TimeInterval(expected)!
            #expect(outcome.storedCookie?.expiry == F.now.addingTimeInterval(seconds), "\(outcome)")
        }
    }

    /// soup_date_time_is_past: "optimization": any date before 2020 is past, whatever the clock says.
    @Test("on a clock before 2020 every expiry before 2020 is past")
    func pre2020() throws {
        let (jar, _) = F.jar(at: Date(timeIntervalSince1970: 1_306_886_400))  // 2011-06-01
        #expect(jar.setCookie("m=1; Max-Age=60", from: try url("http://example.com/")).isExpiredOnArrival)
        #expect(jar.setCookie("e=1; Expires=Fri, 01 Jan 2021 00:00:00 GMT", from: try url("http://example.com/")).isStored)
    }

    /// soup_cookie_jar_add_cookie_full protects a Secure cookie only from a non-secure replacement of the same
    /// domain, name and path: no other path and no other domain is checked (RFC 6265bis §5.7 step 16 is absent).
    @Test("no \"leave secure cookies alone\": from http a sub-path or the parent domain shadows a Secure cookie")
    func noLeaveSecureCookiesAlone() throws {
        let (jar, _) = F.jar()
        #expect(jar.setCookie("sid=secure; Secure; Path=/", from: try url("https://app.example.com/")).isStored)
        #expect(jar.setCookie("sid=plain", from: try url("http://app.example.com/")).rejection == .overwritesSecureCookie)
        #expect(jar.setCookie("sid=path; Path=/sub", from: try url("http://app.example.com/")).isStored)
        #expect(jar.setCookie("sid=parent; Domain=example.com", from: try url("http://app.example.com/")).isStored)
        #expect(jar.cookieHeader(for: try url("https://app.example.com/sub/x")) == "sid=path; sid=secure; sid=parent")
    }

    /// get_cookies sorts by path length only (compare_cookies' serials belong to the jar's cookies, and the list
    /// holds copies): among equal paths, `.host`'s list comes first, then the host-only list, then the parents',
    /// each in order of arrival, and a replaced cookie keeps its place.
    @Test("header order: longer paths first, then the domain lists in lookup order, each in order of arrival")
    func headerOrder() throws {
        let (jar, _) = F.jar()
        let site = try url("https://app.example.com/a/b")
        jar.setCookie("a=1; Path=/", from: site)
        jar.setCookie("b=1; Domain=example.com; Path=/", from: site)
        jar.setCookie("c=1; Path=/a", from: site)
        jar.setCookie("d=1; Domain=app.example.com; Path=/", from: site)
        jar.setCookie("e=1; Path=/", from: site)
        #expect(jar.cookieHeader(for: site) == "c=1; d=1; a=1; e=1; b=1")
        jar.setCookie("a=2; Path=/", from: site)
        #expect(jar.cookieHeader(for: site) == "c=1; d=1; a=2; e=1; b=1")
    }

    /// is_value_ender on a signed char: every octet of 0x80 or more ends a value, and the rest of the line goes.
    @Test("a non-ASCII octet ends the value and drops the rest of the line")
    func nonASCIIEndsValue() throws {
        let (jar, _) = F.jar()
        let stored = jar.setCookie("n=caf\u{E9}; Secure", from: try url("https://example.com/")).storedCookie
        #expect(stored?.value == "caf")
        #expect(stored?.isSecure == false)
    }

    /// SoupCookieJarText deletes an old cookie by rewriting the file without every line whose name, value and
    /// path equal it (soup_cookie_equal: any domain), and writes only cookies with an expiry.
    @Test("restart keeps persistent cookies; replacing one deletes another domain's equal line from the file")
    func persistence() throws {
        let (jar, _) = F.jar()
        jar.setCookie("s=1", from: try url("https://a.example/"))
        jar.setCookie("p=1; Max-Age=3600", from: try url("https://a.example/"))
        jar.setCookie("p=1; Max-Age=3600", from: try url("https://b.example/"))
        jar.setCookie("p=2; Max-Age=3600", from: try url("https://a.example/"))
        jar.endSession()
        #expect(jar.cookieHeader(for: try url("https://a.example/")) == "p=2")
        #expect(jar.cookieHeader(for: try url("https://b.example/")) == nil)
    }
}

/// What WebKit's DOM path (NetworkStorageSession::setCookiesFromDOM, libsoup builds) adds before the jar.
@Suite("libsoup model: document.cookie through WebKit's DOM path")
struct LibsoupDOMWriteTests {
    typealias F = LibsoupFixture

    /// setCookiesFromDOM drops an HttpOnly cookie, and a cookie whose name and path match an HttpOnly cookie the
    /// jar would send to the page; an HttpOnly cookie on another path is not seen, so it is shadowed.
    @Test("script cannot write HttpOnly or replace one of its own path, but replaces one of another path")
    func httpOnly() throws {
        let (jar, _) = F.jar()
        let account = try url("https://app.example.com/account/")
        let home = try url("https://app.example.com/home")
        #expect(jar.setCookie("sid=server; HttpOnly; Path=/", from: account).isStored)
        #expect(jar.setCookie("acct=server; HttpOnly; Path=/account", from: account).isStored)
        #expect(jar.setDocumentCookie("x=1; HttpOnly", documentURL: home, isSameSite: true).rejection == .httpOnlyFromScript)
        #expect(jar.setDocumentCookie("sid=script", documentURL: home, isSameSite: true).rejection == .overwritesHTTPOnly)
        #expect(jar.setDocumentCookie("acct=script; Path=/account", documentURL: home, isSameSite: true).isStored)
        #expect(jar.cookieHeader(for: try url("https://app.example.com/account/x")) == "acct=script; sid=server")
    }

    /// Each line of a document.cookie string is a cookie of its own (value.split('\n')).
    @Test("a string of several lines writes several cookies")
    func lines() throws {
        let (jar, _) = F.jar()
        let page = try url("https://app.example.com/")
        _ = jar.setDocumentCookie("a=1\nb=2", documentURL: page, isSameSite: true)
        #expect(jar.documentCookie(for: page) == "a=1; b=2")
    }
}
