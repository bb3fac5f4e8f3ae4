import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

import ChildProcesses
@testable import CookieStores

/// Adapters that crash, hang, print garbage or answer the wrong request: each failure is an error result with a
/// message that says where to look, the run completes, and the next scenario gets a working process.
@Suite("out-of-process faults", .serialized, .timeLimit(.minutes(2)))
struct OutOfProcessFaultTests {
    /// A fault, the error code it must give, and what its message must say.
    struct Fault: Sendable, CustomTestStringConvertible {
        var trigger: String
        var code: ExternalAdapterError.Code
        var mentions: [String]
        var testDescription: String { trigger }
    }

    static let faults = [
        Fault(trigger: "crash", code: .exited, mentions: ["exited with status 3 before replying", "stderr (last lines):\n    boom: simulated crash"]),
        Fault(trigger: "hang", code: .timedOut, mentions: ["no reply within the time limit of 1 s", "was killed with SIGKILL"]),
        Fault(trigger: "garbage", code: .invalidReply, mentions: ["not JSON", "offending line: this is not JSON"]),
        Fault(trigger: "wrong-id", code: .invalidReply, mentions: ["reply to the wrong request: expected id", #"offending line: {"id": 1"#]),
        Fault(trigger: "error", code: .adapterErrored, mentions: ["the adapter reported an error: simulated failure", "details:\n    line 1\n    line 2"]),
    ]

    /// Before: passes (and warms the pool). Fault: one good cookie, then the faulty one. After: passes again.
    private static func suite(trigger: String) -> Suite {
        OutOfProcessSupport.suite([
            OutOfProcessSupport.roundTrip("oop.before", set: ["a=1"], expect: "a=1"),
            OutOfProcessSupport.scenario("oop.fault", [
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "good=1"),
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "bad=\(trigger)"),
                .nativeRequest(Request(url: "https://app.example.com/home")),
            ]),
            OutOfProcessSupport.roundTrip("oop.after", set: ["b=2"], expect: "b=2"),
        ])
    }

