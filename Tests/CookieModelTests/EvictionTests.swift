import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// RFC 6265bis §5.7 "remove excess cookies" and §6.1 limits.
///
/// The priority order: 1. expired cookies; 2. non-Secure cookies of a domain field shared by too many cookies;
/// 3. cookies of such a domain; 4. all cookies. Within a priority, the earliest last-access-time goes first. Clocks
/// are virtual and advanced between steps, so that last-access-times differ (with equal times the spec does not say
/// which cookie goes).
@Suite("§5.7 / §6.1 Eviction")
struct EvictionTests {
    static let secureOrigin = "https://example.com/"

    /// Sets `line` from `origin`, one second after the previous call.
    func set(_ jar: CookieJar, _ clock: VirtualClock, _ line: String, from origin: String = secureOrigin,
             sourceLocation: SourceLocation = #_sourceLocation) throws {
        clock.advance(by: 1)
        expectStored(jar.setCookie(line, from: try url(origin, sourceLocation: sourceLocation)), "\(line)",
                     sourceLocation: sourceLocation)
    }

    func names(_ jar: CookieJar) -> Set<String> { Set(jar.allCookies.map(\.name)) }

    // MARK: Per domain

    @Test("§5.7 per-domain limit: the least recently used cookie goes")
    func perDomainLeastRecentlyUsed() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 3, maximumCookies: 100))
        try set(jar, clock, "a=1; Path=/a")
        try set(jar, clock, "b=1; Path=/b")
        try set(jar, clock, "c=1; Path=/c")
        clock.advance(by: 1)
        expectHeader(jar, try url("https://example.com/a"), "a=1")     // a is now the most recently used
        try set(jar, clock, "d=1; Path=/d")
        #expect(names(jar) == ["a", "c", "d"])
        #expect(jar.count == 3)
    }

    @Test("§5.7 per-domain limit, priority 1: an expired cookie goes before the least recently used one")
    func perDomainExpiredFirst() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 3, maximumCookies: 100))
        try set(jar, clock, "old=1")
        try set(jar, clock, "mid=1")
        try set(jar, clock, "short=1; Max-Age=5")                       // the most recently used, about to expire
        clock.advance(by: 10)
        try set(jar, clock, "new=1")
        #expect(names(jar) == ["old", "mid", "new"])
        #expect(jar.count == 3)
    }

    @Test("§5.7 per-domain limit, priority 2: non-Secure cookies go before Secure ones, even more recently used")
    func perDomainNonSecureFirst() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 3, maximumCookies: 100))
        try set(jar, clock, "s1=1; Secure")                             // least recently used, but Secure
        try set(jar, clock, "n1=1")
        try set(jar, clock, "n2=1")
        try set(jar, clock, "s2=1; Secure")
        #expect(names(jar) == ["s1", "n2", "s2"])
        try set(jar, clock, "s3=1; Secure")
        #expect(names(jar) == ["s1", "s2", "s3"])
    }

    @Test("§5.7 per-domain limit, priority 3: with only Secure cookies, the least recently used goes")
    func perDomainAllSecure() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 2, maximumCookies: 100))
        try set(jar, clock, "s1=1; Secure; Path=/1")
        try set(jar, clock, "s2=1; Secure; Path=/2")
        clock.advance(by: 1)
        expectHeader(jar, try url("https://example.com/1"), "s1=1")
        try set(jar, clock, "s3=1; Secure")
        #expect(names(jar) == ["s1", "s3"])
    }

    @Test("§5.7 per-domain limit: counted per domain field (host-only and Domain cookies of one domain share it)")
    func perDomainField() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 2, maximumCookies: 100))
        try set(jar, clock, "h1=1")                                           // domain field example.com
        try set(jar, clock, "h2=1; Domain=example.com")                       // example.com
        try set(jar, clock, "w1=1", from: "https://www.example.com/")         // www.example.com: another field
        try set(jar, clock, "w2=1", from: "https://www.example.com/")
        #expect(names(jar) == ["h1", "h2", "w1", "w2"])
        try set(jar, clock, "h3=1; Domain=example.com", from: "https://www.example.com/")
        #expect(names(jar) == ["h2", "h3", "w1", "w2"])
        #expect(jar.count == 4)
    }

    @Test("§6.1 default limit: at most 50 cookies per domain; the least recently used go")
    func defaultPerDomainLimit() throws {
        let (jar, clock) = Fixture.virtualJar()
        #expect(CookieJarConfiguration.rfc6265bis.maximumCookiesPerDomain >= 50)
        let limit = CookieJarConfiguration.rfc6265bis.maximumCookiesPerDomain
        for index in 0...limit {
            try set(jar, clock, "c\(index)=1")
        }
        #expect(jar.count == limit)
        #expect(!names(jar).contains("c0"))
        #expect(names(jar).contains("c1"))
        #expect(names(jar).contains("c\(limit)"))
    }

    // MARK: Whole store

    @Test("§5.7 store limit: when no domain is over its limit, the least recently used cookie goes, Secure or not")
    func storeLeastRecentlyUsed() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 50, maximumCookies: 3))
        try set(jar, clock, "a=1; Secure", from: "https://a.test/")
        try set(jar, clock, "b=1", from: "https://b.test/")
        try set(jar, clock, "c=1", from: "https://c.test/")
        try set(jar, clock, "d=1", from: "https://d.test/")
        #expect(names(jar) == ["b", "c", "d"])
        #expect(jar.count == 3)
    }

    @Test("§5.7 store limit: retrieval refreshes the last-access-time that eviction uses")
    func storeRecentlyUsedSurvives() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 50, maximumCookies: 3))
        try set(jar, clock, "a=1", from: "https://a.test/")
        try set(jar, clock, "b=1", from: "https://b.test/")
        try set(jar, clock, "c=1", from: "https://c.test/")
        clock.advance(by: 1)
        expectHeader(jar, try url("https://a.test/"), "a=1")
        try set(jar, clock, "d=1", from: "https://d.test/")
        #expect(names(jar) == ["a", "c", "d"])
    }

    @Test("§5.7 store limit, priority 1: an expired cookie goes before the least recently used one")
    func storeExpiredFirst() throws {
        let (jar, clock) = Fixture.virtualJar(CookieJarConfiguration(maximumCookiesPerDomain: 50, maximumCookies: 3))
        try set(jar, clock, "a=1", from: "https://a.test/")
        try set(jar, clock, "c=1", from: "https://c.test/")
        try set(jar, clock, "b=1; Max-Age=5", from: "https://b.test/")
        clock.advance(by: 10)
        try set(jar, clock, "d=1", from: "https://d.test/")
        #expect(names(jar) == ["a", "c", "d"])
        #expect(jar.count == 3)
    }

    @Test("§5.7 store limit: per-domain eviction and the store limit together keep both bounds")
    func storeAndDomainLimits() throws {
        let configuration = CookieJarConfiguration(maximumCookiesPerDomain: 3, maximumCookies: 5)
        let (jar, clock) = Fixture.virtualJar(configuration)
        for domain in ["a.test", "b.test", "c.test"] {
            for index in 0..<4 {
                try set(jar, clock, "\(domain.prefix(1))\(index)=1", from: "https://\(domain)/")
            }
        }
        let cookies = jar.allCookies
        #expect(cookies.count == 5)
        #expect(jar.count == 5)
        for (domain, group) in Dictionary(grouping: cookies, by: \.domain) {
            #expect(group.count <= 3, "\(domain)")
        }
        // The five most recently used, never more than three of one domain (b0 and c0 went to the domain limit).
        #expect(names(jar) == ["b2", "b3", "c1", "c2", "c3"])
    }

    @Test("§6.1 default limit: at most 3000 cookies in all; the least recently used go")
    func defaultStoreLimit() throws {
        let (jar, clock) = Fixture.virtualJar()
        let total = CookieJarConfiguration.rfc6265bis.maximumCookies
        let perDomain = CookieJarConfiguration.rfc6265bis.maximumCookiesPerDomain
        #expect(total >= 3000)
        let domains = total / perDomain + 1
        var first: String?
        for domain in 0..<domains {
            for index in 0..<perDomain {
                clock.advance(by: 1)
                let outcome = jar.setCookie("c\(index)=1", from: try url("https://d\(domain).test/"))
                #expect(outcome.storedCookie != nil)
                if first == nil { first = "d\(domain).test" }
            }
        }
        #expect(jar.count == total)
        let cookies = jar.allCookies
        #expect(cookies.count == total)
        #expect(!cookies.contains { $0.domain == first && $0.name == "c0" }, "the oldest cookie was evicted")
        #expect(cookies.contains { $0.domain == "d\(domains - 1).test" && $0.name == "c\(perDomain - 1)" })
    }
}
