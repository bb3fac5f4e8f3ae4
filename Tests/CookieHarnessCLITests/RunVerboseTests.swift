import Foundation
import FullHarness
import Testing

@testable import CookieHarnessCLI

/// `run --verbose`: each unexpected result printed as `show SCENARIO --adapter NAME` prints it.
@Suite("run --verbose")
struct RunVerboseTests {
    @Test("each unexpected result is followed by show's walkthrough of it; an expected one is not")
    func verboseIsShow() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("verbose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("suites"), withIntermediateDirectories: true)
        try Data(RunCommandTests.suite.utf8).write(to: root.appendingPathComponent("suites/demo.xml"))
        let suites = root.appendingPathComponent("suites").path
        let reports = ["--junit", root.appendingPathComponent("junit.xml").path, "--json", root.appendingPathComponent("results.json").path]

        let run = CommandOutput.capturing()
        #expect(FullHarness.run(["run", suites, "--schema", RunCommandTests.schema, "--adapter", "reference", "--verbose"] + reports, output: run)
            == .unexpectedResults)
        let show = CommandOutput.capturing()
        #expect(FullHarness.run(["show", "demo.wrong-on-purpose", suites, "--schema", RunCommandTests.schema, "--adapter", "reference"], output: show)
            == .unexpectedResults)
        let walkthrough = show.standardOutput.components(separatedBy: "\n").drop { !$0.hasPrefix("on reference") }.filter { !$0.isEmpty }
        #expect(walkthrough.contains("transcript:"))
        #expect(walkthrough.contains { $0.contains("✗ FAILED") })
        let expected = walkthrough.map { "    \($0)" }.joined(separator: "\n")
        #expect(run.standardError.contains("FAIL reference demo.wrong-on-purpose: " ), "\(run.standardError)")
        #expect(run.standardError.contains(expected), "\(run.standardError)")
        // The passing scenario is not explained.
        #expect(!run.standardError.contains("demo.login-then-home"))

        let quiet = CommandOutput.capturing()
        _ = FullHarness.run(["run", suites, "--schema", RunCommandTests.schema, "--adapter", "reference"] + reports, output: quiet)
        #expect(!quiet.standardError.contains("transcript:"))
    }
}

/// Every line a command writes for people goes through the console escaping: what a suite or the command line
/// carries cannot drive the terminal.
@Suite("console escaping in commands")
struct CommandConsoleEscapingTests {
    @Test("a suite's bidi override and carriage return, and an ESC in an argument, reach the console escaped")
    func escaped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let suite = RunCommandTests.suite.replacingOccurrences(
            of: "<title>An expectation that fails on every adapter</title>", with: "<title>evil\u{202E}txt.exe&#13;hidden</title>")
        try Data(suite.utf8).write(to: root.appendingPathComponent("demo.xml"))
        let show = CommandOutput.capturing()
        #expect(FullHarness.run(["show", "demo.wrong-on-purpose", root.path, "--schema", RunCommandTests.schema], output: show) == .success)
        #expect(show.standardOutput.contains("demo.wrong-on-purpose: evil\\u{202E}txt.exe hidden"), "\(show.standardOutput)")
        #expect(!show.standardOutput.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\r" })

        let usage = CommandOutput.capturing()
        #expect(FullHarness.run(["run", root.path, "--adapter", "\u{1B}]0;pwned\u{7}"], output: usage) == .invalidInput)
        #expect(usage.standardError.contains("\\u{001B}]0;pwned\\u{0007}"), "\(usage.standardError)")
        #expect(!usage.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }
}
