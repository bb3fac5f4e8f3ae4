import Foundation
import Locking
import TestSupport
import Testing
import XMLSupport

/// SIGHUP and SIGQUIT stop every command as SIGTERM does, and what an adapter starts outside its process group
/// (setsid, a double fork, Python's `start_new_session=True`) dies with it (issue 17, items 4 and 5): through the
/// real binary, each leftover process found in `/proc` by a command line no other test uses (`sleep 31337.NNNNNN`).
@Suite("faults: signals and detached processes", .serialized)
struct SignalFaultTests {
    static let suite = Harness.root + "/Suites/first-request/first-request.xml"

    @Test("SIGHUP and SIGQUIT stop a run like SIGTERM: exit 128+N, valid partial reports, nothing left", arguments: [
        (SIGHUP, 129, "SIGHUP"), (SIGQUIT, 131, "SIGQUIT"),
    ])
    func signalStopsARun(signal: Int32, status: Int32, name: String) throws {
        let test = try DetachingAdapterRun(hanging: true)
        defer { test.killLeftovers() }
        let outcome = try test.signalled(
            ["run", Self.suite, Harness.root + "/Suites/redirect", "--adapter", "reference", "--adapter", "detach",
             "--time-limit", "60", "--jobs", "2", "--json", "out/r.json", "--junit", "out/j.xml"],
            with: signal)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("interrupted by \(name)"), "\(outcome.stderr)")

        let directory = test.directory
        try Harness.expectInterruptedReports(in: directory.path + "/out", signal: name)
        test.expectNothingLeft(besides: ["j.xml", "r.json", "r.run.json"])
    }

    @Test("SIGHUP from a terminal that is gone (writes fail with EIO): exit 129, valid partial reports, nothing left")
    func hangupWithTheTerminalGone() throws {
        let test = try DetachingAdapterRun(hanging: true)
        defer { test.killLeftovers() }
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.binary)
        process.arguments = ["run", Self.suite, "--adapter", "reference", "--adapter", "detach", "--time-limit", "60",
                             "--external", "detach=python3 \(test.adapter)", "--json", "out/r.json", "--junit", "out/j.xml"]
        process.currentDirectoryURL = URL(fileURLWithPath: test.directory.path)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": test.directory.scratch, "HOME": test.directory.path].merging(test.environment) { $1 }) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = terminal.secondary
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 30)
        while FaultAdapters.pids(in: test.pidsFile).isEmpty, Date() < deadline, process.isRunning { usleep(20_000) }
        #expect(!FaultAdapters.pids(in: test.pidsFile).isEmpty, "the adapter never started")
        // The terminal closes (every later write to it fails), then the hangup arrives, as when an SSH session ends.
        terminal.close()
        kill(process.processIdentifier, SIGHUP)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 10 { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 129,
                "\(process.terminationReason == .exit ? "exit" : "killed by signal") \(process.terminationStatus)")
        let json = try Data(contentsOf: URL(fileURLWithPath: test.directory.path + "/out/r.json"))
        let records = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(records.contains { ($0["message"] as? String)?.contains("interrupted by SIGHUP") == true })
        test.expectNothingLeft(besides: ["j.xml", "r.json", "r.run.json"])
    }

    @Test("SIGHUP and SIGQUIT stop compare too: exit 128+N, the partial matrix marked interrupted, nothing left", arguments: [
        (SIGHUP, 129, "SIGHUP"), (SIGQUIT, 131, "SIGQUIT"),
    ])
    func signalStopsCompare(signal: Int32, status: Int32, name: String) throws {
        let test = try DetachingAdapterRun(hanging: true)
        defer { test.killLeftovers() }
        let outcome = try test.signalled(
            ["compare", Self.suite, "--adapter", "reference", "--adapter", "detach", "--time-limit", "60",
             "--jobs", "2", "--markdown", "out/m.md", "--html", "out/m.html"],
            with: signal)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("interrupted by \(name)"), "\(outcome.stderr)")
        let markdown = try String(contentsOfFile: test.directory.path + "/out/m.md", encoding: .utf8)
        #expect(markdown.contains("interrupted by \(name)"), "\(markdown.prefix(2000))")
        test.expectNothingLeft(besides: ["m.html", "m.md"])
    }

    @Test("a command that runs nothing (diff) stops at once on SIGHUP and SIGQUIT: exit 128+N, its scratch folder removed", arguments: [
        (SIGHUP, 129, "SIGHUP"), (SIGQUIT, 131, "SIGQUIT"),
    ])
    func signalStopsDiffAtOnce(signal: Int32, status: Int32, name: String) throws {
        let directory = try FaultDirectory()
        let first = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "r.json", "--junit", "j.xml",
             "--filter", "first-request.native-set-cookie-on-first-load"],
            in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        // A FIFO nobody reads: diff builds the report in a scratch folder, then waits for a reader (10 s at most).
        #expect(mkfifo(directory.path + "/fifo.md", 0o644) == 0)
        let process = try Harness.start(["diff", "r.json", "r.json", "--markdown", "fifo.md"], in: directory)
        let waiting = Date(timeIntervalSinceNow: 8)
        while directory.contents(of: "scratch").isEmpty, Date() < waiting, process.isRunning { usleep(10_000) }
        #expect(!directory.contents(of: "scratch").isEmpty, "diff never made its scratch folder")
        kill(process.processIdentifier, signal)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 10 { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(directory.stderr)")
        #expect(directory.stderr.contains("\(name): stopped at once"), "\(directory.stderr)")
        #expect(directory.contents(of: "scratch").isEmpty, "scratch left: \(directory.contents(of: "scratch"))")
        #expect(directory.contents(of: ".").filter { $0.hasPrefix(".") }.isEmpty, "a temporary file was left")
    }

    @Test("what an adapter started outside its process group (setsid, start_new_session) is gone after a normal run")
    func detachedGrandchildrenEndWithANormalRun() throws {
        let test = try DetachingAdapterRun(hanging: false)
        defer { test.killLeftovers() }
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "detach", "--external", "detach=python3 \(test.adapter)",
             "--filter", "first-request.native-set-cookie-on-first-load", "--json", "out/r.json", "--junit", "out/j.xml"],
            in: test.directory, environment: test.environment, timeout: 60)
        #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.stderr)")
        #expect(FaultAdapters.pids(in: test.pidsFile).count >= 1, "the adapter did not start: \(outcome.stderr)")
        test.expectNothingLeft(besides: ["j.xml", "r.json", "r.run.json"])
    }

    @Test("what an adapter started outside its process group is gone when that adapter ends, not only with the run")
    func detachedGrandchildrenEndWithTheirAdapter() throws {
        let test = try DetachingAdapterRun(hanging: false)
        defer { test.killLeftovers() }
        // The adapter answers `reset` with skipped: every scenario gets a fresh process, the previous one is stopped.
        // Each new process counts, before starting its own, the detached sleeps of the earlier ones still alive.
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "detach", "--external", "detach=python3 \(test.adapter)", "--jobs", "1",
             "--json", "out/r.json", "--junit", "out/j.xml"],
            in: test.directory, environment: test.environment, timeout: 120)
        #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.stderr)")
        let counts = FaultAdapters.pids(in: test.directory.path + "/survivors")
        #expect(counts.count >= 2, "fewer than two adapter processes ran: \(outcome.stderr)")
        #expect(counts.allSatisfy { $0 == 0 }, "detached processes of an ended adapter still alive when the next began: \(counts)")
        test.expectNothingLeft(besides: ["j.xml", "r.json", "r.run.json"])
    }
}

