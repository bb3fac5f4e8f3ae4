import CookieStores
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieHarnessCLI

/// Every command that runs scenarios goes through ``RunSession``: when its run is over, the out-of-process adapters
/// it started are told to `stop` — whichever command it was, and however the run ended.
@Suite("run session", .timeLimit(.minutes(3)))
struct RunSessionTests {
    /// Answers `start`, `set-cookie` and `reset`; on `stop` writes its pid to the marker file and exits.
    static let script = StandInAdapter.script(name: "stand-in", version: "1", otherwise: .emptyResult, writesPidOnStop: true)

    @Test("the run's out-of-process adapters get stop when the session ends")
    func stopsAdaptersAtTheEnd() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptPath = directory.appendingPathComponent("stand-in.py").path
        try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let marker = directory.appendingPathComponent("stopped").path
        let external = ExternalAdapter(name: "stand-in", command: ["python3", scriptPath, marker], requestTimeout: .seconds(5))
        defer { external.stopIdleProcesses() }
        let location = SuiteLocation(file: "session.xml", line: 1)
        let scenario = Scenario(
            id: "session.one", title: "one",
            steps: [Step(.nativeSetCookie(url: "https://app.example.com/", setCookie: "a=1"), location: location)],
            location: location)
        let suite = Suite(
            id: "session", title: "session", file: "session.xml",
            origins: [Origin(url: "https://app.example.com", routes: [Route(path: "/")])], scenarios: [scenario])

        let summary = try RunSession.run(
            RunPlan(suites: [suite], adapters: [external.adapter()], jobs: 1), reporter: CollectingReporter(),
            output: .capturing())

        #expect(summary.total == 1)
        // stop is sent, not waited for: the marker appears within two seconds.
        let deadline = Date().addingTimeInterval(2)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(20_000) }
        #expect(FileManager.default.fileExists(atPath: marker), "the adapter never got stop")
    }
}
