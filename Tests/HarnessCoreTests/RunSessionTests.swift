import Foundation
import HarnessCore
import Locking
import Reporting
import Testing

/// A session knows no adapter family: a family's lifecycle hook, registered with `RunResources`, is what it calls
/// when its runs end.
@Suite("run session")
struct RunSessionCoreTests {
    /// What the stand-in family says when a run ends, and to which thread: it stays registered for the rest of the
    /// test process, and says nothing to the runs of other tests (their threads), nor twice.
    private static let pendingNotes = Locked<(thread: pthread_t?, notes: [String])>((nil, []))

    @Test("a session's runs go to their reporters, and its end says each family's notes once, after the last run")
    func endsOnceAfterItsRuns() throws {
        RunResources.register(RunResources.Family(name: "run-session test family", runEnded: {
            Self.pendingNotes.withLock { pending in
                guard let thread = pending.thread, pthread_equal(thread, pthread_self()) != 0 else { return [] }
                defer { pending = (nil, []) }
                return pending.notes
            }
        }))
        let said = Locked<[String]>([])
        let session = RunSession(note: { line in said.withLock { $0.append(line) } })
        let suite = Fixtures.suite([
            Fixtures.scenario("t.one", [.nativeSetCookie(url: "https://app.example.com/", setCookie: "a=1")]),
        ])
        let first = CollectingReporter()
        let second = CollectingReporter()
        #expect(try session.run(RunPlan(suites: [suite], adapters: [.reference], jobs: 1), reporter: first).total == 1)
        #expect(try session.run(RunPlan(suites: [suite], adapters: [.reference], jobs: 1), reporter: second).total == 1)
        #expect(first.results.count == 1 && second.results.count == 1)
        #expect(said.withLock { $0 }.isEmpty, "a family's notes are said when the session ends, not between its runs")

        Self.pendingNotes.withLock { $0 = (pthread_self(), ["the stand-in family released its processes"]) }
        session.end()
        session.end()
        #expect(said.withLock { $0 } == ["note: the stand-in family released its processes"])
    }
}