/// A run of the stand-in adapter that detaches processes, in a fresh ``FaultDirectory``, and the checks that
/// nothing of it is left.
struct DetachingAdapterRun {
    let directory: FaultDirectory
    let adapter: String
    let pidsFile: String
    /// `31337.NNNNNN`: the argument of every `sleep` this run's adapters start, to find them in `/proc`.
    let mark: String
    let environment: [String: String]

    init(hanging: Bool) throws {
        directory = try FaultDirectory()
        adapter = try directory.write("detach.py", Self.script)
        pidsFile = directory.path + "/pids"
        mark = "31337." + String(Int.random(in: 100_000...999_999))
        environment = [
            "PIDS_FILE": pidsFile, "SLEEP_MARK": mark, "HANG": hanging ? "1" : "",
            "SURVIVORS_FILE": directory.path + "/survivors",
        ]
    }

    /// Starts `arguments` (with `--external detach=…`), waits until the adapter has started its processes, sends
    /// `signal` and waits for the end (10 s at most).
    func signalled(_ arguments: [String], with signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> Harness.Outcome {
        let started = Date()
        let process = try Harness.start(
            arguments + ["--external", "detach=python3 \(adapter)"], in: directory, environment: environment)
        let deadline = Date(timeIntervalSinceNow: 30)
        while FaultAdapters.pids(in: pidsFile).isEmpty, Date() < deadline, process.isRunning { usleep(20_000) }
        #expect(!FaultAdapters.pids(in: pidsFile).isEmpty, "the adapter never started: \(directory.stderr)", sourceLocation: sourceLocation)
        kill(process.processIdentifier, signal)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 10 { usleep(10_000) }
        #expect(!process.isRunning, "still running 10 s after the signal", sourceLocation: sourceLocation)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // Killed by the signal (before the fix) is not an exit status of 128+N.
        let status = process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        return Harness.Outcome(status: status, stderr: directory.stderr, seconds: Date().timeIntervalSince(started))
    }

    /// Only `reports` in `out/`, no scratch folder, no adapter and none of its `sleep`s alive.
    func expectNothingLeft(besides reports: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(directory.contents(of: "out") == reports, "temporary files next to the reports", sourceLocation: sourceLocation)
        #expect(directory.contents(of: "scratch").isEmpty, "scratch left: \(directory.contents(of: "scratch"))", sourceLocation: sourceLocation)
        var left: [Int32] = []
        for _ in 0..<25 {
            left = FaultAdapters.alive(FaultAdapters.pids(in: pidsFile)) + sleeps()
            if left.isEmpty { break }
            usleep(20_000)
        }
        #expect(left.isEmpty, "still running: \(left.map { "\($0) \(commandLine(of: $0))" })", sourceLocation: sourceLocation)
    }

    /// The `sleep <mark>` processes alive (zombies do not count).
    func sleeps() -> [Int32] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return FaultAdapters.alive(pids.filter { commandLine(of: $0) == "sleep \(mark)" })
    }

