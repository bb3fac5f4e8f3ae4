import Foundation
import FullHarness
import TestSupport
import Testing

@testable import CookieHarnessCLI

/// `explore` between two simulated profiles (no engine needed): it writes its summary and findings, and `--known`
/// decides the exit status by the kinds of difference listed.
@Suite("explore")
struct ExploreCommandTests {
    private func explore(_ extra: [String], folder: String) -> (CookieHarnessCLI.ExitStatus, CommandOutput) {
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["explore", "--seed", "4", "--count", "40", "--profile", "webkitgtk", "--against", "ios-12", "--minimize", "1",
             "--tries", "40", "--folder", folder] + extra,
            output: output)
        return (status, output)
    }

    @Test func writesTheSummaryAndFailsOnAKindNotKnown() throws {
        let directory = try TestDirectory()
        let folder = directory.path + "/explore"
        let (status, output) = explore([], folder: folder)
        #expect(status == .success, "\(output.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/summary.json"))
        let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let kinds = try #require(summary["kinds"] as? [[String: Any]])
        #expect(!kinds.isEmpty, "webkitgtk and ios-12 differ; nothing was found")
        let signatures = kinds.compactMap { $0["signature"] as? String }
        #expect(FileManager.default.fileExists(atPath: folder + "/findings/01/case.xml"))

        // Every kind but the first known: exit 1, the unknown one named.
        let partial = directory.path + "/partial.txt"
        try (signatures.dropFirst().map { "\($0) | a cause" }.joined(separator: "\n") + "\n")
            .write(toFile: partial, atomically: true, encoding: .utf8)
        let (unknown, unknownOutput) = explore(["--known", partial], folder: folder)
        #expect(unknown == .unexpectedResults)
        #expect(unknownOutput.standardError.contains("not in --known: \(signatures[0])"))

        // Every kind known: exit 0.
        let all = directory.path + "/all.txt"
        try ("# comment\n" + signatures.map { "\($0) | a cause" }.joined(separator: "\n") + "\n")
            .write(toFile: all, atomically: true, encoding: .utf8)
        #expect(explore(["--known", all], folder: folder).0 == .success)
    }

    @Test func aKnownFileWithoutCausesIsInvalidInput() throws {
        let directory = try TestDirectory()
        let known = directory.path + "/known.txt"
        try "a signature without a cause\n".write(toFile: known, atomically: true, encoding: .utf8)
        let (status, output) = explore(["--known", known], folder: directory.path + "/explore")
        #expect(status == .invalidInput)
        #expect(output.standardError.contains("known.txt:1: error: expected 'SIGNATURE | CAUSE'"))
    }
}
