import CookieModel
import HarnessCore
import Reporting
import Locking
import Testing

@Suite("the runner")
struct RunnerTests {
    private func manyScenarios(_ count: Int) -> Suite {
        Fixtures.suite((0..<count).map { i in
            Fixtures.scenario("t.s\(i)", tags: i % 2 == 0 ? ["even"] : ["odd"], [
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "n=\(i)"),
                .nativeRequest(Request(url: "https://app.example.com/home")),
                .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(equals: "n=\(i)")))),
            ])
        })
    }

    @Test("parallel jobs report in scenario order, every scenario once, all independent")
    func orderAndIndependence() throws {
        let reporter = CollectingReporter()
        let summary = try Runner().run(RunPlan(suites: [manyScenarios(200)], adapters: [.reference], jobs: 4), reporter: reporter)
        #expect(reporter.results.map(\.scenarioID) == (0..<200).map { "t.s\($0)" })
        #expect(summary.passed == 200)
        #expect(summary.unexpected == 0)
        #expect(reporter.summary == summary)
    }

    @Test("shards are disjoint and together cover every scenario")
    func shards() throws {
        var seen: [String] = []
        for index in 1...3 {
            let reporter = CollectingReporter()
            _ = try Runner().run(RunPlan(suites: [manyScenarios(60)], adapters: [.reference], shard: (index, 3)), reporter: reporter)
            #expect(!reporter.results.isEmpty)
            seen += reporter.results.map(\.scenarioID)
        }
        #expect(seen.count == 60)
        #expect(Set(seen).count == 60)
    }

    @Test("filters by id glob and by tag")
    func selection() throws {
        let reporter = CollectingReporter()
        _ = try Runner().run(RunPlan(suites: [manyScenarios(30)], adapters: [.reference], filters: ["t.s1*"], tags: ["odd"]), reporter: reporter)
        #expect(reporter.results.map(\.scenarioID) == ["t.s1", "t.s11", "t.s13", "t.s15", "t.s17", "t.s19"])
    }

    @Test("a hanging adapter becomes an error result and the run goes on")
    func timeLimit() throws {
        let hanging = Adapter(info: AdapterInfo(name: "hang", version: "0"), summary: "", capabilities: Set(Capability.allCases)) { env in
            HangingApp(seconds: 3)
        }
        let reporter = CollectingReporter()
        let summary = try Runner().run(
            RunPlan(suites: [manyScenarios(3)], adapters: [hanging, .reference], jobs: 2, timeLimit: .milliseconds(200)),
            reporter: reporter)
        #expect(summary.errored == 3)
        #expect(summary.passed == 3)
        #expect(reporter.results.map(\.adapter.name) == ["hang", "hang", "hang", "reference", "reference", "reference"])
        guard case .errored(let detail) = reporter.results[0].status else {
            Issue.record("expected an error")
            return
        }
        #expect(detail.hasPrefix("time limit of 0.2 seconds exceeded"))
    }

    @Test("behind a scenario that hangs, the other workers stop after a bounded number of results waiting")
    func boundedWaitingResults() throws {
        final class Counter: Sendable {
            let value = Locked(0)
        }
        let started = Counter()
        let reference = Adapter.reference
        // Its first scenario hangs past the time limit; every other one is the reference jar's, counted.
        let firstHangs = Adapter(info: AdapterInfo(name: "first-hangs", version: "0"), summary: "", capabilities: reference.capabilities) { env in
            let number = started.value.withLock { count -> Int in
                defer { count += 1 }
                return count
            }
            return number == 0 ? HangingApp(seconds: 3) : try reference.makeApp(env)
        }
        final class StartsAtFirstResult: ResultReporter, @unchecked Sendable {
            let started: Counter
            var startsWhenFirstDelivered: Int?
            init(_ started: Counter) { self.started = started }
            func begin(_ run: RunInfo) throws {}
            func report(_ result: ScenarioResult) throws {
                if startsWhenFirstDelivered == nil { startsWhenFirstDelivered = started.value.withLock { $0 } }
            }
            func finish(_ summary: RunSummary) throws {}
        }
        let reporter = StartsAtFirstResult(started)
        var runner = Runner()
        runner.maximumResultsWaiting = 8
        let summary = try runner.run(
            RunPlan(suites: [manyScenarios(400)], adapters: [firstHangs], jobs: 2, timeLimit: .milliseconds(300)),
            reporter: reporter)
        #expect(summary.errored == 1)
        #expect(summary.passed == 399)
        // Without the bound the other worker runs hundreds of scenarios in 300 ms; with it, 8 at most wait.
        let starts = try #require(reporter.startsWhenFirstDelivered)
        #expect(starts <= 8 + 2, "\(starts) scenarios had started when the hanging one's result was delivered")
    }

    @Test("expected failures are not unexpected; an unexpected pass is")
    func expectations() throws {
        let reporter = CollectingReporter()
        let failing = Fixtures.scenario("t.fails", [
            .nativeRequest(Request(url: "https://app.example.com/home")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(contains: ["x"])))),
        ])
        let passing = Fixtures.scenario("t.passes", [.nativeRequest(Request(url: "https://app.example.com/home"))])
        let plan = RunPlan(suites: [Fixtures.suite([failing, passing])], adapters: [.reference]) { _, _ in
            ExpectedStatus(.fail, reason: "known")
        }
        let summary = try Runner().run(plan, reporter: reporter)
        #expect(summary.expectedFailures == 1)
        #expect(summary.unexpectedPasses == 1)
        #expect(summary.unexpected == 1)
        #expect(reporter.results.map(\.isUnexpected) == [false, true])
    }
}
