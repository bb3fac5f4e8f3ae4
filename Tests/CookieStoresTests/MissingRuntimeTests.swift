import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import CookieStores

/// A built-in store whose runtime is not installed is skipped with the install-deps group that installs it (issue 38):
/// a machine set up for the simulated profiles only (`install-deps core`) runs the rest without errors. A runtime
/// that is there and fails is an error, as before: that is a fault to see, not a choice of set-up.
@Suite("built-in stores whose runtime is missing")
struct MissingRuntimeTests {
    static let scenario = Scenario(id: "s.one", title: "one", steps: [], location: SuiteLocation(file: "s.xml", line: 1))

    @Test("not installed: every scenario skipped, the reason naming the group to install")
    func notInstalledIsSkipped() throws {
        let adapter = ExternalAdapters.describeBuiltIn("tough-cookie", "Node tough-cookie") {
            throw ExternalAdapters.RuntimeMissing(
                summary: "node not found in PATH", fix: "install the Debian packages nodejs and node-tough-cookie", installGroup: "stores")
        }
        let reason = try #require(adapter.skipReason(for: Self.scenario))
        #expect(reason.contains("node not found in PATH"))
        #expect(reason.contains("install the Debian packages nodejs and node-tough-cookie (run .ci/install-deps stores)"))
        #expect(adapter.summary == "Node tough-cookie, out of process: node not found in PATH")
    }

    @Test("there but failing: no skip, every scenario is an error, whatever its output says")
    func failingRuntimeIsAnError() {
        let adapter = ExternalAdapters.describeBuiltIn("go-cookiejar", "Go net/http/cookiejar") {
            throw ExternalAdapters.RuntimeMissing(summary: "cannot install the go-cookiejar adapter: exit 1", fix: "")
        }
        #expect(adapter.skipReason(for: Self.scenario) == nil)
        // A build's output is the fix: mentioning the script does not make a failure a missing install.
        let built = ExternalAdapters.describeBuiltIn("go-cookiejar", "Go net/http/cookiejar") {
            throw ExternalAdapters.RuntimeMissing(summary: "cannot build the go-cookiejar adapter", fix: "adapter.go:3: see .ci/install-deps")
        }
        #expect(built.skipReason(for: Self.scenario) == nil)
        let environment = AppEnvironment(
            clock: VirtualClock(start: Suite.defaultClockStart), network: VirtualNetwork(origins: []), transcript: Transcript(),
            scenarioNeeds: [])
        #expect(throws: ExternalAdapters.RuntimeMissing.self) { _ = try adapter.makeApp(environment) }
    }
}
