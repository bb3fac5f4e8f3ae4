import Foundation
import Testing
@testable import CookieModel

/// A bucket keeps its cookies in §5.8.3 order as they come and go (``CookieJar/Bucket/retrievalOrder``), and what a
/// request checks of each one (``CookieJar/Bucket/Scan``) beside it: after every change of a long run of stores,
/// replacements, expiries, evictions and deletions, each request must send exactly the cookies the rules of
/// §5.8.3 step 1 pick from the jar's own listing, in the order of step 2.
@Suite("§5.8.3 Retrieval order through a jar's churn")
struct RetrievalOrderChurnTests {
    /// A small deterministic generator (a linear congruential one): the same run on every machine.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let hosts = ["example.com", "www.example.com", "a.www.example.com"]
    /// More distinct paths than a bucket keeps cookies, so that unused interned paths are dropped and renumbered.
    static let paths = (0..<40).map { $0 % 4 == 0 ? "/" : "/p\($0 % 7)" + String(repeating: "/q", count: $0 % 5) }

    @Test("every request sends what step 1 picks from the listing, in step 2's order, as the jar changes")
    func churn() throws {
        let configuration = CookieJarConfiguration(maximumCookiesPerDomain: 12, maximumCookies: 30)
        let (jar, clock) = Fixture.virtualJar(configuration)
        var generator = Generator(state: 40)
        var (sent, longest) = (0, 0)
        for step in 0..<1500 {
            change(jar, clock: clock, step: step, using: &generator)
            for host in Self.hosts {
                let path = Self.paths[generator.next(Self.paths.count)]
                let request = try #require(CookieURL(string: "https://\(host)\(path)/x"))
                let count = expectRetrieval(jar, request, step: step)
                (sent, longest) = (sent + count, max(longest, count))
            }
        }
        // The run is not vacuous: requests send several cookies each, often from two or three buckets.
        #expect(sent > 10_000 && longest >= 8)
    }

    /// One change of the jar: a stored line (some replacing, some short-lived, some deleting), a cookie inserted
    /// with an older creation time than the ones before it, a deletion, or time passing.
    private func change(_ jar: CookieJar, clock: VirtualClock, step: Int, using generator: inout Generator) {
        let host = Self.hosts[generator.next(Self.hosts.count)]
        let path = Self.paths[generator.next(Self.paths.count)]
        let name = "n\(generator.next(25))"
        switch generator.next(10) {
        case 0:
            let cookie = Cookie(
                name: name, value: "inserted\(step)", domain: host, path: path,
                creation: clock.now - Double(generator.next(1000)), isHostOnly: generator.next(2) == 0)
            jar.insert(cookie)
        case 1:
            jar.delete(name: name, domain: host, path: path)
        case 2:
            clock.advance(by: Double(generator.next(30)))
        default:
            let domain = generator.next(3) == 0 ? "; Domain=\(Self.hosts[generator.next(2)])" : ""
            let lifetime = ["", "; Max-Age=10", "; Max-Age=0", "; Max-Age=100000"][generator.next(4)]
            let line = "\(name)=v\(step); Path=\(path)\(domain)\(lifetime)"
            jar.setCookie(line, from: CookieURL(string: "https://\(host)/")!)
        }
    }

    /// Checks one request; returns how many cookies it sent.
    private func expectRetrieval(_ jar: CookieJar, _ request: CookieURL, step: Int) -> Int {
        let expected = jar.allCookies.filter { cookie in
            let hostMatches = cookie.isHostOnly
                ? cookie.domain == request.host
                : CookieURL.domainMatches(host: request.host, domain: cookie.domain, hostIsIPAddress: false)
            return hostMatches && CookieURL.pathMatches(requestPath: request.path, cookiePath: cookie.path)
        }.sorted { a, b in
            // Longer paths first, then earlier creation, then earlier storing.
            (a.path.utf8.count, b.creation, b.creationSequence) > (b.path.utf8.count, a.creation, a.creationSequence)
        }
        let sent = jar.cookies(for: request)
        #expect(sent.map(\.creationSequence) == expected.map(\.creationSequence), "step \(step), \(request)")
        let header = jar.cookieHeader(for: request)
        #expect(header == (sent.isEmpty ? nil : sent.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")))
        return sent.count
    }
}
