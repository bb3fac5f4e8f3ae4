import Foundation
import HarnessCore
import Reporting

/// Measures the harness itself: the built-in suites on an adapter, serial against parallel, and a generated run of
/// many scenarios with streamed reports, sampling memory while it runs to show that it stays flat.
public struct HarnessBenchmark {
    public var suites: [Suite]
    public var adapter: Adapter
    public var generatedScenarios: Int
    public var jobs: Int

    public init(suites: [Suite], adapter: Adapter = .reference, generatedScenarios: Int = 100_000, jobs: Int) {
        self.suites = suites
        self.adapter = adapter
        self.generatedScenarios = generatedScenarios
        self.jobs = jobs
    }

    /// The time of one whole run of `suites` on `adapters` (default: the benchmark's adapter), best of `rounds`,
    /// with `jobs` workers and no reports.
    public func timeBuiltInSuites(jobs: Int, rounds: Int = 5, adapters: [Adapter]? = nil) throws -> (scenarios: Int, best: Duration) {
        var best = Duration.seconds(1_000_000)
        var count = 0
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let start = clock.now
            let summary = try Runner().run(RunPlan(suites: suites, adapters: adapters ?? [adapter], jobs: jobs), reporter: NullReporter())
            best = min(best, clock.now - start)
            count = summary.total
        }
        return (count, best)
    }

    /// Runs a generated suite of `generatedScenarios` through the JUnit and JSON reporters into `folder`.
    public func generatedRun(into folder: String) throws -> GeneratedRunFigures {
        let suite = Self.generatedSuite(count: generatedScenarios)
        let sampler = MemorySampler(every: max(1, generatedScenarios / 10))
        let junit = (folder as NSString).appendingPathComponent("junit.xml")
        let json = (folder as NSString).appendingPathComponent("results.json")
        let clock = ContinuousClock()
        let rssBefore = MemorySampler.residentBytes()
        let start = clock.now
        let summary = try Runner().run(
            RunPlan(suites: [suite], adapters: [adapter], jobs: jobs),
            reporter: MultiReporter([JUnitReporter(path: junit), JSONResultsReporter(path: json), sampler])
        )
        let elapsed = clock.now - start
        let size = (try? FileManager.default.attributesOfItem(atPath: junit)[.size] as? Int) ?? 0
        return GeneratedRunFigures(
            scenarios: summary.total, passed: summary.passed, elapsed: elapsed, junitBytes: size,
            residentBeforeRun: rssBefore, residentSamples: sampler.samples, peakResident: MemorySampler.peakResidentBytes()
        )
    }

    public struct GeneratedRunFigures {
        public var scenarios: Int
        public var passed: Int
        public var elapsed: Duration
        public var junitBytes: Int
        public var residentBeforeRun: Int
        /// Resident memory after each tenth of the results.
        public var residentSamples: [Int]
        public var peakResident: Int
    }

    /// Scenarios in the shape of the built-in ones: a native login, a web view load, two expectations.
    public static func generatedSuite(count: Int) -> Suite {
        let location = SuiteLocation(file: "generated", line: 1)
        let origins = [
            Origin(url: "https://login.example.com", routes: [
                Route(path: "/login", status: 302, setCookies: ["sid=abc; Domain=example.com; Secure; HttpOnly"], location: "https://app.example.com/home"),
            ]),
            Origin(url: "https://app.example.com", routes: [Route(path: "/home", setCookies: ["seen=1; Max-Age=600"])]),
        ]
        let scenarios = (0..<count).map { index in
            Scenario(id: "generated.s\(index)", title: "generated scenario \(index)", tags: ["generated"], steps: [
                Step(.nativeSetCookie(url: "https://app.example.com/", setCookie: "n=\(index)"), location: location),
                Step(.load(Request(url: "https://login.example.com/login")), location: location),
                Step(.expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(contains: ["sid=abc", "n=\(index)"])))), location: location),
                Step(.expect(.store(StoreExpectation(store: .webView, name: "seen", persistent: true))), location: location),
            ], location: location)
        }
        return Suite(id: "generated", title: "generated", file: "generated", origins: origins, scenarios: scenarios)
    }
}

/// A reporter that does nothing: timing the runner alone.
final class NullReporter: ResultReporter {
    func begin(_ run: RunInfo) throws {}
    func report(_ result: ScenarioResult) throws {}
    func finish(_ summary: RunSummary) throws {}
}

/// Samples resident memory every `every` results.
final class MemorySampler: ResultReporter {
    private let every: Int
    private var count = 0
    private(set) var samples: [Int] = []

    init(every: Int) { self.every = every }

    func begin(_ run: RunInfo) throws {}
    func report(_ result: ScenarioResult) throws {
        count += 1
        if count % every == 0 { samples.append(Self.residentBytes()) }
    }
    func finish(_ summary: RunSummary) throws {}

    /// VmRSS from /proc/self/status.
    static func residentBytes() -> Int { procStatus("VmRSS:") }
    /// VmHWM (the peak resident set) from /proc/self/status.
    static func peakResidentBytes() -> Int { procStatus("VmHWM:") }

    private static func procStatus(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) })
        else { return 0 }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}
