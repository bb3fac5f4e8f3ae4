import Foundation
import HarnessCore

/// The real engines side by side (issue 21): scenarios per second of each browser adapter and of a live WebKitGTK
/// strategy on the same suites, with the same number of drivers, each engine's drivers started and warmed up first
/// (a browser's start, seconds, is not what a row measures).
package struct BrowserBenchmark {
    package var suites: [Suite]
    /// The engines, one row each, in this order (e.g. `chromium`, `firefox`, `wk-combined@webkitgtk-live`).
    package var engines: [Adapter]
    package var jobs: Int

    package init(suites: [Suite], engines: [Adapter], jobs: Int) {
        self.suites = suites
        self.engines = engines
        self.jobs = jobs
    }

    /// One engine's run: scenarios that ran (skips not counted) and the time.
    package struct Row: Sendable {
        package var adapter: String
        package var figure: LiveEngineBenchmark.Figure
    }

    package func run() throws -> [Row] {
        try engines.map { engine in
            let warmUp = RunPlan(suites: suites, adapters: [engine], filters: ["first-request.*"], jobs: jobs)
            _ = try RunSession.run(warmUp, reporter: NullReporter())
            return Row(adapter: engine.name, figure: try .measuring([engine], on: suites, jobs: jobs))
        }
    }
}
