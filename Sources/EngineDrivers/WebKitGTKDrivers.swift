import ChildProcesses
import Foundation
import HarnessCore
import Locking

/// The run's WebKitGTK drivers: one per scenario running at once (so `--jobs N` runs N drivers), each reset and
/// reused by the next scenario, every one stopped when the process exits.
///
/// Starting a driver costs about a second (Python, GTK, an Xvfb, WebKit's first processes); resetting one costs a
/// few milliseconds, which is why a scenario leases a driver instead of starting its own.
package final class WebKitGTKDrivers: Sendable {
    /// The drivers' Python package (each driver one of its modules, started with `python3 -m`).
    package static let pythonPackage = "harness_drivers"
    /// Where the WebKitGTK driver lives inside the package.
    package static let driverScript = Program.webKitGTK.script
    /// Debian's Python, whose `gi` is Debian's PyGObject (another Python on `PATH` would not have it).
    package static let python = "/usr/bin/python3"
    /// The typelib that `gir1.2-webkit2-4.1` installs: WebKitGTK's API 4.1 for PyGObject.
    static let webKitTypelibs = [
        "/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib",
        "/usr/lib/aarch64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib",
        "/usr/lib/girepository-1.0/WebKit2-4.1.typelib",
    ]
    /// libfaketime (Debian `faketime`), which the driver preloads into WebKit's processes to move their clock.
    package static let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

    /// Whether the driver can move WebKit's clock (so scenarios that advance the virtual clock can run).
    package static var movesClock: Bool { FileManager.default.fileExists(atPath: libfaketime) }

    /// How long one request may take (`settle` passes its own, longer, limit).
    package static let requestTimeout: Duration = .seconds(10)
    /// A driver's start: Python, GTK, Xvfb and WebKit's first processes on a loaded CI machine.
    package static let startTimeout: Duration = .seconds(30)

    /// The drivers of this process, started from the package's `harness_drivers/webkit.py`.
    package static let shared = WebKitGTKDrivers(configuration: nil)
    /// The Chromium drivers of this process (`harness_drivers/chromium.py`: the same protocol, so the same engine
    /// drives it).
    package static let chromium = WebKitGTKDrivers(configuration: nil, program: .chromium)
    /// The Firefox drivers of this process (`harness_drivers/firefox.py`: WebDriver BiDi behind the same protocol).
    package static let firefox = WebKitGTKDrivers(configuration: nil, program: .firefox)
    /// Every pool this process starts drivers from by name; each is stopped when the process exits or is interrupted.
    package static let processWide = [shared, chromium, firefox]

    /// A driver program of the package: which module, and how the harness names it in messages.
    package struct Program: Sendable {
        /// The driver's module in ``WebKitGTKDrivers/pythonPackage``, e.g. `webkit`
        /// (`python3 -m harness_drivers.webkit`).
        package var module: String
        /// e.g. `WebKitGTK driver`, in error messages.
        package var role: String
        /// The driver's name (what its `start` says), e.g. `webkitgtk`: the prefix of its lines in a transcript.
        package var name: String
        /// The engine's name in skip reasons, e.g. `WebKitGTK`.
        package var engine: String
        /// How long one request may take: a Chromium driver starts a browser for a persistent store inside one.
        package var requestTimeout: Duration
        /// How long the driver's `start` may take.
        package var startTimeout: Duration = WebKitGTKDrivers.startTimeout
        /// Why the engine's clock never moves, when that is known before the driver starts (a skip reason).
        package var clockNeverMoves: String? = nil

        /// Where the module's file lives inside the package (how the package is found on disk).
        package var script: String { "\(PackageFiles.pythonPackageParent)/\(pythonPackage)/\(module).py" }

        package static let webKitGTK = Program(
            module: "webkit", role: "WebKitGTK driver", name: "webkitgtk", engine: "WebKitGTK", requestTimeout: WebKitGTKDrivers.requestTimeout)
        package static let chromium = Program(
            module: "chromium", role: "Chromium driver", name: "chromium", engine: "Chromium",
            requestTimeout: .seconds(30))
        /// Firefox's start (WebDriver BiDi's `session.new`) took 6 s on the idle machine and 15–20 s with other
        /// builds running; a persistent store starts a second Firefox inside `new-data-store`.
        package static let firefox = Program(
            module: "firefox", role: "Firefox driver", name: "firefox", engine: "Firefox",
            requestTimeout: .seconds(60), startTimeout: .seconds(90),
            clockNeverMoves: "with libfaketime preloaded, Firefox ESR 153 hangs before it opens its WebDriver BiDi port (measured), so its driver never moves the clock")
    }

    /// How this pool starts a driver; nil: ``configuration(program:currentDirectory:executablePath:)``, looked up
    /// at the first start.
    let fixedConfiguration: ChildProcessConfiguration?
    /// Which driver this pool starts.
    package let program: Program

    /// A pool of its own (tests start a stand-in driver that crashes or hangs on cue).
    package init(configuration: ChildProcessConfiguration?, program: Program = .webKitGTK) {
        self.fixedConfiguration = configuration
        self.program = program
    }

    /// Stops the drivers of every process-wide pool.
    package static func stopAllProcessWide() {
        for pool in processWide { pool.stopAll() }
    }

    /// The process-wide pools' lifecycle hook (``RunResources``), registered by their first lease (before it they
    /// hold nothing): a signal stops their drivers, and a run's end names each driver that crashed while starting —
    /// rare, and never silent: its last stderr lines reach the console (its scenario ran on the next driver; the
    /// crash is also in that scenario's transcript).
    private static let runHooks: Void = RunResources.register(
        RunResources.Family(name: "driver pools", interrupt: stopAllProcessWide) {
            processWide.flatMap { pool in
                pool.takeStartCrashes().map { "a \(pool.program.role) crashed while starting and another was started: \($0)" }
            }
        })

    private struct State {
        var idle: [WebKitGTKDriver] = []
        var all: [WebKitGTKDriver] = []
        var exitHookInstalled = false
        var startCrashes: [String] = []
    }

    private let state = Locked(State())

    /// Why the real engine cannot run here, or nil when everything it needs is installed: Debian's Python with
    /// PyGObject, WebKitGTK's typelib, the driver script, and an X display or Xvfb to start one.
    package static func unavailableReason(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        let files = FileManager.default
        guard files.isExecutableFile(atPath: python) else {
            return "\(python) is missing: install python3 and python3-gi (run .ci/install-deps live)"
        }
        guard files.fileExists(atPath: "/usr/lib/python3/dist-packages/gi") else {
            return "PyGObject is missing: install python3-gi (run .ci/install-deps live)"
        }
        guard webKitTypelibs.contains(where: files.fileExists(atPath:)) else {
            return "WebKitGTK is missing: install gir1.2-webkit2-4.1 (run .ci/install-deps live)"
        }
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"]?.isEmpty ?? true,
           Syscalls.resolveExecutable("Xvfb", currentDirectory: currentDirectory, searchPath: environment["PATH"]).path == nil
        {
            return "no X display and Xvfb not installed: install xvfb (run .ci/install-deps live)"
        }
        let candidates = PackageFiles.candidates(
            for: driverScript, currentDirectory: currentDirectory, executablePath: executablePath)
        guard PackageFiles.firstRegularFile(in: candidates) != nil else {
            return "the driver \(driverScript) was not found (looked in \(candidates.joined(separator: ", ")))"
        }
        return nil
    }

    /// How a driver is started: `/usr/bin/python3 -u -P -m harness_drivers.webkit` (or the program's module), with
    /// the package's parent folder, as found on disk, on `PYTHONPATH`. `-P`: `-m` would put the current directory
    /// first on `sys.path`, where a `json.py` of the folder the harness runs in shadows the standard library's (tried).
    package static func configuration(
        program: Program = .webKitGTK,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) -> ChildProcessConfiguration {
        let candidates = PackageFiles.candidates(
            for: program.script, currentDirectory: currentDirectory, executablePath: executablePath)
        let script = PackageFiles.firstRegularFile(in: candidates) ?? program.script
        let packageParent = String(script.dropLast(program.script.count - PackageFiles.pythonPackageParent.count))
        return ChildProcessConfiguration(
            role: program.role, name: program.name,
            command: [python, "-u", "-P", "-m", "\(pythonPackage).\(program.module)"],
            environment: ["PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": packageParent],
            startTimeout: program.startTimeout, requestTimeout: program.requestTimeout)
    }

    /// How many times a driver is started before a crash while starting is the scenario's error.
    static let startAttempts = 3

    /// A driver for one engine alone: an idle one (reset), or a new one.
    ///
    /// A driver that crashes before it answers `start` is started again, up to ``startAttempts`` times: on a
    /// loaded CI machine WebKit or GTK has been seen to abort while coming up (killed by SIGTRAP, once in one CI
    /// run; 60 starts here did not reproduce it), and the scenario has not begun. Each crash is said in
    /// `log` (the scenario's transcript) and kept for ``takeStartCrashes()`` with the driver's last stderr lines,
    /// for the run's console, so its cause can be read from a CI log. A driver that declines to start (no
    /// display, WebKit missing) is not retried.
    ///
    /// - Throws: ``ChildProcessError`` when no driver can start (its reason: no display, no WebKit).
    func lease(log: (String) -> Void = { _ in }) throws -> WebKitGTKDriver {
        if Self.processWide.contains(where: { $0 === self }) { _ = Self.runHooks }
        while let candidate = state.withLock({ $0.idle.popLast() }) {
            guard candidate.isUsable else { continue }
            do {
                try candidate.call("reset")
                return candidate
            } catch {
                candidate.kill()
            }
        }
        let driver = try launchRetryingCrashes(log: log)
        let installHook = state.withLock { state -> Bool in
            state.all.append(driver)
            defer { state.exitHookInstalled = true }
            return !state.exitHookInstalled
        }
        if installHook, Self.processWide.contains(where: { $0 === self }) { atexit { WebKitGTKDrivers.stopAllProcessWide() } }
        return driver
    }

    private func launchRetryingCrashes(log: (String) -> Void) throws(ChildProcessError) -> WebKitGTKDriver {
        let configuration = fixedConfiguration ?? Self.configuration(program: program)
        var attempt = 1
        while true {
            do {
                return try WebKitGTKDriver.launch(configuration)
            } catch where error.handshakeFailure == .exited && attempt < Self.startAttempts {
                log("a driver crashed while starting (attempt \(attempt) of \(Self.startAttempts)); starting another. \(error)")
                state.withLock { $0.startCrashes.append(error.description) }
                attempt += 1
            } catch where error.handshakeFailure == .exited {
                var failure = error
                failure.message += " (\(attempt) starts, each crashed)"
                throw failure
            }
        }
    }

    /// The drivers that crashed while starting and were started again since the last call, each as its error
    /// (the driver's last stderr lines included); a run prints them when it ends.
    package func takeStartCrashes() -> [String] {
        state.withLock { state in
            defer { state.startCrashes.removeAll() }
            return state.startCrashes
        }
    }

    /// What a driver of this pool says in its `start` reply (its engine's version, whether it moves its clock): a
    /// driver is leased (started when none is idle) and given back for the next scenario.
    /// - Throws: ``ChildProcessError`` when no driver can start.
    package func handshake() throws -> WebKitGTKDriver.Handshake {
        let driver = try lease()
        defer { giveBack(driver) }
        return driver.handshake
    }

    /// Takes a driver back after its engine is done; a broken one is killed.
    func giveBack(_ driver: WebKitGTKDriver) {
        guard driver.isUsable else { return driver.kill() }
        state.withLock { $0.idle.append(driver) }
    }

    /// The idle drivers' own profiles (`profile`: where each one's time went since it was last asked), summed; a
    /// driver that does not keep one (`skipped`) adds nothing.
    package func takeDriverProfiles() -> [String: DriverProfile.Total] {
        let drivers = state.withLock { $0.idle }
        var totals: [String: DriverProfile.Total] = [:]
        for driver in drivers {
            guard let result = try? driver.call("profile") else { continue }
            DriverProfile.merge(DriverProfile.totals(in: result), into: &totals)
        }
        return totals
    }

    /// The memory of each driver of this pool that is running, with its WebKit processes and its Xvfb (its process
    /// group): the proportional set size (a shared page counted in part), in bytes, from `/proc/PID/smaps_rollup`.
    package func memoryPerDriver() -> [Int] {
        let groups = Set(processIdentifiers)
        var bytes: [Int32: Int] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), case let group = getpgid(pid), groups.contains(group),
                  let rollup = try? String(contentsOfFile: "/proc/\(entry)/smaps_rollup", encoding: .utf8),
                  let line = rollup.split(separator: "\n").first(where: { $0.hasPrefix("Pss:") }),
                  let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { continue }
            bytes[group, default: 0] += kilobytes * 1024
        }
        return bytes.values.sorted()
    }

    /// The process ids of the drivers this pool has started and not stopped (each leads its own process group).
    package var processIdentifiers: [Int32] { state.withLock { $0.all.map(\.process.pid) } }

    /// Stops every driver this process started (each takes its WebKit processes and Xvfb with it), waiting up to
    /// a second for each before killing its process group.
    package func stopAll() {
        let drivers = state.withLock { state -> [WebKitGTKDriver] in
            defer { state.all.removeAll(); state.idle.removeAll() }
            return state.all
        }
        for driver in drivers { driver.stop() }
        let deadline = Date(timeIntervalSinceNow: 1.5)
        while drivers.contains(where: { $0.process.isRunning }), Date() < deadline { usleep(10_000) }
        for driver in drivers { driver.kill() }
    }
}