    @Test("a fault mid-scenario is that scenario's error; the scenarios around it pass", arguments: faults)
    func faultBecomesError(fault: Fault) throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory, timeout: .seconds(1))
        defer { external.stopIdleProcesses() }
        let reporter = CollectingReporter()
        let start = ContinuousClock.now
        let summary = try Runner().run(
            RunPlan(suites: [Self.suite(trigger: fault.trigger)], adapters: [external.adapter()], jobs: 1),
            reporter: reporter)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(reporter.results.map(\.scenarioID) == ["oop.before", "oop.fault", "oop.after"])
        #expect(reporter.results.map(\.status.name) == ["pass", "error", "pass"])
        #expect(summary.passed == 2 && summary.errored == 1)
        guard case .errored(let detail) = reporter.results[1].status else { return }
        #expect(detail.hasPrefix("external adapter 'faulty' (python3 \(directory.path)/faulty.py), request #"))
        #expect(detail.contains(" set-cookie https://app.example.com/: "))
        for text in fault.mentions {
            #expect(detail.contains(text), "\(text) not in:\n\(detail)")
        }
    }

    @Test("the error thrown by the store carries the code, the request and the offending line", arguments: faults)
    func storeError(fault: Fault) throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory, timeout: .seconds(1))
        defer { external.stopIdleProcesses() }
        let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        let url = CookieURL(string: "https://app.example.com/")!
        try store.receive(setCookie: "good=1", from: url, context: .sameSiteNavigation)
        do {
            try store.receive(setCookie: "bad=\(fault.trigger)", from: url, context: .sameSiteNavigation)
            Issue.record("expected an error")
        } catch let error as ExternalAdapterError {
            #expect(error.code == fault.code)
            #expect(error.adapter == "faulty")
            #expect(error.request?.hasSuffix("set-cookie https://app.example.com/") == true)
            if fault.code == .invalidReply { #expect(error.line != nil) }
        }
        if fault.code == .adapterErrored {
            // An errored reply leaves the process usable.
            #expect(try store.cookieHeader(for: url, context: .sameSiteNavigation) == "good=1")
        } else {
            // The process was killed: later calls on this store fail at once, naming the earlier failure.
            #expect {
                try store.cookieHeader(for: url, context: .sameSiteNavigation)
            } throws: { error in
                "\(error)".contains("is no longer usable: it failed earlier in this scenario")
            }
        }
    }

    @Test("a killed process is gone: no zombie, no orphan")
    func hungProcessIsKilled() throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory, timeout: .seconds(1))
        defer { external.stopIdleProcesses() }
        let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        let pid = store.processIdentifier
        #expect(kill(pid, 0) == 0)
        #expect(throws: ExternalAdapterError.self) {
            try store.receive(setCookie: "x=hang", from: CookieURL(string: "https://app.example.com/")!, context: .sameSiteNavigation)
        }
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test("faults in parallel scenarios stay in their scenarios; the others pass")
    func parallelFaults() throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory, timeout: .seconds(1))
        defer { external.stopIdleProcesses() }
        var scenarios: [Scenario] = []
        for (index, trigger) in ["crash", "hang", "garbage", "wrong-id", "error"].enumerated() {
            scenarios.append(OutOfProcessSupport.roundTrip("oop.ok\(index)", set: ["n=\(index)", "m=\(index)"], expect: "n=\(index); m=\(index)"))
            scenarios.append(OutOfProcessSupport.scenario("oop.\(trigger)", [
                .nativeSetCookie(url: "https://app.example.com/", setCookie: "bad=\(trigger)"),
            ]))
        }
        scenarios += (5..<20).map { OutOfProcessSupport.roundTrip("oop.ok\($0)", set: ["n=\($0)"], expect: "n=\($0)") }
        let reporter = CollectingReporter()
        let summary = try Runner().run(
            RunPlan(suites: [OutOfProcessSupport.suite(scenarios)], adapters: [external.adapter()], jobs: 4),
            reporter: reporter)
        #expect(reporter.results.count == scenarios.count)
        #expect(summary.errored == 5)
        #expect(summary.passed == scenarios.count - 5)
        for result in reporter.results {
            #expect((result.status.name == "error") == !result.scenarioID.hasPrefix("oop.ok"), "\(result.scenarioID): \(result.status)")
        }
    }

    // MARK: Adapters that cannot start

    @Test("a command that does not exist: every scenario is an error naming the command")
    func commandNotFound() throws {
        let adapter = ExternalAdapter(name: "ghost", command: ["no-such-adapter-command", "--x"]).adapter()
        #expect(adapter.info.version == "unavailable")
        let reporter = CollectingReporter()
        let summary = try Runner().run(
            RunPlan(suites: [OutOfProcessSupport.suite([
                OutOfProcessSupport.roundTrip("oop.one", set: ["a=1"], expect: "a=1"),
                OutOfProcessSupport.roundTrip("oop.two", set: ["a=1"], expect: "a=1"),
            ])], adapters: [adapter]),
            reporter: reporter)
        #expect(summary.errored == 2)
        for result in reporter.results {
            guard case .errored(let detail) = result.status else {
                Issue.record("expected an error, got \(result.status)")
                continue
            }
            #expect(detail.hasPrefix("external adapter 'ghost' (no-such-adapter-command --x): command not found: 'no-such-adapter-command' (searched PATH: "))
        }
    }

    @Test(
        "a failed start handshake is a cannot-start error with the reason",
        arguments: [
            ("import sys; sys.stderr.write('no luck\\n'); sys.exit(7)", "the start handshake failed (exited): the process (pid "),
            ("import sys, json; r = json.loads(sys.stdin.readline()); print(json.dumps({'id': r['id'], 'status': 'ok', 'result': {'protocol': 2, 'name': 'n', 'version': 'v', 'capabilities': []}}), flush=True); sys.stdin.read()",
             "the start handshake failed (invalid reply): invalid start result: the adapter speaks protocol 2; this harness speaks protocol 1"),
            ("import sys, json; r = json.loads(sys.stdin.readline()); print(json.dumps({'id': r['id'], 'status': 'errored', 'message': 'no jar today'}), flush=True); sys.stdin.read()",
             "it failed to start: no jar today"),
            ("print('hello', flush=True); import sys; sys.stdin.read()", "the start handshake failed (invalid reply): not JSON"),
        ]
    )
    func failedHandshake(program: String, message: String) throws {
        let adapter = ExternalAdapter(name: "broken", command: ["python3", "-c", program], requestTimeout: .seconds(5)).adapter()
        #expect(adapter.capabilities == Set(Capability.allCases))
        do {
            _ = try adapter.makeApp(AppEnvironment(
                clock: VirtualClock(start: OutOfProcessSupport.start), network: VirtualNetwork(origins: []), transcript: Transcript()))
            Issue.record("expected an error")
        } catch let error as ExternalAdapterError {
            #expect(error.code == .cannotStart)
            #expect(error.message.hasPrefix(message), "\(error)")
            #expect(error.description.hasPrefix("external adapter 'broken' (python3 -c "))
            if program.contains("no luck") {
                #expect(error.message.contains("exited with status 7"))
                #expect(error.stderrTail == "no luck")
            }
        }
    }

    // MARK: Capabilities, skips, pooling

    @Test("capabilities come from the handshake: a scenario needing a missing one is skipped with the reason")
    func capabilitiesFromHandshake() throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory)
        defer { external.stopIdleProcesses() }
        let adapter = external.adapter()
        #expect(adapter.capabilities == [.nativeStore, .webView, .nonPersistentDataStore, .storeInspection])
        #expect(adapter.info.version == "0.1")
        #expect(adapter.summary.contains("ignored capabilities: teleport"))
        let reporter = CollectingReporter()
        _ = try Runner().run(
            RunPlan(suites: [OutOfProcessSupport.suite([
                OutOfProcessSupport.scenario("oop.restart", [.restartApp]),
                OutOfProcessSupport.scenario("oop.inspect", [
                    .nativeSetCookie(url: "https://app.example.com/", setCookie: "a=1"),
                    .expect(.store(StoreExpectation(store: .native, name: "a", value: "1"))),
                ]),
            ])], adapters: [adapter]),
            reporter: reporter)
        #expect(reporter.results.map(\.status) == [.skipped(reason: "adapter 'faulty' lacks capability: persistence"), .passed])
    }

    @Test("an operation the adapter skips is unsupported by the store")
    func skippedIsUnsupported() throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory)
        defer { external.stopIdleProcesses() }
        let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        #expect(throws: CookieStoreError.unsupported("document-cookie (faulty): no document-cookie here")) {
            try store.documentCookie(for: CookieURL(string: "https://app.example.com/")!, isSameSite: true)
        }
        #expect(throws: CookieStoreError.unsupported("restart (faulty): no restart here")) { try store.restart() }
    }

    @Test("a process is reset and reused by the next store, which sees none of the last one's cookies")
    func processReuse() throws {
        let directory = try TestDirectory()
        let external = try FaultyAdapter.make(in: directory)
        defer { external.stopIdleProcesses() }
        let url = CookieURL(string: "https://app.example.com/")!
        var first: ExternalCookieStore? = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        let pid = first!.processIdentifier
        try first!.receive(setCookie: "a=1", from: url, context: .sameSiteNavigation)
        // Two stores at once have two processes.
        let concurrent = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        #expect(concurrent.processIdentifier != pid)
        first = nil
        let second = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        #expect(second.processIdentifier == pid)
        #expect(try second.cookieHeader(for: url, context: .sameSiteNavigation) == nil)
    }

    @Test("an adapter without reset gets a fresh process for every store")
    func noReset() throws {
        let directory = try TestDirectory()
        let path = try directory.write("noreset.py", FaultyAdapter.script.replacingOccurrences(of: #"elif op == "reset":"#, with: #"elif op == "no-reset":"#))
        let external = ExternalAdapter(name: "noreset", command: ["python3", path])
        defer { external.stopIdleProcesses() }
        let url = CookieURL(string: "https://app.example.com/")!
        var pids: Set<Int32> = []
        for index in 0..<3 {
            let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
            #expect(try store.cookieHeader(for: url, context: .sameSiteNavigation) == nil)
            try store.receive(setCookie: "n=\(index)", from: url, context: .sameSiteNavigation)
            pids.insert(store.processIdentifier)
        }
        #expect(pids.count == 3)
    }
}
