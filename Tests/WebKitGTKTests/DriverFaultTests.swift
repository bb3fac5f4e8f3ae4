import ChildProcesses
import CookieModel
import Foundation
import HarnessCore
import Testing
import WebKitModel

@testable import EngineDrivers

#if canImport(Glibc)
import Glibc
#endif

/// What happens when the driver crashes, hangs or cannot get a display: an error the scenario reports, and no
/// process left behind — the driver's whole process group (WebKit's processes, its Xvfb) goes.
@Suite("WebKitGTK driver faults", .serialized)
struct DriverFaultTests {
    /// A stand-in driver: answers `start` and `new-data-store`, starts a helper process in its own process group
    /// (as WebKit's processes and Xvfb are), writes the helper's pid to a file, then crashes or hangs on `settle`
    /// — or crashes on `start` with SIGTRAP (every time, or only the first time), as WebKit once did on CI.
    static let standIn = #"""
        import json, os, subprocess, sys, time
        os.setpgrp()
        mode, pid_file = sys.argv[1], sys.argv[2]
        helper = subprocess.Popen(["sleep", "300"])
        open(pid_file, "w").write(str(helper.pid))
        for line in sys.stdin:
            request = json.loads(line)
            op, rid = request["op"], request["id"]
            if op == "start" and (mode == "crash-start" or mode == "crash-first-start" and not os.path.exists(pid_file + ".crashed")):
                open(pid_file + ".crashed", "w").close()
                sys.stderr.write("Gdk-ERROR: stand-in crash while starting\n")
                sys.stderr.flush()
                os.kill(os.getpid(), 5)
            if op == "start":
                result = {"name": "stand-in", "version": "0", "protocol": 1, "capabilities": [], "faketime": False}
            elif op == "new-data-store":
                result = {"store": 1}
            elif op == "settle" and mode == "crash":
                os._exit(3)
            elif op == "settle" and mode == "hang":
                time.sleep(600)
            else:
                result = {}
            sys.stdout.write(json.dumps({"id": rid, "status": "ok", "result": result}) + "\n")
            sys.stdout.flush()
        """#

    final class NoNetwork: HTTPNetwork {
        func send(_ request: HTTPRequest, for purpose: HTTPRequest.Purpose) -> HTTPResponse? { nil }
    }

    static func withStandIn(
        _ mode: String, body: (WebKitGTKDrivers, _ helperPID: () throws -> Int32) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driver-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("driver.py").path
        let pidFile = folder.appendingPathComponent("helper.pid").path
        try standIn.write(toFile: script, atomically: true, encoding: .utf8)
        let pool = WebKitGTKDrivers(configuration: ChildProcessConfiguration(
            role: "WebKitGTK driver", name: "stand-in", command: ["python3", script, mode, pidFile],
            startTimeout: .seconds(15), requestTimeout: .seconds(1)))
        try body(pool) {
            let text = try String(contentsOfFile: pidFile, encoding: .utf8)
            return try #require(Int32(text))
        }
    }

    /// Whether `pid` still exists (a zombie counts as gone: it has exited).
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !status.contains(") Z ")
    }

    static func waitUntilGone(_ pid: Int32, within seconds: Double = 3) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if !isAlive(pid) { return true }
            usleep(20_000)
        }
        return !isAlive(pid)
    }

    @Test("a driver that crashes mid-scenario is an engine failure, and its process group is gone")
    func crash() throws {
        try Self.withStandIn("crash") { pool, helperPID in
            let engine = try WebKitGTKEngine(
                clock: VirtualClock(start: Date()), network: NoNetwork(), persistent: false, drivers: pool, settleWait: 0.5)
            _ = engine.defaultDataStore()
            let helper = try helperPID()
            #expect(Self.isAlive(helper))
            let error = try #require(throws: WebKitError.self) { try engine.runUntilIdle() }
            #expect(error.code == .engineFailed)
            #expect(error.message.contains("exited with status 3"), "\(error)")
            #expect(Self.waitUntilGone(helper), "the driver's helper process \(helper) outlived it")
        }
    }

    @Test("a driver that hangs is killed at the time limit with its process group, and the step fails")
    func hang() throws {
        try Self.withStandIn("hang") { pool, helperPID in
            let engine = try WebKitGTKEngine(
                clock: VirtualClock(start: Date()), network: NoNetwork(), persistent: false, drivers: pool, settleWait: 0.5)
            _ = engine.defaultDataStore()
            let helper = try helperPID()
            let started = Date()
            let error = try #require(throws: WebKitError.self) { try engine.runUntilIdle() }
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(error.code == .engineFailed)
            #expect(error.message.contains("killed with SIGKILL"), "\(error)")
            #expect(Self.waitUntilGone(helper), "the driver's helper process \(helper) outlived it")
        }
    }

    @Test("a driver that crashes while starting is started again, and the crash is said in the transcript and to the run")
    func crashWhileStartingOnce() throws {
        try Self.withStandIn("crash-first-start") { pool, _ in
            var transcript: [String] = []
            let engine = try WebKitGTKEngine(
                clock: VirtualClock(start: Date()), network: NoNetwork(), persistent: false, drivers: pool, settleWait: 0.5,
                eventLog: { transcript.append($0) })
            _ = engine.defaultDataStore()
            let crashes = pool.takeStartCrashes()
            #expect(crashes.count == 1)
            #expect(crashes.first?.contains("killed by signal 5") == true, "\(crashes)")
            #expect(crashes.first?.contains("Gdk-ERROR: stand-in crash while starting") == true, "\(crashes)")
            #expect(transcript.contains { $0.contains("crashed while starting (attempt 1 of 3)") }, "\(transcript)")
            #expect(pool.takeStartCrashes().isEmpty)
            pool.stopAll()
        }
    }

    @Test("a driver that crashes at every start fails the scenario after three starts, with its stderr")
    func crashWhileStartingAlways() throws {
        try Self.withStandIn("crash-start") { pool, _ in
            let error = try #require(throws: ChildProcessError.self) {
                _ = try WebKitGTKEngine(clock: VirtualClock(start: Date()), network: NoNetwork(), persistent: false, drivers: pool)
            }
            #expect(error.code == .cannotStart)
            #expect(error.message.contains("(3 starts, each crashed)"), "\(error)")
            #expect(error.stderrTail?.contains("stand-in crash while starting") == true, "\(error)")
            #expect(pool.takeStartCrashes().count == 2)
            #expect(pool.processIdentifiers.isEmpty)
        }
    }

    @Test("without a display and without Xvfb the real driver refuses to start and says what to install")
    func noDisplay() throws {
        try #require(WebKitGTKDrivers.unavailableReason() == nil, "the real engine is not installed here")
        var configuration = WebKitGTKDrivers.configuration()
        configuration.environment["DISPLAY"] = ""
        configuration.environment["PATH"] = "/nonexistent"
        let pool = WebKitGTKDrivers(configuration: configuration)
        let started = Date()
        let error = try #require(throws: ChildProcessError.self) {
            _ = try WebKitGTKEngine(clock: VirtualClock(start: Date()), network: NoNetwork(), persistent: false, drivers: pool)
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(error.code == .cannotStart)
        #expect(error.message.contains("Xvfb not installed: run .ci/install-deps"), "\(error)")
    }
}
