import CookieModel
import Foundation

/// The reference jar under the benchmark: URLs are parsed once in `prepare`, as an adapter would.
public struct ReferenceJarBenchmark: BenchmarkedStore {
    public let name = "reference"
    private var responses: [(CookieURL, String)] = []
    private var requests: [CookieURL] = []
    private var full: CookieJar?
    private let clock = CookieClock.frozen(at: Date(timeIntervalSince1970: 1_800_000_000))

    public init() {}

    public mutating func prepare(responses: [CookieStoreBenchmark.Response], requestURLs: [String]) {
        self.responses = responses.map { (CookieURL(string: $0.url)!, $0.setCookie) }
        self.requests = requestURLs.map { CookieURL(string: $0)! }
        full = fill()
    }

    private func fill() -> CookieJar {
        let jar = CookieJar(clock: clock)
        for (url, line) in responses { jar.setCookie(line, from: url) }
        return jar
    }

    public func storeAll() { _ = fill() }

    public func headersForAll() -> Int {
        var total = 0
        for url in requests { total &+= full!.cookieHeader(for: url)?.utf8.count ?? 0 }
        return total
    }

    /// The number of cookies the filled jar holds (a sanity check that the workload really fills it).
    public var storedCount: Int { full?.count ?? 0 }
}
