import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing
import XMLSupport

@Suite("JUnitReporter")
struct JUnitReporterTests {
    /// Writes the small run and returns the directory (kept alive by the caller) and the parsed report.
    private func writeSmallRun() throws -> (TestDirectory, XMLTree) {
        let directory = try TestDirectory()
        let path = directory.file("junit.xml")
        try Fixtures.feed(Fixtures.smallRun, to: JUnitReporter(path: path))
        return (directory, try XMLTree.parse(contentsOf: path))
    }

    private func testCase(_ tree: XMLTree, _ suite: String, _ name: String) throws -> XMLTree.Element {
        let testsuite = try #require(tree.root.elements(named: "testsuite").first { $0[attribute: "name"] == suite })
        return try #require(testsuite.elements(named: "testcase").first { $0[attribute: "name"] == name })
    }

    @Test func smallRunValidatesAgainstJenkinsSchema() throws {
        let directory = try TestDirectory()
        let path = directory.file("junit.xml")
        try Fixtures.feed(Fixtures.smallRun, to: JUnitReporter(path: path))
        try expectValidJUnit(path)
    }

    @Test func oneFlatTestsuitePerAdapterAndSuiteWithRightCounts() throws {
        let (_, tree) = try writeSmallRun()
        #expect(tree.root.name == "testsuites")
        #expect(tree.root[attribute: "tests"] == "9")
        #expect(tree.root[attribute: "failures"] == "2")
        #expect(tree.root[attribute: "errors"] == "1")
        let suites = tree.root.elements(named: "testsuite")
        try #require(suites.count == 4)
        let counts = suites.map { suite in
            ["name", "tests", "failures", "errors", "skipped"].map { suite[attribute: $0] ?? "-" }
        }
        #expect(
            counts == [
                ["reference.basic", "3", "1", "0", "1"],
                ["reference.redirect", "2", "0", "1", "1"],
                ["wk-user-script.basic", "2", "1", "0", "0"],
                ["wk-user-script.redirect", "2", "0", "0", "1"],
            ]
        )
        for suite in suites {
            #expect(suite.elements(named: "testsuite").isEmpty)
            #expect(suite.elements(named: "testcase").count == Int(suite[attribute: "tests"] ?? ""))
            #expect(suite.elements.first?.name == "properties")
            for testCase in suite.elements(named: "testcase") {
                #expect(testCase[attribute: "classname"] == suite[attribute: "name"])
            }
        }
        #expect(suites[0][attribute: "time"] == "1.259")
        #expect(suites[0][attribute: "timestamp"] == "2026-01-01T00:00:00Z")
        #expect(suites[0][attribute: "hostname"] == "ci-host")
    }

    @Test func propertiesNameTheAdapter() throws {
        let (_, tree) = try writeSmallRun()
        let suite = try #require(
            tree.root.elements(named: "testsuite").first { $0[attribute: "name"] == "wk-user-script.basic" }
        )
        let properties = try #require(suite.elements(named: "properties").first).elements(named: "property")
        let values = Dictionary(uniqueKeysWithValues: properties.map { ($0[attribute: "name"]!, $0[attribute: "value"]!) })
        #expect(values["adapter"] == "wk-user-script")
        #expect(values["adapter-version"] == "0.3.0")
        #expect(values["profile"] == "ios-17")
        #expect(values["spec-profile"] == "rfc6265bis")
        #expect(values["unexpected-results"] == "1")
    }

    @Test func regressionIsAFailureWithLocationAndVisiblyEscapedTranscript() throws {
        let (_, tree) = try writeSmallRun()
        let testCase = try testCase(tree, "reference.basic", "basic.httponly-hidden")
        #expect(testCase[attribute: "time"] == "1.235")
        let failure = try #require(testCase.elements(named: "failure").first)
        #expect(failure[attribute: "type"] == "regression")
        #expect(failure[attribute: "message"] == "[security] expected document.cookie without sid, observed sid=a")
        #expect(failure.text.contains("at Suites/basic.xml:14"))
        #expect(failure.text.contains("observed: (no Cookie header)"))
        #expect(failure.text.contains("Set-Cookie: sid=a\\u{0001}b; Path=/"))
        #expect(failure.text.contains("<![CDATA[ x ]]> & <tag>"))
    }

    @Test func skipCarriesTheReason() throws {
        let (_, tree) = try writeSmallRun()
        let testCase = try testCase(tree, "reference.basic", "basic.javascript")
        try #require(testCase.elements.map(\.name) == ["skipped"])
        #expect(testCase.elements[0][attribute: "message"] == "needs capability javascript")
        #expect(testCase.elements[0][attribute: "type"] == "unsupported")
    }

    @Test func passHasNoChildren() throws {
        let (_, tree) = try writeSmallRun()
        #expect(try testCase(tree, "reference.basic", "basic.first-request").elements.isEmpty)
    }

    @Test func unexpectedErrorIsAnError() throws {
        let (_, tree) = try writeSmallRun()
        let error = try #require(try testCase(tree, "reference.redirect", "redirect.302").elements.first)
        #expect(error.name == "error")
        #expect(error[attribute: "type"] == "regression")
        #expect(error[attribute: "message"] == "adapter crashed: signal 11\\u{0001}")
    }

    @Test func expectedFailureIsSkippedWithDetailsInSystemOut() throws {
        let (_, tree) = try writeSmallRun()
        let testCase = try testCase(tree, "reference.redirect", "redirect.cross-domain")
        try #require(testCase.elements.map(\.name) == ["skipped", "system-out"])
        #expect(testCase.elements[0][attribute: "message"] == "expected failure: no cross-domain sync")
        #expect(testCase.elements[0][attribute: "type"] == "expected-failure")
        #expect(testCase.elements[1].text.hasPrefix("expected Cookie: sid=1, observed none\nat Suites/basic.xml:14"))
        #expect(testCase.elements[1].text.contains("observed: (no Cookie header)"))

        let expectedError = try self.testCase(tree, "wk-user-script.redirect", "redirect.302")
        try #require(expectedError.elements.map(\.name) == ["skipped", "system-out"])
        #expect(expectedError.elements[0][attribute: "message"] == "expected failure: the engine hangs on 302")
        #expect(expectedError.elements[0][attribute: "type"] == "expected-error")
    }

    @Test func unexpectedPassIsAFailure() throws {
        let (_, tree) = try writeSmallRun()
        let failure = try #require(try testCase(tree, "wk-user-script.basic", "basic.after-login").elements.first)
        #expect(failure.name == "failure")
        #expect(failure[attribute: "type"] == "unexpected-pass")
        #expect(failure[attribute: "message"] == "unexpected pass: expected to fail because WKWebView keeps its own store")
    }

    @Test func destinationAppearsOnlyAtFinishAndNoTemporaryFileRemains() throws {
        let directory = try TestDirectory()
        let reporter = JUnitReporter(path: directory.file("junit.xml"))
        try reporter.begin(Fixtures.run)
        for result in Fixtures.smallRun {
            try reporter.report(result)
            #expect(try directory.entries() == [])
        }
        try reporter.finish(Fixtures.summary(of: Fixtures.smallRun))
        #expect(try directory.entries() == ["junit.xml"])
    }

    @Test func unfinishedReporterLeavesNothingAndKeepsAnOldReport() throws {
        let directory = try TestDirectory()
        let path = directory.file("junit.xml")
        try Data("old report".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let reporter = JUnitReporter(path: path)
            try reporter.begin(Fixtures.run)
            for result in Fixtures.smallRun { try reporter.report(result) }
        }
        #expect(try directory.entries() == ["junit.xml"])
        #expect(try directory.read("junit.xml") == "old report")

        let other = try TestDirectory()
        do {
            let reporter = JUnitReporter(path: other.file("junit.xml"))
            try reporter.begin(Fixtures.run)
            try reporter.report(Fixtures.smallRun[0])
        }
        #expect(try other.entries() == [])
    }

    @Test func directoryDestinationIsRefusedAndLeavesNoTemporaryFile() throws {
        let directory = try TestDirectory()
        // A directory where the report should go: refused at `begin`, before anything is written (it used to
        // fail only at the final rename).
        let path = directory.file("junit.xml")
        try FileManager.default.createDirectory(atPath: path + "/occupied", withIntermediateDirectories: true)
        let reporter = JUnitReporter(path: path)
        let error = try #require(throws: ReportError.self) { try Fixtures.feed(Fixtures.smallRun, to: reporter) }
        #expect(error.code == .invalidUse)
        #expect(error.description.contains("is a directory"))
        #expect(try directory.entries() == ["junit.xml"])
    }

    @Test func unwritableDirectoryFailsAtBegin() throws {
        let directory = try TestDirectory()
        let reporter = JUnitReporter(path: directory.file("missing/junit.xml"))
        let error = try #require(throws: ReportError.self) { try reporter.begin(Fixtures.run) }
        #expect(error.code == .writeFailed)
        #expect(error.message.contains("missing"))
    }

    @Test func callsOutOfOrderAreRefused() throws {
        let directory = try TestDirectory()
        let reporter = JUnitReporter(path: directory.file("junit.xml"))
        let early = try #require(throws: ReportError.self) { try reporter.report(Fixtures.smallRun[0]) }
        #expect(early.code == .invalidUse)
        try Fixtures.feed([], to: reporter)
        #expect(throws: ReportError.self) { try reporter.finish(RunSummary()) }
    }

    @Test func emptyRunIsAValidReport() throws {
        let directory = try TestDirectory()
        let path = directory.file("junit.xml")
        try Fixtures.feed([], to: JUnitReporter(path: path))
        try expectValidJUnit(path)
        #expect(try XMLTree.parse(contentsOf: path).root[attribute: "tests"] == "0")
    }
}
