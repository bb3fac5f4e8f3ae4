import Foundation
import FullHarness
import Reporting
import TestSupport
import Testing
import XMLSupport

@testable import CookieHarnessCLI

/// `diff`, `merge` and `show`: the CI workflow around `run`, on real runs.
@Suite("diff, merge and show")
struct WorkflowCommandTests {
    static let packageRoot = RunCommandTests.packageRoot
    static let schema = RunCommandTests.schema
    static let suites = packageRoot.appendingPathComponent("Suites").path

    private func temporaryFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// A suite of three scenarios; `broken` changes what two of them expect, as a change that breaks them would.
    static func suite(broken: Bool) -> String {
        """
        <suite xmlns="urn:cookieharness:suite:1" id="demo" title="Demo">
          <origin url="https://app.example.com"><route path="/login"><set-cookie>sid=1; Secure; HttpOnly</set-cookie></route><route path="/home"/></origin>
          <scenario id="demo.login-then-home">
            <title>The session cookie set at login reaches the next page</title>
            <native-request url="https://app.example.com/login"/>
            <load url="https://app.example.com/home"/>
            <expect-request url="https://app.example.com/home" contains="\(broken ? "sid=2" : "sid=1")"/>
          </scenario>
          <scenario id="demo.steady">
            <title>Unchanged</title>
            <load url="https://app.example.com/home"/>
            <expect-request url="https://app.example.com/home" lacks="sid"/>
          </scenario>
          <scenario id="demo.fails-differently">
            <title>Fails in both runs, for another reason in the second</title>
            <load url="https://app.example.com/home"/>
            <expect-request url="https://app.example.com/home" contains="\(broken ? "other" : "nope")"/>
          </scenario>
        </suite>
        """
    }

    private func run(_ suite: String, in folder: URL, name: String) throws -> URL {
        let suiteFile = folder.appendingPathComponent("\(name).xml")
        try Data(suite.utf8).write(to: suiteFile)
        let reports = folder.appendingPathComponent(name)
        let status = FullHarness.run(
            ["run", suiteFile.path, "--schema", Self.schema, "--adapter", "reference", "--jobs", "1",
             "--junit", reports.appendingPathComponent("junit.xml").path, "--json", reports.appendingPathComponent("results.json").path],
            output: .capturing())
        #expect(status == .unexpectedResults)  // demo.fails-differently fails in both
        return reports
    }

    @Test("diff of a baseline and a deliberately broken current exits 1 naming the regressed case with its cause")
    func diffNamesRegressions() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = try run(Self.suite(broken: false), in: root, name: "baseline")
        let current = try run(Self.suite(broken: true), in: root, name: "current")

        let markdown = root.appendingPathComponent("diff.md").path
        let json = root.appendingPathComponent("diff.json").path
        let output = CommandOutput.capturing()
        let status = FullHarness.run(["diff", baseline.path, current.path, "--markdown", markdown, "--json", json], output: output)
        #expect(status == .unexpectedResults)
        let text = output.standardOutput
        #expect(text.contains("✗ newly failing: demo.login-then-home — pass → fail (unexpected): "))
        #expect(text.contains("sid=2"))
        #expect(text.contains("~ changed: demo.fails-differently — fail (unexpected) → fail (unexpected)"))
        #expect(!text.contains("demo.steady"))
        #expect(text.contains("1 regression"))

        let page = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(page.contains("| ✗ newly failing | `demo.login-then-home` | pass | fail (unexpected) |"))
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(document["regressed"] as? Bool == true)
        let changes = try #require(document["changes"] as? [[String: Any]])
        #expect(changes.map { $0["scenario"] as? String } == ["demo.login-then-home", "demo.fails-differently"])
        #expect(changes.map { $0["kind"] as? String } == ["newly-failing", "changed"])

