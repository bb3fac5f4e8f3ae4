import CookieModel
import CookieStores
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

/// Every built-in suite on both adapters through the Runner, as `cookie-harness run` does.
@Suite("Built-in suites on the foundation and curl adapters")
struct FoundationCurlSuiteRunTests {
    /// Set COOKIE_STORES_REPORT=1 (or `verbose`, with transcripts) to print every failure and skip.
    @Test("every scenario runs to a verdict: no adapter errors, and every skip names a missing capability", arguments: StoreKind.allCases)
    func allSuites(_ kind: StoreKind) throws {
        let suites = try BuiltInSuites.suites
        let collector = CollectingReporter()
        let plan = RunPlan(suites: suites, adapters: [kind.adapter], jobs: 2, timeLimit: .seconds(60))
        _ = try Runner().run(plan, reporter: collector)
        let results = collector.results
        #expect(results.count == suites.reduce(0) { $0 + $1.scenarios.count })
        var counts: [String: Int] = [:]
        for result in results {
            counts[result.status.name, default: 0] += 1
            switch result.status {
            case .passed: break
            case .failed(let failure):
                if ProcessInfo.processInfo.environment["COOKIE_STORES_REPORT"] != nil {
                    print("FAIL \(kind) \(result.scenarioID): \(failure.message)")
                    if ProcessInfo.processInfo.environment["COOKIE_STORES_REPORT"] == "verbose" {
                        print(result.transcript.map { "    " + $0 }.joined(separator: "\n"))
                    }
                }
            case .skipped(let reason):
                #expect(reason.hasPrefix("adapter '\(kind.rawValue)' lacks capability"), "\(result.scenarioID): \(reason)")
                if ProcessInfo.processInfo.environment["COOKIE_STORES_REPORT"] != nil {
                    print("SKIP \(kind) \(result.scenarioID): \(reason)")
                }
            case .errored(let detail) where kind == .curl && detail.hasPrefix("unsupported by this store: a Set-Cookie line containing"):
                // A line with CR, LF or NUL cannot be sent in an HTTP header, so libcurl can never receive it.
                break
            case .errored(let detail):
                Issue.record("\(result.scenarioID) errored on \(kind): \(detail)\n\(result.transcript.joined(separator: "\n"))")
            }
        }
        print("\(kind): \(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }
}
