@testable import Bench
import CookieModel
import Foundation
import HarnessCore
import Testing

/// `bench live --filter` and `--time-budget`, on an in-process adapter standing in for the real engine (the timing
/// logic is the same for any adapter; the engine's own figures are docs/performance.md's).
@Suite("bench live: the selection and the time budget")
struct LiveEngineBenchmarkTests {
    static let suite: Suite = {
        let here = SuiteLocation(file: "bench.xml", line: 1)
        let scenarios = (0..<300).map { i in
            Scenario(
                id: (i % 2 == 0 ? "even" : "odd") + ".s\(i)", title: "s\(i)",
                steps: [
                    Step(.nativeSetCookie(url: "https://app.example.com/", setCookie: "n=\(i)"), location: here),
                    Step(.nativeRequest(Request(url: "https://app.example.com/home")), location: here),
                ],
                location: here)
        }
        let origins = [Origin(url: "https://app.example.com", routes: [Route(path: "/home")])]
        return Suite(id: "bench", title: "bench", file: "bench.xml", origins: origins, scenarios: scenarios)
    }()

    @Test("without a budget every selected scenario runs; --filter keeps only the matching ones")
    func whole() throws {
        let all = LiveEngineBenchmark(suites: [Self.suite], simulated: [.reference], live: [.reference])
        let figure = try all.simulatedRun(jobs: 2)
        #expect(figure.ran == 300)
        #expect(figure.sample == nil)
        let even = LiveEngineBenchmark(suites: [Self.suite], simulated: [.reference], live: [.reference], filters: ["even.*"])
        #expect(try even.liveRun(drivers: 2).ran == 150)
    }

    @Test("a budget already spent by the first slice runs that slice only, and says it is a sample")
    func budget() throws {
        let benchmark = LiveEngineBenchmark(
            suites: [Self.suite], simulated: [.reference], live: [.reference], budget: .nanoseconds(1))
        let figure = try benchmark.liveRun(drivers: 2)
        // One slice: 16 pairs per worker, at least 32.
        #expect(figure.ran == 32)
        #expect(figure.sample?.run == 32)
        #expect(figure.sample?.of == 300)
        #expect(figure.seconds > 0)
    }

    @Test("a budget the whole run fits in runs every pair, in slices, and is no sample")
    func budgetCoversAll() throws {
        let benchmark = LiveEngineBenchmark(
            suites: [Self.suite], simulated: [.reference], live: [.reference], budget: .seconds(3600))
        let figure = try benchmark.liveRun(drivers: 1)
        #expect(figure.ran == 300)
        #expect(figure.sample == nil)
    }

    @Test("the sample's order mixes the suites and is the same from run to run")
    func mixedOrder() {
        let plan = RunPlan(suites: [Self.suite], adapters: [.reference])
        let first = LiveEngineBenchmark.mixedPairs(of: plan)
        #expect(first == LiveEngineBenchmark.mixedPairs(of: plan))
        #expect(Set(first).count == 300)
        // Not the report order, and both halves of the suite among the first slice.
        #expect(first.map(\.scenario) != plan.jobsInOrder.map(\.scenario.id))
        let firstSlice = first.prefix(32).map(\.scenario)
        #expect(firstSlice.contains { $0.hasPrefix("even.") } && firstSlice.contains { $0.hasPrefix("odd.") })
        let numbers = firstSlice.compactMap { Int($0.split(separator: "s").last ?? "") }
        #expect(numbers.contains { $0 < 150 } && numbers.contains { $0 >= 150 })
    }
}