        // The other way round nothing regressed: the case passes again.
        let back = CommandOutput.capturing()
        #expect(FullHarness.run(["diff", current.path, baseline.path], output: back) == .success)
        #expect(back.standardOutput.contains("✓ newly passing: demo.login-then-home — fail (unexpected) → pass"))
        // A run against itself: nothing at all.
        let same = CommandOutput.capturing()
        #expect(FullHarness.run(["diff", baseline.path, baseline.path], output: same) == .success)
        #expect(same.standardOutput.contains("no regression (0 changes"))
    }

    @Test("diff: appeared and disappeared results; an unexpected result that was expected is a regression")
    func diffAppearedAndExpectation() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        func record(_ scenario: String, _ status: String, expected: String = "pass", unexpected: Bool = false, message: String = "") -> String {
            """
            {"adapter":"reference","adapterVersion":"1","durationSeconds":0.001,"expectedStatus":"\(expected)","message":"\(message)",\
            "profile":"","scenario":"\(scenario)","securityRelevant":false,"specProfile":"rfc6265bis","status":"\(status)",\
            "suite":"demo","suiteFile":"demo.xml","tags":[],"title":"t","transcript":[],"unexpected":\(unexpected)}
            """
        }
        let baseline = root.appendingPathComponent("a.json")
        let current = root.appendingPathComponent("b.json")
        try Data("[\(record("demo.gone", "pass")),\(record("demo.x", "fail", expected: "fail", message: "m"))]".utf8).write(to: baseline)
        try Data("[\(record("demo.new", "pass")),\(record("demo.x", "fail", unexpected: true, message: "m"))]".utf8).write(to: current)
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["diff", baseline.path, current.path], output: output) == .unexpectedResults)
        #expect(output.standardOutput.contains("✗ changed: demo.x — fail (expected) → fail (unexpected)"))
        #expect(output.standardOutput.contains("+ appeared: demo.new — absent → pass"))
        #expect(output.standardOutput.contains("- disappeared: demo.gone — pass → absent"))
    }

    @Test("diff: bad input exits 2 naming the file", arguments: [
        (["diff", "/nonexistent/a.json", "/nonexistent/b.json"], "/nonexistent/a.json: error: cannot read"),
        (["diff", "only-one.json"], "needs two arguments"),
    ])
    func diffBadInput(arguments: [String], message: String) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(arguments, output: output) == .invalidInput)
        #expect(output.standardError.contains(message))
    }

    /// `run` on the built-in suites (or those given), on two adapters (or those given), into `folder`, optionally one
    /// shard.
    private func runBuiltIn(
        into folder: URL, shard: String?, suites: String = Self.suites, adapters: [String] = ["reference", "wk-user-script"]
    ) -> CookieHarnessCLI.ExitStatus {
        FullHarness.run(
            ["run", suites, "--jobs", "2",
             "--junit", folder.appendingPathComponent("junit.xml").path, "--json", folder.appendingPathComponent("results.json").path]
                + adapters.flatMap { ["--adapter", $0] } + (shard.map { ["--shard", $0] } ?? []),
            output: .capturing())
    }

    /// The suites the identity tests run: one folder, enough to fill three shards, quick in a debug build (loading
    /// every suite takes 20 s there). Without the expectation files, some results are unexpected (exit 1).
    static let few = suites + "/first-request"

    /// A run that finished, with or without unexpected results.
    static func finished(_ status: CookieHarnessCLI.ExitStatus) -> Bool { status == .success || status == .unexpectedResults }

    /// Test cases and results with their times taken out.
    private func withoutTimes(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #" (time|timestamp)="[^"]*""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""durationSeconds":[0-9.e-]+,"#, with: "", options: .regularExpression)
    }

    @Test("three shards merge into a JUnit file valid against the Jenkins schema, equal up to times to the unsharded run")
    func mergeThreeShards() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole")
        #expect(runBuiltIn(into: whole, shard: nil) == .success)
        let shards = (1...3).map { root.appendingPathComponent("shard-\($0)") }
        for (index, shard) in shards.enumerated() { #expect(runBuiltIn(into: shard, shard: "\(index + 1)/3") == .success) }

        let merged = root.appendingPathComponent("merged")
        let output = CommandOutput.capturing()
        // Given out of order: the shard of each report comes from its scenarios.
        let status = FullHarness.run(
            ["merge", shards[2].path, shards[0].path, shards[1].path, "--expect-shards", "3", "--suites", Self.suites,
             "--junit", merged.appendingPathComponent("junit.xml").path, "--json", merged.appendingPathComponent("results.json").path],
            output: output)
        #expect(status == .success, "\(output.standardError)")
        #expect(output.standardError.contains("merged 3 shards"))

        let junit = merged.appendingPathComponent("junit.xml").path
        let schema = try XMLSchema(contentsOf: RepositoryFiles.junitSchema)
        let problems = try schema.validate(contentsOf: junit).filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")

        let cases = try XMLTree.parse(contentsOf: junit).root.elements(named: "testsuite").flatMap { $0.elements(named: "testcase") }
        #expect(cases.count > 300)
        #expect(try withoutTimes(junit) == withoutTimes(whole.appendingPathComponent("junit.xml").path))
        #expect(try withoutTimes(merged.appendingPathComponent("results.json").path)
            == withoutTimes(whole.appendingPathComponent("results.json").path))
        // The merged results carry the whole run's identity (the results' digest apart: times differ).
        func identity(_ folder: URL) throws -> RunIdentity? {
            var read = try JSONResultsFile.readRun(folder.appendingPathComponent("results.json").path, keepingTranscripts: false).identity
            read?.results = nil
            return read
        }
        let mergedIdentity = try #require(try identity(merged))
        #expect(mergedIdentity == (try identity(whole)))
        #expect(mergedIdentity.shard == nil)
    }

    @Test("merge refuses, by the shards' run identities, one shard of three alone, shards of different runs, and shards without identity")
    func mergeChecksRunIdentities() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let shards = (1...3).map { root.appendingPathComponent("shard-\($0)") }
        for (index, shard) in shards.enumerated() { #expect(Self.finished(runBuiltIn(into: shard, shard: "\(index + 1)/3", suites: Self.few))) }
        let other = root.appendingPathComponent("other-2")
        #expect(Self.finished(runBuiltIn(into: other, shard: "2/3", suites: Self.few, adapters: ["reference"])))
        let out = ["--json", root.appendingPathComponent("m/results.json").path, "--suites", Self.few]
        func merge(_ inputs: [String], _ extra: [String] = []) -> (CookieHarnessCLI.ExitStatus, String) {
            let output = CommandOutput.capturing()
            return (FullHarness.run(["merge"] + inputs + extra + out, output: output), output.standardError)
        }
        let json = shards.map { $0.appendingPathComponent("results.json").path }

        // One shard of three, alone: its scenario ids make a whole "run of 1"; its identity says 1/3.
        let (alone, aloneMessage) = merge([json[0]])
        #expect(alone == .invalidInput)
        #expect(aloneMessage.contains("missing shard 2/3, 3/3"), "\(aloneMessage)")
        // Shard 2 of another run (one adapter, not two).
        let (mixed, mixedMessage) = merge([json[0], other.appendingPathComponent("results.json").path, json[2]])
        #expect(mixed == .invalidInput)
        #expect(mixedMessage.contains("are not shards of one run: they differ in the adapters (reference wk-user-script and reference)"), "\(mixedMessage)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("m").path))

        // Without their identities: refused, unless merged by scenario ids alone on purpose.
        for shard in shards { try FileManager.default.removeItem(at: shard.appendingPathComponent("results.run.json")) }
        let (bare, bareMessage) = merge(json)
        #expect(bare == .invalidInput)
        #expect(bareMessage.contains("no run identity beside these results"), "\(bareMessage)")
        let (allowed, allowedMessage) = merge(json, ["--allow-unidentified"])
        #expect(Self.finished(allowed), "\(allowedMessage)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("m/results.run.json").path), "an identity made up for unidentified shards")
    }

    @Test("diff: a whole adapter gone is a regression, a pair listed twice is refused, a shard is not compared with the whole run")
    func diffChecksRunsAndPairs() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole")
        #expect(Self.finished(runBuiltIn(into: whole, shard: nil, suites: Self.few)))
        let one = root.appendingPathComponent("one")
        #expect(Self.finished(runBuiltIn(into: one, shard: nil, suites: Self.few, adapters: ["reference"])))
        let shard = root.appendingPathComponent("shard")
        #expect(Self.finished(runBuiltIn(into: shard, shard: "1/2", suites: Self.few)))
        func diff(_ a: URL, _ b: URL, _ extra: [String] = []) -> (CookieHarnessCLI.ExitStatus, String) {
            let output = CommandOutput.capturing()
            return (FullHarness.run(["diff", a.path, b.path] + extra, output: output), output.standardError)
        }
        #expect(diff(whole, whole).0 == .success)
        let (gone, goneMessage) = diff(whole, one)
        #expect(gone == .unexpectedResults)
        #expect(goneMessage.contains("has no result of adapter wk-user-script, which BASELINE has"), "\(goneMessage)")
        #expect(diff(whole, one, ["--allow-different-runs"]).0 != .invalidInput)
        let (sharded, shardedMessage) = diff(whole, shard)
        #expect(sharded == .invalidInput)
        #expect(shardedMessage.contains("BASELINE is a whole run and CURRENT shard 1/2"), "\(shardedMessage)")

        // A results file listing one pair twice, a failure then a pass (no identity: written by another tool).
        let results = whole.appendingPathComponent("results.json").path
        let lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let first = String(lines[1].hasSuffix(",") ? lines[1].dropLast() : lines[1][...])
        let failing = first.replacingOccurrences(of: #""status":"pass""#, with: #""status":"fail""#)
        let twice = root.appendingPathComponent("twice.json")
        try Data("[\n\(failing),\n\(first)\n]\n".utf8).write(to: twice)
        let (repeated, repeatedMessage) = diff(whole, twice, ["--allow-different-runs"])
        #expect(repeated == .invalidInput)
        #expect(repeatedMessage.contains("twice.json: error: lists a result twice"), "\(repeatedMessage)")
    }

    @Test("merge refuses overlapping and missing shards with a clear message")
    func mergeRefusesBadShards() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let shards = (1...3).map { root.appendingPathComponent("shard-\($0)") }
        for (index, shard) in shards.enumerated() { #expect(runBuiltIn(into: shard, shard: "\(index + 1)/3") == .success) }
        let out = ["--junit", root.appendingPathComponent("m/junit.xml").path, "--json", root.appendingPathComponent("m/results.json").path]

        func refused(_ inputs: [URL], _ extra: [String] = [], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let output = CommandOutput.capturing()
            #expect(FullHarness.run(["merge"] + inputs.map(\.path) + extra + out, output: output) == .invalidInput,
                    sourceLocation: sourceLocation)
            #expect(output.standardError.contains(message), "\(output.standardError)", sourceLocation: sourceLocation)
        }
        refused([shards[0], shards[2]], [], "missing shard 2/3")
        refused([shards[0], shards[0], shards[2]], [], "both hold shard 1/3 (overlapping shards)")
        refused([shards[0], shards[1]], ["--expect-shards", "3"], "--expect-shards 3 but 2 reports were given")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("m").path))
    }

    @Test("show prints the scenario as written, then each check with its outcome and the transcript")
    func show() throws {
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["show", "redirect.302-session-reaches-target", Self.suites, "--adapter", "reference", "--adapter", "wk-no-sync"], output: output)
        #expect(status == .success)
        let text = output.standardOutput
        #expect(text.contains(#"<scenario id="redirect.302-session-reaches-target""#))
        #expect(text.contains("</scenario>"))
        #expect(text.contains("on reference 1: pass, expected pass — as expected"))
        // wk-no-sync has no web→native sync: the last check fails, the others pass.
        #expect(text.contains(#"✔ passed      "#))
        #expect(text.contains(#"✗ FAILED      "#) && text.contains("<expect-native-store has=\"sid\""))
        #expect(text.contains("transcript:\n"))
        #expect(text.contains("→ [web view] GET https://login.example.com/sso"))

        let missing = CommandOutput.capturing()
        #expect(FullHarness.run(["show", "redirect.no-such", Self.suites], output: missing) == .invalidInput)
        #expect(missing.standardError.contains("no scenario 'redirect.no-such'"))
    }

    @Test("every new command has --help", arguments: ["diff", "merge", "show"])
    func help(command: String) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run([command, "--help"], output: output) == .success)
        #expect(output.standardOutput.hasPrefix("usage: cookie-harness \(command)"))
    }
}
