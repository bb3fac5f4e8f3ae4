import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing
import XMLSupport

@Suite("Streaming a large run")
struct StreamingTests {
    /// 20,000 results over two adapters × ten suites, every outcome represented, each with a short transcript.
    private static func largeRun() -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        results.reserveCapacity(20_000)
        for adapter in [Fixtures.reference, Fixtures.webView] {
            for suite in 0..<10 {
                for index in 0..<1_000 {
                    let status: Status =
                        switch index % 10 {
                        case 0: .failed(Fixtures.failure("expected sid=\(index), observed none"))
                        case 1: .skipped(reason: "needs javascript")
                        case 2: .errored(detail: "adapter hung")
                        default: .passed
                        }
                    let expected: ExpectedStatus = index % 20 == 0 ? ExpectedStatus(.fail, reason: "known") : .pass
                    results.append(
                        Fixtures.result(
                            adapter, "suite\(suite)", "case-\(index)", status, expected: expected,
                            tags: index % 30 == 0 ? ["security"] : [], duration: .microseconds(index * 37),
                            transcript: ["→ GET https://s\(suite).example/\(index)", "← 200 Set-Cookie: v=\u{1}\(index)"]
                        )
                    )
                }
            }
        }
        return results
    }

    /// Memory stays flat by design (see `JUnitReporter`); this checks the other half of the promise: a large
    /// run completes quickly and its report is still valid.
    @Test(.timeLimit(.minutes(5)))
    func twentyThousandResultsStreamToAValidJUnitReport() throws {
        let results = Self.largeRun()
        let directory = try TestDirectory()
        let path = directory.file("junit.xml")
        try Fixtures.feed(results, to: JUnitReporter(path: path))
        #expect(try directory.entries() == ["junit.xml"])

        // One pass that both validates and builds the tree; it throws with libxml2's diagnostics if invalid.
        let tree = try XMLTree.parse(contentsOf: path, validatingAgainst: Fixtures.junitSchema.get())
        #expect(tree.root[attribute: "tests"] == "20000")
        let suites = tree.root.elements(named: "testsuite")
        #expect(suites.count == 20)
        // Per suite of 1,000: 100 failures (50 expected, so skipped), 100 errors, 100 skips.
        #expect(suites.allSatisfy { $0[attribute: "failures"] == "50" && $0[attribute: "errors"] == "100" })
        #expect(suites.allSatisfy { $0[attribute: "skipped"] == "150" })
        #expect(suites.allSatisfy { $0.elements(named: "testcase").count == 1_000 })
        #expect(suites.last?.elements(named: "testcase").last?[attribute: "name"] == "suite9.case-999")
    }

    @Test(.timeLimit(.minutes(5)))
    func twentyThousandResultsStreamToAJSONArray() throws {
        let results = Self.largeRun()
        let directory = try TestDirectory()
        let path = directory.file("results.json")
        try Fixtures.feed(results, to: JSONResultsReporter(path: path))
        #expect(try directory.entries() == ["results.json"])

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let records = try #require(object as? [[String: Any]])
        #expect(records.count == 20_000)
        #expect(records.last?["scenario"] as? String == "suite9.case-999")
    }
}
