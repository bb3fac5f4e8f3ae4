import Foundation
import HarnessCore
import Reporting
import SuiteFormat
import TestSupport
import Testing

/// Suites that are not kept in memory: outlines, reading a file again when the run reaches it, duplicate ids
/// across files, and a file that changes or disappears during the run.
@Suite("the suite index")
struct SuiteIndexTests {
    /// A suite file `id` with `count` scenarios: a native cookie, then a request that must carry it.
    static func suiteFile(_ id: String, count: Int, firstScenario: Int = 0) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <suite xmlns="urn:cookieharness:suite:1" id="\(id)" title="generated \(id)">
              <origin url="https://app.example.com"><route path="/home"/></origin>

            """
        for i in firstScenario..<(firstScenario + count) {
            text += """
                  <scenario id="\(id).s\(i)" tags="\(i % 2 == 0 ? "even" : "odd") generated">
                    <title>scenario \(i)</title>
                    <native-set-cookie url="https://app.example.com/">n=\(i)</native-set-cookie>
                    <native-request url="https://app.example.com/home"/>
                    <expect-request url="https://app.example.com/home" equals="n=\(i)"/>
                  </scenario>

                """
        }
        return text + "</suite>\n"
    }

    /// Three files of 4, 5 and 6 scenarios in a fresh sandbox.
    static func threeFiles() throws -> TestDirectory {
        let sandbox = try TestDirectory()
        try sandbox.write("a.xml", suiteFile("a", count: 4))
        try sandbox.write("b.xml", suiteFile("b", count: 5))
        try sandbox.write("c.xml", suiteFile("c", count: 6))
        return sandbox
    }

    @Test("an outline keeps each scenario's id and tags in file order")
    func outline() throws {
        let sandbox = try Self.threeFiles()
        let index = try SuiteDocuments.loader().index([sandbox.path], retainingScenarios: 0)
        #expect(index.outlines.map(\.id) == ["a", "b", "c"])
        #expect(index.scenarioCount == 15)
        #expect(Array(index.scenarioIDs).prefix(5) == ["a.s0", "a.s1", "a.s2", "a.s3", "b.s0"])
        #expect(index.outlines[1].tags(at: 1) == ["odd", "generated"])
        #expect(index.outlines[1].tags(at: 2) == ["even", "generated"])
        #expect(index.outlines.indices.allSatisfy { !index.isRetained($0) })
    }

    @Test("suites are kept whole until the limit, outlines after it")
    func retention() throws {
        let sandbox = try Self.threeFiles()
        let index = try SuiteDocuments.loader().index([sandbox.path], retainingScenarios: 9)
        #expect(index.outlines.indices.map(index.isRetained) == [true, true, false])
        let reread = try index.suite(at: 2)
        #expect(reread.scenarios.map(\.id) == (0..<6).map { "c.s\($0)" })
    }

    @Test("a run over outlines gives the results of a run over kept suites, in the same order")
    func runFromOutlines() throws {
        let sandbox = try Self.threeFiles()
        let loader = try SuiteDocuments.loader()
        func run(retaining limit: Int) throws -> [String] {
            let plan = RunPlan(
                index: try loader.index([sandbox.path], retainingScenarios: limit), adapters: [.reference, .reference],
                tags: ["odd"], jobs: 2)
            #expect(plan.jobCount == 14)
            let reporter = CollectingReporter()
            let summary = try Runner().run(plan, reporter: reporter)
            #expect(summary.passed == 14)
            return reporter.results.map { "\($0.adapter.name) \($0.suiteID) \($0.scenarioID) \($0.title)" }
        }
        let kept = try run(retaining: .max)
        #expect(kept.first == "reference a a.s1 scenario 1")
        #expect(try run(retaining: 0) == kept)
    }

    @Test("a file changed or removed during the run makes its scenarios errors, and the run goes on")
    func fileChangedDuringTheRun() throws {
        let sandbox = try Self.threeFiles()
        let index = try SuiteDocuments.loader().index([sandbox.path], retainingScenarios: 4)
        try sandbox.write("b.xml", Self.suiteFile("b", count: 5, firstScenario: 1))
        try FileManager.default.removeItem(atPath: sandbox.path + "/c.xml")
        let reporter = CollectingReporter()
        let summary = try Runner().run(RunPlan(index: index, adapters: [.reference]), reporter: reporter)
        #expect(summary.passed == 4)
        #expect(summary.errored == 11)
        guard case .errored(let changed) = reporter.results[4].status else {
            Issue.record("b.s0 should be an error: \(reporter.results[4].status)")
            return
        }
        #expect(changed.contains("b.xml changed during the run: scenario 1 of the file is no longer b.s0"), "\(changed)")
        guard case .errored(let removed) = reporter.results[14].status else {
            Issue.record("c.s5 should be an error: \(reporter.results[14].status)")
            return
        }
        #expect(removed.contains("c.xml could not be read again during the run"), "\(removed)")
    }

    @Test("a duplicate id in a file that is not kept names the first definition's file, line and column")
    func duplicateAcrossFiles() throws {
        let sandbox = try TestDirectory()
        try sandbox.write("a.xml", Self.suiteFile("a", count: 3))
        try sandbox.write("b.xml", Self.suiteFile("a", count: 2, firstScenario: 2))  // a.s2 again, first in the file
        let error = try #require(throws: SuiteLoadingError.self) {
            _ = try SuiteDocuments.loader().index([sandbox.path], retainingScenarios: 0)
        }
        let message = error.description
        #expect(message.contains("b.xml:4:"), "\(message)")
        #expect(message.contains("duplicate scenario id \"a.s2\": first defined at \(sandbox.path)/a.xml:16:"), "\(message)")
    }

    @Test("after an interruption the scenarios not run are reported from their outlines, no file read again")
    func interruptedFromOutlines() throws {
        let sandbox = try Self.threeFiles()
        let index = try SuiteDocuments.loader().index([sandbox.path], retainingScenarios: 0)
        try FileManager.default.removeItem(atPath: sandbox.path + "/c.xml")
        var cursor = JobCursor(RunPlan(index: index, adapters: [.reference]))
        var jobs: [RunPlan.Job] = []
        while let job = cursor.next(reading: false) { jobs.append(job) }
        #expect(jobs.count == 15)
        #expect(jobs.allSatisfy { $0.isOutlineOnly && $0.unreadable == nil })
        #expect(jobs.last?.scenario.id == "c.s5")
        #expect(jobs.last?.scenario.tags == ["odd", "generated"])
    }
}
