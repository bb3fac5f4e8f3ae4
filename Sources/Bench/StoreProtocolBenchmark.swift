import CookieModel
import CookieStores
import CurlCookieStore
import Foundation

/// Any ``CookieStore`` under the benchmark, driven through the protocol exactly as the harness drives it.
///
/// This is how libcurl is measured (real requests to the loopback listener, in this process): its cost per operation
/// includes the machinery its store needs, which is what a run pays. (Out-of-process adapters time themselves:
/// ``CookieStoreComparison`` sends them the `bench` request.)
package struct StoreProtocolBenchmark: BenchmarkedStore {
    package let name: String
    private let makeStore: () throws -> any CookieStore
    private var responses: [(CookieURL, String)] = []
    private var requests: [CookieURL] = []
    private var context = CookieRequestContext.sameSiteNavigation
    private var full: (any CookieStore)?

    package init(name: String, makeStore: @escaping () throws -> any CookieStore) {
        self.name = name
        self.makeStore = makeStore
    }

    package mutating func prepare(_ workload: BenchWorkload) {
        responses = workload.responses.map { (CookieURL(string: $0.url)!, $0.setCookie) }
        requests = workload.requestURLs.map { CookieURL(string: $0)! }
        context = workload.context
        full = fill()
    }

    private func fill() -> (any CookieStore)? {
        guard let store = try? makeStore() else { return nil }
        for (url, line) in responses {
            try? store.receive(setCookie: line, from: url, context: context)
        }
        return store
    }

    package func storeAll() { _ = fill() }

    package func headersForAll() -> Int {
        guard let full else { return 0 }
        var total = 0
        for url in requests {
            total &+= ((try? full.cookieHeader(for: url, context: context)) ?? nil)?.utf8.count ?? 0
        }
        return total
    }

    package func headers() -> [String?] {
        requests.map { (try? full?.cookieHeader(for: $0, context: context)) ?? nil }
    }

    /// How many cookies the filled store holds (0 when the store could not be created).
    package var storedCount: Int { (try? full?.storedCookies().count) ?? 0 }

    /// libcurl's cookie engine behind its loopback listener.
    package static var curl: StoreProtocolBenchmark { StoreProtocolBenchmark(name: "curl") { try CurlCookieStore(persistence: .inMemory) } }
}
