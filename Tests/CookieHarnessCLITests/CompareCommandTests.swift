import Foundation
import FullHarness
import HarnessCore
import Reporting
import Testing
import XMLSupport

@testable import CookieHarnessCLI

/// `compare`: running suites into a matrix, and building one from saved results.
@Suite("compare")
struct CompareCommandTests {
    static let schema = RunCommandTests.schema

    /// A folder with the demo suite of `RunCommandTests` (one scenario passes, one fails on every adapter).
    private func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("suites"), withIntermediateDirectories: true)
        try Data(RunCommandTests.suite.utf8).write(to: root.appendingPathComponent("suites/demo.xml"))
        return root
    }

    @Test("a comparison exits 0 even when scenarios fail, and writes both files")
    func comparingIsNotPassFail() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let markdown = root.appendingPathComponent("out/matrix.md").path
        let html = root.appendingPathComponent("out/matrix.html").path
        let output = CommandOutput.capturing()
        let status = FullHarness.run([
            "compare", root.appendingPathComponent("suites").path, "--schema", Self.schema, "--adapter", "reference",
            "--markdown", markdown, "--html", html, "--jobs", "2",
        ], output: output)
        #expect(status == .success, "\(output.standardError)")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("## demo — Demo"))
        #expect(text.contains("| **⚠** demo.wrong-on-purpose |"), "the unexpected failure stands out")
        #expect(text.contains("| demo.login-then-home | The session cookie set at login reaches the next page | first-request | pass 1/1 | ✔ |"))
        let page = try XMLTree.parse(contentsOf: html)
        #expect(page.root.name == "html")
        #expect(output.standardError.contains("matrix: \(markdown), \(html)"))
    }

    @Test("--from-json builds the same tables as a run, without running anything")
    func fromJSONRoundTrip() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let suites = root.appendingPathComponent("suites").path
        let json = root.appendingPathComponent("results.json").path
        let run = CommandOutput.capturing()
        _ = FullHarness.run([
            "run", suites, "--schema", Self.schema, "--adapter", "reference", "--json", json,
            "--junit", root.appendingPathComponent("junit.xml").path,
        ], output: run)

        let fromRun = root.appendingPathComponent("run.md").path
        let fromFile = root.appendingPathComponent("file.md").path
        let html = root.appendingPathComponent("file.html").path
        #expect(FullHarness.run([
            "compare", suites, "--schema", Self.schema, "--adapter", "reference", "--markdown", fromRun,
            "--html", root.appendingPathComponent("run.html").path,
        ], output: .capturing()) == .success)
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["compare", "--from-json", json, "--markdown", fromFile, "--html", html], output: output) == .success)
        #expect(output.standardError.contains("2 results from 1 file"))

        // The suite tables match; only the headline (run vs. file) and the suite title (not in results) differ.
        let ran = try String(contentsOfFile: fromRun, encoding: .utf8)
        let read = try String(contentsOfFile: fromFile, encoding: .utf8)
        #expect(read.contains("Built from \(ReportTextForTests.escaped(json)):"))
        #expect(Self.tableRows(read) == Self.tableRows(ran).map { $0.replacingOccurrences(of: " — Demo", with: "") })
        #expect(Self.tableRows(read).count > 5)

        // And the direct route gives the same document as rendering the records in code.
        let records = try JSONDecoder().decode([JSONResultRecord].self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        var matrix = Matrix(
            run: RunInfo(startedAt: Date(), hostname: "", adapters: [try ScenarioResult(records[0]).adapter]), source: json)
        for record in records { matrix.add(try ScenarioResult(record)) }
        #expect(read == matrix.markdown())

        // A report folder stands for the results.json in it, as for diff, merge and truth-table.
        let fromFolder = root.appendingPathComponent("folder.md").path
        let folderRun = CommandOutput.capturing()
        #expect(FullHarness.run(
            ["compare", "--from-json", root.path, "--markdown", fromFolder, "--html", html], output: folderRun) == .success,
            "\(folderRun.standardError)")
        #expect(Self.tableRows(try String(contentsOfFile: fromFolder, encoding: .utf8)) == Self.tableRows(read))
        // A folder without one is named as a folder, not as a FIFO or device.
        let empty = root.appendingPathComponent("empty-folder")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("results.json"), withIntermediateDirectories: true)
        let refused = CommandOutput.capturing()
        #expect(FullHarness.run(["compare", "--from-json", empty.path, "--markdown", fromFolder, "--html", html], output: refused) == .invalidInput)
        #expect(refused.standardError.contains("a folder, not a file"), "\(refused.standardError)")
    }

    @Test("--from-json merges files, and --adapter, --filter and --tag narrow them")
    func fromJSONSelection() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("a.json").path
        let second = root.appendingPathComponent("b.json").path
        let reference = AdapterInfo(name: "reference", version: "1")
        let other = AdapterInfo(name: "curl", version: "8", profile: "linux")
        func record(_ adapter: AdapterInfo, _ id: String, _ tags: [String], _ status: Status) -> JSONResultRecord {
            JSONResultRecord(ScenarioResult(
                adapter: adapter, suiteID: "s", suiteFile: "s.xml", scenarioID: "s.\(id)", title: id, tags: tags, references: [],
                status: status, expected: .pass, duration: .zero, transcript: []))
        }
        try JSONEncoder().encode([record(reference, "a", ["x"], .passed), record(reference, "b", ["y"], .passed)])
            .write(to: URL(fileURLWithPath: first))
        try JSONEncoder().encode([record(other, "a", ["x"], .skipped(reason: "no")), record(other, "b", ["y"], .passed)])
            .write(to: URL(fileURLWithPath: second))
        let markdown = root.appendingPathComponent("m.md").path
        let html = root.appendingPathComponent("m.html").path

        #expect(FullHarness.run(["compare", "--from-json", first, second, "--markdown", markdown, "--html", html], output: .capturing()) == .success)
        var text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("| s.a | a | x | pass 1/1 (+1 skip) | ✔ | ∅<sup>[1](#m1)</sup> |"))
        #expect(text.contains("| reference (ref) | curl |"), "the names --adapter takes, without the profile")

        #expect(FullHarness.run([
            "compare", "--from-json", first, "--from-json", second, "--adapter", "curl@linux", "--tag", "y",
            "--markdown", markdown, "--html", html,
        ], output: .capturing()) == .success)
        text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.contains("| s.b | b | y | pass 1/1 | ✔ |"))
        #expect(!text.contains("s.a"))
        #expect(!text.contains("| reference |"))
    }

    @Test("invalid input exits 2 and names the problem", arguments: [
        (["--from-json", "/nonexistent/results.json"], "/nonexistent/results.json: error: cannot read the results file"),
        (["--from-json", "BAD"], "BAD: error: not a results file"),
        (["--from-json", "GOOD", "--jobs", "2"], "option '--jobs' has no effect with '--from-json'"),
        (["--from-json", "GOOD", "--adapter", "nope"], "option '--adapter': no results for adapter 'nope'"),
        (["--adapter", "nope"], "option '--adapter': unknown adapter 'nope'"),
        (["--jobs", "0"], "option '--jobs': '0' is not a whole number in 1...256"),
        (["--markdown", "same", "--html", "same"], "options '--markdown' and '--html': both name 'same'"),
        (["--bogus"], "unknown option '--bogus'"),
    ])
    func invalidInput(arguments: [String], message: String) throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = root.appendingPathComponent("bad.json")
        try Data(#"[{"adapter": 3}]"#.utf8).write(to: bad)
        let good = root.appendingPathComponent("good.json")
        try JSONEncoder().encode([JSONResultRecord]()).write(to: good)
        let resolved = arguments.map { $0 == "BAD" ? bad.path : $0 == "GOOD" ? good.path : $0 }
        let output = CommandOutput.capturing()
        // Outputs go to the temporary folder should a case unexpectedly get as far as writing.
        let outputs = resolved.contains("--markdown") ? [] : [
            "--markdown", root.appendingPathComponent("m.md").path, "--html", root.appendingPathComponent("m.html").path,
        ]
        let status = FullHarness.run(["compare"] + resolved + outputs, output: output)
        #expect(status == .invalidInput)
        #expect(output.standardError.contains(message.replacingOccurrences(of: "BAD", with: bad.path)), "\(output.standardError)")
    }

    @Test("a broken suite is invalid input (exit 2)")
    func brokenSuite() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"<suite xmlns="urn:cookieharness:suite:1" id="bad" title="Bad"><scenario id="bad.x"><title>x</title><load/></scenario></suite>"#.utf8)
            .write(to: root.appendingPathComponent("suites/bad.xml"))
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["compare", root.appendingPathComponent("suites").path, "--schema", Self.schema, "--adapter", "reference"], output: output)
        #expect(status == .invalidInput)
        #expect(output.standardError.contains("bad.xml:1:"))
    }

    @Test("a matrix that cannot be written is an infrastructure failure (exit 3)")
    func unwritableOutput() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("file")
        try Data().write(to: blocker)
        let good = root.appendingPathComponent("good.json")
        try JSONEncoder().encode([JSONResultRecord]()).write(to: good)
        for arguments in [
            ["--from-json", good.path],
            [root.appendingPathComponent("suites").path, "--schema", Self.schema, "--adapter", "reference"],
        ] {
            let output = CommandOutput.capturing()
            let status = FullHarness.run(
                ["compare"] + arguments + ["--markdown", blocker.path + "/m.md", "--html", blocker.path + "/m.html"], output: output)
            #expect(status == .infrastructureFailure, "\(output.standardError)")
            #expect(output.standardError.contains("writing the matrix"))
        }
    }

    @Test func helpIsUsage() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["compare", "--help"], output: output) == .success)
        #expect(output.standardOutput.contains("--from-json FILE"))
    }

    // MARK: Helpers

    /// The table rows of a Markdown document, in order.
    static func tableRows(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") }
    }
}

/// What the Markdown escaping does to a path (no Markdown markup characters in temporary paths but `_`).
enum ReportTextForTests {
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "_", with: "\\_") }
}
