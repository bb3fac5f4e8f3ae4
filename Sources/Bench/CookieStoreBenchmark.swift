import CookieModel
import Foundation

/// Measures cookie stores on one workload in one run, so that the figures compare as a ratio.
///
/// The workload is a full jar: 3000 cookies over 60 domains (50 each: host-only and domain cookies, several paths,
/// some Secure and HttpOnly), the shape of a long-lived browser profile. Two operations are timed: storing every
/// `Set-Cookie` line into an empty jar, and computing the `Cookie` header for request URLs on the full jar.
public struct CookieStoreBenchmark: Sendable {
    public var domains: Int
    public var cookiesPerDomain: Int
    /// Each measurement repeats until it has run at least this long.
    public var minimumDuration: Duration

    public init(domains: Int = 60, cookiesPerDomain: Int = 50, minimumDuration: Duration = .milliseconds(400)) {
        self.domains = domains
        self.cookiesPerDomain = cookiesPerDomain
        self.minimumDuration = minimumDuration
    }

    /// One `Set-Cookie` line with the URL it is received from.
    public struct Response: Sendable {
        public var url: String
        public var setCookie: String
    }

    /// The responses that fill the jar.
    public var responses: [Response] {
        (0..<domains).flatMap { d in
            (0..<cookiesPerDomain).map { c in
                let paths = ["/", "/account", "/account/settings", "/shop", "/shop/cart/items"]
                var line = "c\(c)=value\(d)x\(c)abcdefgh; Path=\(paths[c % paths.count]); Max-Age=86400"
                if c % 2 == 0 { line += "; Domain=site\(d).com" }
                if c % 3 == 0 { line += "; Secure" }
                if c % 5 == 0 { line += "; HttpOnly" }
                if c % 7 == 0 { line += "; SameSite=Lax" }
                return Response(url: "https://www.site\(d).com/account/login", setCookie: line)
            }
        }
    }

    /// Request URLs spread over every domain, paths that match a few to most of each domain's cookies.
    public var requestURLs: [String] {
        (0..<domains).flatMap { d in
            ["https://www.site\(d).com/account/settings/profile", "https://www.site\(d).com/",
             "http://api.site\(d).com/shop/cart/items/3", "https://www.site\(d).com/shop/cart"]
        }
    }

    /// A measured rate.
    public struct Rate: Sendable {
        public var operations: Int
        public var duration: Duration
        public var perSecond: Double {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            return Double(operations) / seconds
        }
        public var nanosecondsPerOperation: Double { 1e9 / perSecond }
    }

    /// Runs `body` (which performs `operationsPerRound` operations) until `minimumDuration` has passed.
    public func measure(operationsPerRound: Int, _ body: () -> Void) -> Rate {
        body()  // warm-up: caches, lazy loading (the public suffix list)
        let clock = ContinuousClock()
        var rounds = 0
        let start = clock.now
        var elapsed = Duration.zero
        repeat {
            body()
            rounds += 1
            elapsed = clock.now - start
        } while elapsed < minimumDuration
        return Rate(operations: rounds * operationsPerRound, duration: elapsed)
    }
}

/// A store as the benchmark drives it: fill from responses, then compute headers.
public protocol BenchmarkedStore {
    var name: String { get }
    /// Prepares inputs (URL parsing) outside the timed region.
    mutating func prepare(responses: [CookieStoreBenchmark.Response], requestURLs: [String])
    /// Stores every prepared response into a fresh, empty store.
    func storeAll()
    /// Computes the Cookie header for every prepared request URL on the full store; returns total header length.
    func headersForAll() -> Int
}
