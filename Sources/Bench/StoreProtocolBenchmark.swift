import CookieModel
import CookieStores
import Foundation

/// Any ``CookieStore`` under the benchmark, driven through the protocol exactly as the harness drives it.
///
/// This is how libcurl (real requests to a loopback listener) and Python (a child process speaking JSON lines)
/// are measured: their cost per operation includes the machinery an adapter needs, which is what a run pays.
public struct StoreProtocolBenchmark: BenchmarkedStore {
    public let name: String
    private let makeStore: () throws -> any CookieStore
    private var responses: [(CookieURL, String)] = []
    private var requests: [CookieURL] = []
    private var full: (any CookieStore)?

    public init(name: String, makeStore: @escaping () throws -> any CookieStore) {
        self.name = name
        self.makeStore = makeStore
    }

    public mutating func prepare(responses: [CookieStoreBenchmark.Response], requestURLs: [String]) {
        self.responses = responses.map { (CookieURL(string: $0.url)!, $0.setCookie) }
        self.requests = requestURLs.map { CookieURL(string: $0)! }
        full = fill()
    }

    private func fill() -> (any CookieStore)? {
        guard let store = try? makeStore() else { return nil }
        for (url, line) in responses {
            try? store.receive(setCookie: line, from: url, context: .sameSiteNavigation)
        }
        return store
    }

    public func storeAll() { _ = fill() }

    public func headersForAll() -> Int {
        guard let full else { return 0 }
        var total = 0
        for url in requests {
            total &+= ((try? full.cookieHeader(for: url, context: .sameSiteNavigation)) ?? nil)?.utf8.count ?? 0
        }
        return total
    }

    /// How many cookies the filled store holds (0 when the store could not be created).
    public var storedCount: Int { (try? full?.storedCookies().count) ?? 0 }

    /// libcurl's cookie engine behind its loopback listener.
    public static var curl: StoreProtocolBenchmark { StoreProtocolBenchmark(name: "curl") { try CurlCookieStore(persistence: .inMemory) } }

    /// Python's http.cookiejar in a child process (adapter.py located like the adapter does).
    public static var python: StoreProtocolBenchmark { StoreProtocolBenchmark(name: "python") {
        let clock = CookieClock.frozen(at: Date(timeIntervalSince1970: 1_800_000_000))
        return try ExternalCookieStore(try ExternalAdapters.pythonCookiejarDescription(), clock: clock)
    } }
}
