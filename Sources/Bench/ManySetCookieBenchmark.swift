import Foundation
import HarnessCore

/// One response carrying many `Set-Cookie` lines, on web-view adapters against the reference adapter in the same
/// run: the simulated engine folds the lines into `allHeaderFields` (DESIGN §6 rule 5) and strategies split them
/// back, which must stay linear in the response's bytes (it was quadratic: 7,000 lines of 4 KB took minutes).
package struct ManySetCookieBenchmark {
    package var adapters: [Adapter]
    package var reference: Adapter
    /// Bytes of each `Set-Cookie` line.
    package var lineBytes: Int

    package init(adapters: [Adapter], reference: Adapter = .reference, lineBytes: Int = 4096) {
        self.adapters = adapters
        self.reference = reference
        self.lineBytes = lineBytes
    }

    package struct Figure {
        package var adapter: String
        package var lines: Int
        package var seconds: Double
        /// This adapter's time over the reference adapter's, for the same response.
        package var ratio: Double
        package var status: String
    }

    /// For each count of lines: the reference first, then each adapter, one run each (no reports).
    package func run(lines counts: [Int]) throws -> [Figure] {
        var figures: [Figure] = []
        for count in counts {
            let suite = Self.suite(lines: count, lineBytes: lineBytes)
            var referenceSeconds = 0.0
            for adapter in [reference] + adapters {
                let (seconds, status) = try time(suite, on: adapter)
                if adapter.name == reference.name { referenceSeconds = seconds }
                figures.append(Figure(
                    adapter: adapter.name, lines: count, seconds: seconds, ratio: seconds / max(referenceSeconds, 1e-9),
                    status: status))
            }
        }
        return figures
    }

    private func time(_ suite: Suite, on adapter: Adapter) throws -> (Double, String) {
        let recorder = StatusRecorder()
        let session = RunSession()
        defer { session.end() }
        let clock = ContinuousClock()
        let start = clock.now
        _ = try session.run(
            RunPlan(suites: [suite], adapters: [adapter], jobs: 1, timeLimit: .seconds(3600)), reporter: recorder)
        let elapsed = clock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, recorder.status)
    }

    /// A web view loads a page whose response sets `lines` cookies of `lineBytes` bytes each (an `Expires` date with
    /// its comma in every one), then a second page that must carry the first of them.
    package static func suite(lines: Int, lineBytes: Int) -> Suite {
        let location = SuiteLocation(file: "generated", line: 1)
        let tail = "; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT"
        let setCookies = (0..<lines).map { index in
            let head = "c\(index)="
            return head + String(repeating: "v", count: max(1, lineBytes - head.utf8.count - tail.utf8.count)) + tail
        }
        let origins = [
            Origin(url: "https://app.example.com", routes: [Route(path: "/many", setCookies: setCookies), Route(path: "/next")])
        ]
        let scenario = Scenario(id: "many-set-cookie.lines", title: "\(lines) Set-Cookie lines in one response", tags: ["generated"], steps: [
            Step(.openWebView(WebViewOptions()), location: location),
            Step(.load(Request(url: "https://app.example.com/many")), location: location),
            Step(.load(Request(url: "https://app.example.com/next")), location: location),
        ], location: location)
        return Suite(id: "many-set-cookie", title: "many Set-Cookie lines", file: "generated", origins: origins, scenarios: [scenario])
    }
}

/// The status of the last result.
private final class StatusRecorder: ResultReporter {
    var status = "none"
    func begin(_ run: RunInfo) throws {}
    func report(_ result: ScenarioResult) throws { status = result.status.name }
    func finish(_ summary: RunSummary) throws {}
}
