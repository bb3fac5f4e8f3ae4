import Foundation
import FullHarness
import TestSupport
import Testing

@testable import CookieHarnessCLI

@Suite("cookie-harness commands")
struct CommandTests {
    static let corpusPath = RepositoryFiles.httpStateCorpus

    @Test("conformance http-state prints the counts and exits 0")
    func conformance() {
        let output = CommandOutput.capturing()
        let status = FullHarness.run(["conformance", "http-state", Self.corpusPath], output: output)
        #expect(status == .success)
        #expect(output.standardOutput.contains("parser: 195 passed, 27 failed (27 documented RFC 6265bis deviations, 0 unexplained)"))
        #expect(output.standardOutput.contains("dates: 70 passed, 0 failed"))
    }

    @Test("a wrong corpus path is invalid input (exit 2) with the path in the message")
    func wrongPath() {
        let output = CommandOutput.capturing()
        let status = FullHarness.run(["conformance", "http-state", "/nope"], output: output)
        #expect(status == .invalidInput)
        #expect(output.standardError.contains("/nope: no such directory"))
    }

    @Test("usage errors exit 2 and print the usage", arguments: [
        ["frobnicate"], [], ["conformance", "nothing"], ["bench", "--seconds", "0"], ["bench", "--bogus"],
    ])
    func usageErrors(arguments: [String]) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(arguments, output: output) == .invalidInput)
        #expect(output.standardError.contains("usage: cookie-harness"))
    }

    @Test("--help of each command exits 0 with its usage", arguments: ["conformance", "bench"])
    func commandHelp(command: String) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run([command, "--help"], output: output) == .success)
        #expect(output.standardOutput.contains("usage: cookie-harness \(command)"))
    }
}
