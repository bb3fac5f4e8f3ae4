import Foundation

/// Runs the reference jar and its peers on one workload and lays the rates side by side, with ratios.
public struct CookieStoreComparison: Sendable {
    public var benchmark: CookieStoreBenchmark

    /// Limits the run to the stores with these names (nil: all); the reference jar always runs, as the baseline.
    public var only: Set<String>?

    public init(benchmark: CookieStoreBenchmark = CookieStoreBenchmark(), only: Set<String>? = nil) {
        self.benchmark = benchmark
        self.only = only
    }

    public struct Row: Sendable {
        public var storeName: String
        public var storedCookies: Int
        public var storing: CookieStoreBenchmark.Rate
        public var header: CookieStoreBenchmark.Rate
    }

    public struct Results: Sendable {
        public var rows: [Row]

        /// A plain-text table: rates, nanoseconds per operation, and each store's ratio to the reference jar.
        public var table: String {
            guard let reference = rows.first else { return "" }
            func rate(_ r: CookieStoreBenchmark.Rate) -> String {
                String(format: "%12.0f/s %9.1f ns", r.perSecond, r.nanosecondsPerOperation)
            }
            var lines = ["store        cookies   Set-Cookie stored               Cookie header computed          reference is"]
            for (index, row) in rows.enumerated() {
                let ratio = index == 0 ? "" : String(
                    format: "%.1fx faster storing, %.1fx faster on headers",
                    reference.storing.perSecond / row.storing.perSecond, reference.header.perSecond / row.header.perSecond
                )
                lines.append(
                    row.storeName.padding(toLength: 12, withPad: " ", startingAt: 0)
                        + String(format: " %7d", row.storedCookies) + "  " + rate(row.storing) + "  " + rate(row.header)
                        + "  " + ratio
                )
            }
            return lines.joined(separator: "\n")
        }
    }

    public func run() -> Results {
        let responses = benchmark.responses
        let requests = benchmark.requestURLs
        var reference = ReferenceJarBenchmark()
        reference.prepare(responses: responses, requestURLs: requests)
        var rows = [row(reference, stored: reference.storedCount, responses: responses.count, requests: requests.count)]
        if only?.contains("foundation") ?? true {
            var foundation = FoundationStorageBenchmark()
            foundation.prepare(responses: responses, requestURLs: requests)
            rows.append(row(foundation, stored: foundation.storedCount, responses: responses.count, requests: requests.count))
        }
        for var peer in [StoreProtocolBenchmark.curl, StoreProtocolBenchmark.python] where only?.contains(peer.name) ?? true {
            peer.prepare(responses: responses, requestURLs: requests)
            rows.append(row(peer, stored: peer.storedCount, responses: responses.count, requests: requests.count))
        }
        return Results(rows: rows)
    }

    private func row(_ store: some BenchmarkedStore, stored: Int, responses: Int, requests: Int) -> Row {
        Row(
            storeName: store.name, storedCookies: stored,
            storing: benchmark.measure(operationsPerRound: responses) { store.storeAll() },
            header: benchmark.measure(operationsPerRound: requests) { _ = store.headersForAll() }
        )
    }
}
