// Needs Reporting and XMLSupport in CookieStoresTests' dependencies; move into Tests/CookieStoresTests/ then.
import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing
import XMLSupport

@testable import CookieStores

/// A run with crashing, hanging and babbling adapters still writes a complete JUnit report that validates.
@Suite("out-of-process faults in the JUnit report", .timeLimit(.minutes(2)))
struct OutOfProcessJUnitReportTests {
    /// jenkinsci/xunit-plugin's junit-10.xsd, vendored in `Tests/Schemas/junit`.
    static let schemaPath = RepositoryFiles.junitSchema

    @Test("every scenario is a testcase: passes, skips and one error per fault; the file validates")
    func junitReport() throws {
        let directory = try TestDirectory()
        let faulty = try FaultyAdapter.make(in: directory, timeout: .seconds(1))
        defer { faulty.stopIdleProcesses() }
        let triggers = ["crash", "hang", "garbage", "wrong-id", "error"]
        var scenarios = [OutOfProcessSupport.roundTrip("oop.first", set: ["a=1"], expect: "a=1")]
        for trigger in triggers {
            scenarios.append(OutOfProcessSupport.scenario("oop.\(trigger)", [
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "bad=\(trigger)!\u{1}<&>\u{1B}]"),
            ]))
            scenarios.append(OutOfProcessSupport.roundTrip("oop.after-\(trigger)", set: ["b=2"], expect: "b=2"))
        }
        scenarios.append(OutOfProcessSupport.scenario("oop.restart", [.restartApp]))
        let adapters = [faulty.adapter(), try OutOfProcessSupport.pythonCookiejar().adapter()]
        let path = "\(directory.path)/junit.xml"
        let summary = try Runner().run(
            RunPlan(suites: [OutOfProcessSupport.suite(scenarios)], adapters: adapters, jobs: 2),
            reporter: JUnitReporter(path: path))

        // faulty: 5 errors (the garbage line carries characters XML 1.0 forbids), 1 skip (no persistence);
        // python-cookiejar: the faults are plain cookies there, and it restarts.
        #expect(summary.errored == 5)
        #expect(summary.skipped == 1)
        #expect(summary.passed == 2 * scenarios.count - 6)

        let schema = try XMLSchema(contentsOf: Self.schemaPath)
        #expect(try schema.validate(contentsOf: path) == [])
        let tree = try XMLTree.parse(contentsOf: path)
        let suites = tree.root.elements(named: "testsuite")
        #expect(suites.count == 2)
        let cases = suites.flatMap { $0.elements(named: "testcase") }
        #expect(cases.count == 2 * scenarios.count)
        let errors = cases.filter { !$0.elements(named: "error").isEmpty }
        #expect(errors.compactMap { $0[attribute: "name"] } == triggers.map { "oop.\($0)" })
        #expect(errors.allSatisfy { $0[attribute: "classname"] == "faulty.oop" })
        let messages = errors.flatMap { $0.elements(named: "error") }.compactMap { $0[attribute: "message"] }
        #expect(messages.allSatisfy { $0.hasPrefix("external adapter 'faulty' (python3 ") })
        #expect(cases.filter { !$0.elements(named: "skipped").isEmpty }.count == 1)
    }
}
