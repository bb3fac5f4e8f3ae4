import CookieModel
import Foundation

/// The reference jar under the benchmark: URLs are parsed once in `prepare`, as an adapter would.
package struct ReferenceJarBenchmark: BenchmarkedStore {
    package let name = "reference"
    private var responses: [(CookieURL, String)] = []
    private var requests: [CookieURL] = []
    private var context = CookieRequestContext.sameSiteNavigation
    private var full: CookieJar?
    private var clock = CookieClock.frozen(at: Date(timeIntervalSince1970: 1_800_000_000))

    package init() {}

    package mutating func prepare(_ workload: BenchWorkload) {
        responses = workload.responses.map { (CookieURL(string: $0.url)!, $0.setCookie) }
        requests = workload.requestURLs.map { CookieURL(string: $0)! }
        context = workload.context
        clock = .frozen(at: workload.now)
        full = fill()
    }

    private func fill() -> CookieJar {
        let jar = CookieJar(clock: clock)
        // `receive`, as every other in-process store is driven (``CookieStore``): the outcome is not read, so
        // the jar builds no `Cookie` for it.
        for (url, line) in responses { jar.receive(setCookie: line, from: url, context: context) }
        return jar
    }

    package func storeAll() { _ = fill() }

    package func headersForAll() -> Int {
        var total = 0
        for url in requests { total &+= full!.cookieHeader(for: url, context: context)?.utf8.count ?? 0 }
        return total
    }

    package func headers() -> [String?] { requests.map { full!.cookieHeader(for: $0, context: context) } }

    /// The number of cookies the filled jar holds (a sanity check that the workload really fills it).
    package var storedCount: Int { full?.count ?? 0 }
}
