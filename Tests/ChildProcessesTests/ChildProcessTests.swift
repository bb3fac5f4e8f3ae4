import ChildProcesses
import Foundation
import Testing

/// A child process's time limits and the kill that ends it with everything it started, on a small Python child
/// that answers `start`, starts a grandchild on `spawn` and never answers `hang`.
@Suite("child processes: time limits and process-group kill", .timeLimit(.minutes(3)))
struct ChildProcessTests {
    static let script = #"""
    import json, os, subprocess, sys, time
    def reply(rid, result):
        print(json.dumps({"id": rid, "status": "ok", "result": result}), flush=True)
    for raw in sys.stdin:
        request = json.loads(raw)
        op, rid = request["op"], request["id"]
        if op == "start":
            if os.environ.get("NEVER_START"):
                time.sleep(3600)
            reply(rid, {})
        elif op == "spawn":
            reply(rid, {"pid": subprocess.Popen(["sleep", "300"]).pid})
        elif op == "hang":
            time.sleep(3600)
    """#

    static func launch(
        startTimeout: Duration = .seconds(10), requestTimeout: Duration = .milliseconds(500), environment: [String: String] = [:]
    ) throws(ChildProcessError) -> ChildProcess {
        let configuration = ChildProcessConfiguration(
            role: "test child", name: "child", command: ["/usr/bin/python3", "-c", script], environment: environment,
            startTimeout: startTimeout, requestTimeout: requestTimeout)
        return try ChildProcess.launch(configuration, startFields: [:]) { (_: LineProtocol.Result) throws(LineProtocol.Violation) in }.process
    }

    /// Whether `pid` names a live process (a zombie is not alive: it has exited and waits to be reaped).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(within seconds: Double = 3, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test("a request past its time limit is a timedOut error; the process is killed and takes no more requests")
    func requestTimeLimit() throws {
        let child = try Self.launch(requestTimeout: .milliseconds(300))
        let started = ContinuousClock.now
        #expect {
            try child.call(LineProtocol.Operation("hang"))
        } throws: { error in
            (error as? ChildProcessError)?.code == .timedOut
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(Self.eventually { !Self.isAlive(child.pid) }, "pid \(child.pid) outlived its time limit")
        #expect(!child.isUsable)
        #expect {
            try child.call(LineProtocol.Operation("spawn"))
        } throws: { error in
            (error as? ChildProcessError)?.code == .exited
        }
    }

    @Test("a per-call time limit overrides the configured one")
    func perCallTimeLimit() throws {
        let child = try Self.launch(requestTimeout: .seconds(60))
        let started = ContinuousClock.now
        #expect(throws: ChildProcessError.self) { try child.call(LineProtocol.Operation("hang"), timeout: .milliseconds(300)) }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("a start handshake past its time limit cannot start")
    func startTimeLimit() {
        let started = ContinuousClock.now
        #expect {
            _ = try Self.launch(startTimeout: .milliseconds(300), environment: ["NEVER_START": "1"])
        } throws: { error in
            (error as? ChildProcessError)?.code == .cannotStart
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("kill ends the process and what it started (its process group)")
    func groupKill() throws {
        let child = try Self.launch(requestTimeout: .seconds(10))
        guard case .ok(let result) = try child.call(LineProtocol.Operation("spawn")).outcome else {
            Issue.record("spawn was not answered ok")
            return
        }
        let grandchild = Int32(try result.integer("pid"))
        #expect(Self.isAlive(grandchild))
        child.kill()
        #expect(Self.eventually { !Self.isAlive(child.pid) }, "the child, pid \(child.pid), is still running")
        #expect(Self.eventually { !Self.isAlive(grandchild) }, "the grandchild, pid \(grandchild), outlived the kill")
        if Self.isAlive(grandchild) { kill(grandchild, SIGKILL) }
    }
}
