import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@Suite("JSONResultsReporter")
struct JSONResultsReporterTests {
    @Test func writesOneRecordPerResultThatParsesBack() throws {
        let directory = try TestDirectory()
        let path = directory.file("results.json")
        try Fixtures.feed(Fixtures.smallRun, to: JSONResultsReporter(path: path))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let records = try JSONDecoder().decode([JSONResultRecord].self, from: data)
        try #require(records.count == Fixtures.smallRun.count)
        #expect(records == Fixtures.smallRun.map(JSONResultRecord.init))
        #expect(records.map(\.scenario).first == "basic.first-request")

        let regression = records[1]
        #expect(regression.adapter == "reference")
        #expect(regression.suite == "basic")
        #expect(regression.status == "fail")
        #expect(regression.expectedStatus == "pass")
        #expect(regression.unexpected)
        #expect(regression.securityRelevant)
        #expect(regression.location == "Suites/basic.xml:14")
        #expect(regression.durationSeconds == 1.23456)
        #expect(regression.transcript == Fixtures.hostileTranscript)

        let unexpectedPass = records[6]
        #expect(unexpectedPass.expectedStatus == "fail")
        #expect(unexpectedPass.expectedReason == "WKWebView keeps its own store")
        #expect(unexpectedPass.message == "unexpected pass: expected to fail because WKWebView keeps its own store")
    }

    @Test func generalJSONParserReadsIt() throws {
        let directory = try TestDirectory()
        let path = directory.file("results.json")
        try Fixtures.feed(Fixtures.smallRun, to: JSONResultsReporter(path: path))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let array = try #require(object as? [[String: Any]])
        try #require(array.count == Fixtures.smallRun.count)
        #expect(array[2]["status"] as? String == "skip")
        #expect(array[2]["message"] as? String == "needs capability javascript")
    }

    @Test func emptyRunIsAnEmptyArray() throws {
        let directory = try TestDirectory()
        let path = directory.file("results.json")
        try Fixtures.feed([], to: JSONResultsReporter(path: path))
        #expect(try JSONDecoder().decode([JSONResultRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path))) == [])
    }

    @Test func destinationAppearsOnlyAtFinish() throws {
        let directory = try TestDirectory()
        let reporter = JSONResultsReporter(path: directory.file("results.json"))
        try reporter.begin(Fixtures.run)
        for result in Fixtures.smallRun { try reporter.report(result) }
        #expect(try !directory.entries().contains("results.json"))
        try reporter.finish(Fixtures.summary(of: Fixtures.smallRun))
        #expect(try directory.entries() == ["results.json"])
    }

    @Test func unfinishedReporterLeavesNothing() throws {
        let directory = try TestDirectory()
        do {
            let reporter = JSONResultsReporter(path: directory.file("results.json"))
            try reporter.begin(Fixtures.run)
            try reporter.report(Fixtures.smallRun[0])
        }
        #expect(try directory.entries() == [])
    }
}
