import Foundation
import FullHarness
import Reporting
import Testing

@testable import CookieHarnessCLI

/// `truth-table`, and its published copy (docs/results/truth-table.md): "each row is true" is checked, not trusted.
@Suite("truth-table")
struct TruthTableCommandTests {
    static let root = RunCommandTests.packageRoot
    static let suites = root.appendingPathComponent("Suites").path

    /// The table a fresh run gives: what `swift run cookie-harness truth-table` prints from the package folder.
    static func freshTable(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["truth-table", "--suites", suites, "--schema", RunCommandTests.schema], output: output)
        #expect(status == .success, "\(output.standardError)", sourceLocation: sourceLocation)
        return output.standardOutput
    }

    @Test("docs/results/truth-table.md holds the table a run gives")
    func publishedTableIsTrue() throws {
        let published = Self.root.appendingPathComponent("docs/results/truth-table.md").path
        let block = try #require(
            TruthTable.block(in: try String(contentsOfFile: published, encoding: .utf8)),
            "docs/results/truth-table.md needs the lines '\(TruthTable.beginMarker)' and '\(TruthTable.endMarker)'")
        let fresh = Self.freshTable()
        if block != fresh {
            // The rows that differ, not two whole tables: the published ones (-) and the run's (+).
            let (old, new) = (block.split(separator: "\n"), fresh.split(separator: "\n"))
            let changes = old.filter { !new.contains($0) }.map { "- \($0)" } + new.filter { !old.contains($0) }.map { "+ \($0)" }
            Issue.record(
                """
                docs/results/truth-table.md is no longer what a run gives: where a strategy breaks has changed. Check the \
                prose rows below the table, then regenerate it from the package folder with
                  swift run cookie-harness truth-table --update-docs docs/results/truth-table.md
                docs/results/truth-table.md (-) and the run (+):
                \(changes.joined(separator: "\n"))
                """)
        }
        #expect(fresh.contains("| `wk-userdefaults:as-written` | "), "every strategy of the ios profile has a row")
        #expect(!fresh.contains("| parser |"), "the store-parser suites are left out")
    }

    @Test("a run's results file gives the same table as running")
    func fromResults() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("truth-table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let json = out.appendingPathComponent("results.json").path
        let adapters = ["uiwebview", "wk-no-sync", "wk-user-script", "wk-user-script@ios-11", "reference"]
        let run = CommandOutput.capturing()
        _ = FullHarness.run(
            ["run", Self.suites + "/first-request", Self.suites + "/http-only", Self.suites + "/expectations",
             "--schema", RunCommandTests.schema, "--json", json, "--junit", out.appendingPathComponent("junit.xml").path]
                + adapters.flatMap { ["--adapter", $0] },
            output: run)
        let fromFile = CommandOutput.capturing()
        #expect(FullHarness.run(["truth-table", out.path], output: fromFile) == .success, "\(fromFile.standardError)")
        let lines = fromFile.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(lines.map { $0.split(separator: " ")[1] } == ["`uiwebview`", "`wk-no-sync`", "`wk-user-script`"])
        #expect(fromFile.standardOutput.contains("| adapter | first-request | http-only | http-only-script-bridge | http-only-script-writes | library-sync | request-headers | all |"))
        #expect(fromFile.standardError.contains("warning: no results for wk-request-header"))

        let ran = CommandOutput.capturing()
        #expect(FullHarness.run(
            ["truth-table", "--suites", Self.suites + "/first-request", "--suites", Self.suites + "/http-only",
             "--suites", Self.suites + "/expectations", "--schema", RunCommandTests.schema], output: ran) == .success)
        let ranLines = ran.standardOutput.split(separator: "\n").filter { line in
            ["| `uiwebview` |", "| `wk-no-sync` |", "| `wk-user-script` |"].contains { line.hasPrefix($0) }
        }
        #expect(ranLines == lines)
    }

    @Test("--update-docs rewrites only the block between the markers")
    func updateReadme() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("truth-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let readme = out.appendingPathComponent("README.md").path
        try Data("# Before\n\(TruthTable.beginMarker)\nstale\n\(TruthTable.endMarker)\nAfter\n".utf8)
            .write(to: URL(fileURLWithPath: readme))
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(
            ["truth-table", "--suites", Self.suites + "/same-site", "--schema", RunCommandTests.schema, "--update-docs", readme],
            output: output) == .success, "\(output.standardError)")
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        #expect(text == "# Before\n\(TruthTable.beginMarker)\n\(output.standardOutput)\(TruthTable.endMarker)\nAfter\n")

        try Data("no markers\n".utf8).write(to: URL(fileURLWithPath: readme))
        let missing = CommandOutput.capturing()
        #expect(FullHarness.run(
            ["truth-table", "--suites", Self.suites + "/same-site", "--schema", RunCommandTests.schema, "--update-docs", readme],
            output: missing) == .invalidInput)
        #expect(missing.standardError.contains("needs one line '\(TruthTable.beginMarker)'"))
    }

    @Test("--help prints the usage")
    func help() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["truth-table", "--help"], output: output) == .success)
        #expect(output.standardOutput.hasPrefix("usage: cookie-harness truth-table"))
    }

    @Test("usage errors exit 2", arguments: [
        ["truth-table", "--profile", "android"], ["truth-table", "--profile", "ios-11", "--update-docs", "README.md"],
        ["truth-table", "results.json", "--suites", "Suites"],
    ])
    func usageErrors(arguments: [String]) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(arguments, output: output) == .invalidInput)
        #expect(output.standardError.contains("option '--"))
    }
}
