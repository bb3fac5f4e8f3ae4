import HarnessCore
import Reporting
import Testing

/// Records the events it receives, optionally failing on each.
final class RecordingReporter: ResultReporter {
    struct Boom: Error {}
    var events: [String] = []
    let fails: Bool

    init(fails: Bool = false) { self.fails = fails }

    func begin(_ run: RunInfo) throws {
        events.append("begin")
        if fails { throw Boom() }
    }

    func report(_ result: ScenarioResult) throws {
        events.append(result.scenarioID)
        if fails { throw Boom() }
    }

    func finish(_ summary: RunSummary) throws {
        events.append("finish \(summary.total)")
        if fails { throw Boom() }
    }
}

@Suite("MultiReporter")
struct MultiReporterTests {
    @Test func everyReporterGetsEveryEventInOrder() throws {
        let first = RecordingReporter()
        let second = RecordingReporter()
        let results = Array(Fixtures.smallRun.prefix(2))
        try Fixtures.feed(results, to: MultiReporter([first, second]))
        let expected = ["begin", "basic.first-request", "basic.httponly-hidden", "finish 2"]
        #expect(first.events == expected)
        #expect(second.events == expected)
    }

    @Test func aFailingReporterDoesNotStarveTheOthers() throws {
        let failing = RecordingReporter(fails: true)
        let healthy = RecordingReporter()
        let multi = MultiReporter([failing, healthy])
        #expect(throws: RecordingReporter.Boom.self) { try multi.begin(Fixtures.run) }
        #expect(throws: RecordingReporter.Boom.self) { try multi.report(Fixtures.smallRun[0]) }
        #expect(throws: RecordingReporter.Boom.self) { try multi.finish(RunSummary()) }
        #expect(healthy.events == ["begin", "basic.first-request", "finish 0"])
    }
}