    private func commandLine(of pid: Int32) -> String {
        guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// So that a failing test leaves no 300 s processes behind.
    func killLeftovers() {
        for pid in FaultAdapters.alive(FaultAdapters.pids(in: pidsFile)) + sleeps() { kill(pid, SIGKILL) }
    }

    /// Starts three `sleep $SLEEP_MARK`: one in its process group, one in a session of its own (Python's
    /// `start_new_session=True`), one double-forked by a shell through `setsid`, and writes its pid to `$PIDS_FILE`;
    /// before that, unless `$HANG` is set, the number of marked sleeps of earlier processes still alive to
    /// `$SURVIVORS_FILE` (waiting up to 3 s for them to go). Answers the handshake, then hangs on every request when `$HANG` is set, else answers
    /// every request `skipped` (`reset` included, so that each store gets a fresh process).
    static let script = StandInAdapter.script(name: "detach", prelude: #"""
    import json, os, subprocess, sys, time
    mark = os.environ["SLEEP_MARK"]
    def marked():
        found = 0
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if f.read() != b"sleep\0" + mark.encode() + b"\0":
                        continue
                with open(f"/proc/{name}/stat", "rb") as f:
                    if f.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X"):
                        continue
            except OSError:
                continue
            found += 1
        return found
    if not os.environ.get("HANG"):
        deadline = time.time() + 3
        while marked() > 0 and time.time() < deadline:
            time.sleep(0.05)
        with open(os.environ["SURVIVORS_FILE"], "a") as f:
            f.write(f"{marked()}\n")
    before = marked()
    subprocess.Popen(["sleep", mark])
    subprocess.Popen(["sleep", mark], start_new_session=True)
    subprocess.Popen(["sh", "-c", f"setsid sleep {mark} &"])
    deadline = time.time() + 5
    while marked() < before + 3 and time.time() < deadline:
        time.sleep(0.02)
    with open(os.environ["PIDS_FILE"], "a") as pids:
        pids.write(f"{os.getpid()}\n")
    """#)
}

/// A pseudo-terminal whose secondary side a child writes to, drained until ``close()`` hangs it up.
final class PseudoTerminal: Sendable {
    private let primary: Int32
    let secondary: FileHandle
    private let draining = Locked(true)

    init() throws {
        // Swift's Glibc module leaves out the XSI pseudo-terminal calls: found at run time.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(symbol, to: type)
        }
        primary = try function("posix_openpt", as: Call.self)(O_RDWR | O_NOCTTY)
        guard primary >= 0, try function("grantpt", as: Call.self)(primary) == 0,
              try function("unlockpt", as: Call.self)(primary) == 0,
              let name = try function("ptsname", as: Name.self)(primary),
              let secondary = FileHandle(forWritingAtPath: String(cString: name))
        else { throw POSIXError(.EIO) }
        self.secondary = secondary
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while draining.withLock({ $0 }) {
                var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 20) > 0 { _ = read(primary, &buffer, buffer.count) }
            }
            Glibc.close(primary)
        }
    }

    /// Closes both sides: the terminal is gone, a write to it fails with EIO.
    func close() {
        try? secondary.close()
        draining.withLock { $0 = false }
        usleep(100_000)
    }
}
