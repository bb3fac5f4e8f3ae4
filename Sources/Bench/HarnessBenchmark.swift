import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// Measures the harness itself: the built-in suites on an adapter, serial against parallel, and a generated run of
/// many scenarios with streamed reports, sampling memory while it runs to show that it stays flat.
package struct HarnessBenchmark {
    package var suites: [Suite]
    package var adapter: Adapter
    package var generatedScenarios: Int
    package var jobs: Int

    package init(suites: [Suite], adapter: Adapter = .reference, generatedScenarios: Int = 100_000, jobs: Int) {
        self.suites = suites
        self.adapter = adapter
        self.generatedScenarios = generatedScenarios
        self.jobs = jobs
    }

    /// The time of one whole run of `suites` on `adapters` (default: the benchmark's adapter), best of `rounds`,
    /// with `jobs` workers and no reports.
    package func timeBuiltInSuites(jobs: Int, rounds: Int = 5, adapters: [Adapter]? = nil) throws -> (scenarios: Int, best: Duration) {
        var best = Duration.seconds(1_000_000)
        var count = 0
        let clock = ContinuousClock()
        // One session for every round, ended after the last: its end is not part of a round's time.
        let session = RunSession()
        defer { session.end() }
        for _ in 0..<rounds {
            let start = clock.now
            let summary = try session.run(RunPlan(suites: suites, adapters: adapters ?? [adapter], jobs: jobs), reporter: NullReporter())
            best = min(best, clock.now - start)
            count = summary.total
        }
        return (count, best)
    }

    /// Runs a generated suite of `generatedScenarios` through the JUnit and JSON reporters into `folder`.
    package func generatedRun(into folder: String) throws -> GeneratedRunFigures {
        let suite = Self.generatedSuite(count: generatedScenarios)
        let sampler = MemorySampler(every: max(1, generatedScenarios / 10))
        let junit = (folder as NSString).appendingPathComponent("junit.xml")
        let json = (folder as NSString).appendingPathComponent("results.json")
        let clock = ContinuousClock()
        let rssBefore = MemorySampler.residentBytes()
        let session = RunSession()
        defer { session.end() }
        let start = clock.now
        let summary = try session.run(
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

    package struct GeneratedRunFigures {
        package var scenarios: Int
        package var passed: Int
        package var elapsed: Duration
        package var junitBytes: Int
        package var residentBeforeRun: Int
        /// Resident memory after each tenth of the results.
        package var residentSamples: [Int]
        package var peakResident: Int
    }

    /// How a run of suite files on disk fares when every suite is kept whole (as before the index) and when only
    /// outlines are kept past ``SuiteIndex/retainedScenarioLimit`` and files are read again when run.
    package struct OnDiskFigures {
        /// "kept whole" or "indexed".
        package var label: String
        package var scenarios: Int
        package var passed: Int
        /// Loading (parse, schema, model) and running with JUnit and JSON reports, together.
        package var elapsed: Duration
        /// The peak resident set of this phase alone: what earlier phases freed is returned to the system and the
        /// peak reset (`/proc/self/clear_refs`) before it.
        package var peakResident: Int
    }

    /// Writes `files` suite files of `perFile` generated scenarios into `folder` (``generatedSuiteFile(_:scenarios:)``),
    /// then loads and runs them twice with JUnit and JSON reports: every suite kept whole, then indexed.
    ///
    /// - Parameter loader: The loader (its schema) the CLI uses.
    package func onDiskRuns(into folder: String, files: Int, perFile: Int, loader: SuiteLoader) throws -> [OnDiskFigures] {
        let suites = (folder as NSString).appendingPathComponent("suites")
        try FileManager.default.createDirectory(atPath: suites, withIntermediateDirectories: true)
        for file in 0..<files {
            let path = (suites as NSString).appendingPathComponent(String(format: "gen%04d.xml", file))
            try Data(Self.generatedSuiteFile(file, scenarios: perFile).utf8).write(to: URL(fileURLWithPath: path))
        }
        let clock = ContinuousClock()
        let session = RunSession()
        defer { session.end() }
        var figures: [OnDiskFigures] = []
        for (label, limit) in [("kept whole", Int.max), ("indexed", SuiteIndex.retainedScenarioLimit)] {
            // What earlier phases freed goes back first, or it would be counted here (glibc keeps it otherwise).
            SuiteLoader.returnFreedMemory()
            MemorySampler.resetPeakResident()
            let start = clock.now
            let index = try loader.index([suites], retainingScenarios: limit)
            let summary = try session.run(
                RunPlan(index: index, adapters: [adapter], jobs: jobs),
                reporter: MultiReporter([
                    JUnitReporter(path: (folder as NSString).appendingPathComponent("junit.xml")),
                    JSONResultsReporter(path: (folder as NSString).appendingPathComponent("results.json")),
                ]))
            figures.append(OnDiskFigures(
                label: label, scenarios: summary.total, passed: summary.passed, elapsed: clock.now - start,
                peakResident: MemorySampler.peakResidentBytes()))
        }
        return figures
    }

    /// Suite file number `file` with `scenarios` scenarios in the generated shape (docs/big-suites.md's generator):
    /// a native cookie, a 302 login setting a domain cookie, one request expectation; 334 bytes a scenario.
    package static func generatedSuiteFile(_ file: Int, scenarios: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <suite xmlns="urn:cookieharness:suite:1" id="gen\(file)" title="generated \(file)">
              <origin url="https://login.example.com">
                <route path="/login" status="302" location="https://app.example.com/home">
                  <set-cookie>sid=abc; Domain=example.com; Secure; HttpOnly</set-cookie>
                </route>
              </origin>
              <origin url="https://app.example.com"><route path="/home"><set-cookie>seen=1; Max-Age=600</set-cookie></route></origin>

            """
        for index in 0..<scenarios {
            text += """
                  <scenario id="gen\(file).s\(index)" tags="generated">
                    <title>generated scenario \(index)</title>
                    <native-set-cookie url="https://app.example.com/">n=\(index)</native-set-cookie>
                    <open-web-view/>
                    <load url="https://login.example.com/login"/>
                    <expect-request url="https://app.example.com/home" contains="sid=abc n=\(index)"/>
                  </scenario>

                """
        }
        return text + "</suite>\n"
    }

    /// Scenarios in the shape of the built-in ones: a native login, a web view load, two expectations.
    package static func generatedSuite(count: Int) -> Suite {
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

    /// Resets VmHWM to the current resident set (Linux: `5` written to `/proc/self/clear_refs`), so that the next
    /// ``peakResidentBytes()`` is the peak of what follows alone.
    static func resetPeakResident() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    private static func procStatus(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) })
        else { return 0 }
        return bytes(inStatusLine: line)
    }

    /// The size a `/proc/self/status` line gives, in bytes. "VmHWM:\t 1234567 kB": the number is right-aligned in 8
    /// columns after a tab, so from 10 GB on the tab touches it; both separate.
    static func bytes(inStatusLine line: Substring) -> Int {
        (line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }.first ?? 0) * 1024
    }
}
