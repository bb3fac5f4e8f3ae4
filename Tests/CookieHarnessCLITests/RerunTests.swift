import Foundation
import FullHarness
import Testing

@testable import CookieHarnessCLI

/// `run --last-failed` and `run --rerun FILE`: only the pairs that were unexpected before.
@Suite("run --last-failed and --rerun")
struct RerunTests {
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rerun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("suites"), withIntermediateDirectories: true)
        try Data(RunCommandTests.suite.utf8).write(to: root.appendingPathComponent("suites/demo.xml"))
        return root
    }

    private func records(_ path: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]] ?? []
    }

    @Test("--last-failed runs only the unexpected pairs of the previous results, and nothing to rerun exits 2")
    func lastFailed() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = root.appendingPathComponent("out/results.json").path
        let common = [root.appendingPathComponent("suites").path, "--schema", RunCommandTests.schema,
                      "--junit", root.appendingPathComponent("out/junit.xml").path, "--json", json, "--jobs", "1"]

        // No previous results: said so, exit 2.
        let none = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--last-failed"] + common, output: none) == .invalidInput)
        #expect(none.standardError.contains("--last-failed reads the previous run's JSON results"))

        #expect(FullHarness.run(["run", "--adapter", "reference"] + common, output: .capturing()) == .unexpectedResults)
        #expect(try records(json).count == 2)

        // Without --adapter, the adapters of the unexpected results run (reference), not the defaults.
        let again = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--last-failed"] + common, output: again) == .unexpectedResults)
        let rerun = try records(json)
        #expect(rerun.map { $0["scenario"] as? String } == ["demo.wrong-on-purpose"])
        #expect(rerun.map { $0["adapter"] as? String } == ["reference"])
        #expect(again.standardError.contains("rerunning 1 of the 1 unexpected results of \(json)"))

        // Once it is expected, the next --last-failed finds nothing to rerun.
        try Data("""
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
              <expect scenario="demo.wrong-on-purpose" status="fail">written to fail</expect>
            </expectations>
            """.utf8).write(to: root.appendingPathComponent("suites/expectations.xml"))
        #expect(FullHarness.run(["run", "--last-failed"] + common, output: .capturing()) == .success)
        let nothing = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--last-failed"] + common, output: nothing) == .invalidInput)
        #expect(nothing.standardError.contains("nothing to rerun: \(json) has no unexpected results"))
        #expect(FullHarness.run(["run", "--last-failed", "--allow-empty"] + common, output: .capturing()) == .success)
    }

    @Test("--rerun FILE reads another run's results; its unknown adapters and vanished scenarios are explained")
    func rerunFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let previous = root.appendingPathComponent("previous.json").path
        func record(_ adapter: String, _ scenario: String, unexpected: Bool) -> String {
            """
            {"adapter":"\(adapter)","adapterVersion":"1","profile":"","specProfile":"","suite":"demo","suiteFile":"demo.xml",
             "scenario":"\(scenario)","title":"t","tags":[],"status":"\(unexpected ? "fail" : "pass")","expectedStatus":"pass",
             "unexpected":\(unexpected),"securityRelevant":false,"message":"","durationSeconds":0,"transcript":[]}
            """
        }
        try Data("[\([record("reference", "demo.login-then-home", unexpected: true), record("reference", "demo.gone", unexpected: true), record("reference", "demo.wrong-on-purpose", unexpected: false)].joined(separator: ","))]".utf8)
            .write(to: URL(fileURLWithPath: previous))
        let json = root.appendingPathComponent("out/results.json").path
        let common = [root.appendingPathComponent("suites").path, "--schema", RunCommandTests.schema,
                      "--junit", root.appendingPathComponent("out/junit.xml").path, "--json", json, "--jobs", "1"]

        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--rerun", previous] + common, output: output) == .success)
        #expect(try records(json).map { $0["scenario"] as? String } == ["demo.login-then-home"])
        #expect(output.standardError.contains("1 of the 2 pairs to rerun name scenarios that are not in the suites, not run: reference demo.gone"))

        // A filter narrows the pairs: here to none, exit 2.
        let narrowed = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--rerun", previous, "--filter", "demo.wrong*"] + common, output: narrowed) == .invalidInput)
        #expect(narrowed.standardError.contains("the unexpected results of \(previous)"))

        // An adapter this build does not know (an external one run before): a usage error that says what to do.
        try Data("[\(record("mine", "demo.login-then-home", unexpected: true))]".utf8).write(to: URL(fileURLWithPath: previous))
        let unknown = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--rerun", previous] + common, output: unknown) == .invalidInput)
        #expect(unknown.standardError.contains("unknown adapter 'mine'"))
        #expect(unknown.standardError.contains("--external NAME=COMMAND again"))

        let both = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--rerun", previous, "--last-failed"] + common, output: both) == .invalidInput)
        #expect(both.standardError.contains("give one"))
    }
}
