import CookieModel
import Foundation
import HarnessCore
import Locking
import Testing

/// The runner closes every app when its scenario ends, so an app kept alive by its own code (a strategy's closure
/// capturing its context) still gives back what it holds outside the process (a real engine's driver).
@Suite("apps are closed when their scenario ends")
struct AppCloseTests {
    /// An app that records its `close()` and is kept alive from outside, as a retain cycle would keep it.
    final class RecordingApp: StubApp {
        let onClose: @Sendable () -> Void
        let failingLoad: Bool
        init(failingLoad: Bool, onClose: @escaping @Sendable () -> Void) {
            self.onClose = onClose
            self.failingLoad = failingLoad
        }
        override func load(_ request: HTTPRequest, handlesCookies: Bool) throws {
            if failingLoad { throw AppError.engineFailure("the engine died") }
        }
        override func close() { onClose() }
    }

    final class Counter: Sendable { let value = Locked(0) }
    /// Holds the apps past their scenario (a scenario runs on one thread: no lock needed).
    final class Kept: @unchecked Sendable { var apps: [RecordingApp] = [] }

    static let scenario = Fixtures.scenario("t.load", [.load(Request(url: "https://login.example.com/sso"))])

    /// Runs the scenario on an adapter whose apps are all kept alive in `kept`; the number of `close()` calls.
    static func closes(failingLoad: Bool) -> (closes: Int, apps: Int, status: Status) {
        let closes = Counter()
        let kept = Kept()
        let adapter = Adapter(
            info: AdapterInfo(name: "kept-alive", version: "1", profile: "", specProfile: "rfc6265bis"), summary: "",
            capabilities: Adapter.reference.capabilities
        ) { _ in
            let app = RecordingApp(failingLoad: failingLoad) { closes.value.withLock { $0 += 1 } }
            kept.apps.append(app)
            return app
        }
        let status = ScenarioExecutor().run(scenario, of: Fixtures.suite([scenario]), on: adapter).status
        return (closes.value.withLock { $0 }, kept.apps.count, status)
    }

    @Test("an app still referenced after its scenario is closed once")
    func closedWhileAlive() {
        let run = Self.closes(failingLoad: false)
        #expect(run.status == .passed)
        #expect(run.apps == 1)
        #expect(run.closes == 1)
    }

    @Test("an app whose engine failed is closed, and so is the fresh one the retry built")
    func closedAfterEngineFailure() {
        let run = Self.closes(failingLoad: true)
        guard case .errored = run.status else {
            Issue.record("expected an error, got \(run.status)")
            return
        }
        #expect(run.apps == 2)
        #expect(run.closes == 2)
    }
}
