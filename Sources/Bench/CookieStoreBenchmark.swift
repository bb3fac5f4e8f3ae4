import CookieModel
import Foundation

/// How the in-process stores are timed on the standard workload (``BenchWorkload``), so that figures compare as
/// a ratio: storing every `Set-Cookie` line into an empty jar, and computing the `Cookie` header of every request
/// URL on the full jar, each repeated until ``minimumDuration`` has passed, after one warm-up round. The figure is
/// the fastest round's (as Python's `timeit` advises: on a shared machine the others measure the neighbours too). The `bench`
/// request asks an out-of-process adapter to do exactly this in its own process (PROTOCOL.md, "bench").
package struct CookieStoreBenchmark: Sendable {
    /// Each measurement repeats until it has run at least this long.
    package var minimumDuration: Duration

    package init(minimumDuration: Duration = .milliseconds(400)) {
        self.minimumDuration = minimumDuration
    }

    /// A measured rate: `operations` in `duration`, over rounds of `operationsPerRound`, the fastest taking
    /// `bestRound` (when known).
    package struct Rate: Sendable {
        package var operations: Int
        package var duration: Duration
        package var operationsPerRound: Int?
        package var bestRound: Duration?

        package init(operations: Int, duration: Duration, operationsPerRound: Int? = nil, bestRound: Duration? = nil) {
            self.operations = operations
            self.duration = duration
            self.operationsPerRound = operationsPerRound
            self.bestRound = bestRound
        }

        /// µs per operation in the fastest round — what a busy machine disturbs least — or over all rounds when the
        /// fastest is not known.
        package var bestMicrosecondsPerOperation: Double {
            guard let bestRound, let operationsPerRound, operationsPerRound > 0 else { return microsecondsPerOperation }
            let seconds = Double(bestRound.components.seconds) + Double(bestRound.components.attoseconds) * 1e-18
            return seconds * 1e6 / Double(operationsPerRound)
        }

        package var seconds: Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        package var perSecond: Double { Double(operations) / seconds }
        package var nanosecondsPerOperation: Double { 1e9 / perSecond }
        package var microsecondsPerOperation: Double { 1e6 / perSecond }
    }

    /// Runs `body` (which performs `operationsPerRound` operations) until `minimumDuration` has passed.
    package func measure(operationsPerRound: Int, _ body: () -> Void) -> Rate {
        body()  // warm-up: caches, lazy loading (the public suffix list)
        let clock = ContinuousClock()
        var rounds = 0
        let start = clock.now
        var elapsed = Duration.zero
        var best = Duration.seconds(1_000_000)
        repeat {
            let begin = clock.now
            body()
            let end = clock.now
            best = min(best, end - begin)
            rounds += 1
            elapsed = end - start
        } while elapsed < minimumDuration
        return Rate(operations: rounds * operationsPerRound, duration: elapsed, operationsPerRound: operationsPerRound, bestRound: best)
    }
}

/// A store as the benchmark drives it in this process: fill from the workload's responses, then compute headers.
package protocol BenchmarkedStore {
    var name: String { get }
    /// Prepares inputs (URL parsing) outside the timed region, and fills the store that headers are read from.
    mutating func prepare(_ workload: BenchWorkload)
    /// Stores every prepared response into a fresh, empty store.
    func storeAll()
    /// Computes the Cookie header for every prepared request URL on the full store; returns total header length.
    func headersForAll() -> Int
    /// The Cookie header of every request URL on the full store, in order (nil: none): what the checksum covers.
    func headers() -> [String?]
    /// How many cookies the full store holds.
    var storedCount: Int { get }
}
