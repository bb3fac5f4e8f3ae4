import Foundation
import Testing
import XMLSupport

/// Faults around the edges of a run (issue 11), each through the real binary: what the user points at survives,
/// nothing hangs or leaks, signals leave valid partial reports and no scratch files, floods are capped.
@Suite("faults: the real binary", .serialized)
struct FaultTests {
    static let suite = Harness.root + "/Suites/first-request/first-request.xml"
    static let oneScenario = ["--filter", "first-request.native-set-cookie-on-first-load"]

    // MARK: Never damage what the user points at

    @Test("a report path that is a device node is written through; the node survives")
    func deviceNodeSurvives() throws {
        let directory = try FaultDirectory()
        guard mknod(directory.path + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            return  // not root: no device node can be made here
        }
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "null", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.type(of: "null") == S_IFCHR, "the device node was replaced")
        #expect(directory.contents(of: ".").filter { $0.hasPrefix(".null") }.isEmpty)
    }

    @Test("a report path that is a symlink is followed: the link stays, its target gets the report")
    func symlinkIsFollowed() throws {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.json", withDestinationPath: "real/r.json")
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "link.json", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.type(of: "link.json") == S_IFLNK, "the symlink was replaced by a regular file")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/real/r.json"))
        let records = try JSONSerialization.jsonObject(with: data) as? [Any]
        #expect(records?.count == 1)
    }

    @Test("a report written to a full device fails with exit 3 and the system's reason; the device survives")
    func fullDeviceIsAnInfrastructureFailure() throws {
        let directory = try FaultDirectory()
        // A private copy of /dev/full (1, 7): a harness that replaces what it writes must not break the machine's.
        guard mknod(directory.path + "/full", S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else { return }
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "full", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 3)
        #expect(outcome.stderr.contains("full: error: write failed: No space left on device"), "\(outcome.stderr)")
        #expect(directory.type(of: "full") == S_IFCHR, "the device node was replaced")
    }

    @Test("a directory, an empty path or one file for both reports is refused before the run", arguments: [
        (["--json", "."], "is a directory"),
        (["--json", ""], "the report path is empty"),
        (["--json", "same.xml", "--junit", "same.xml"], "is also the path of another report"),
    ])
    func badReportPathsAreRefused(options: [String], message: String) throws {
        let directory = try FaultDirectory()
        let outcome = try Harness.run(["run", Self.suite, "--adapter", "reference"] + options, in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("passed"), "the run started before the path was refused")
        #expect(!directory.contents(of: ".").contains("Reports"))
    }

    @Test("compare's matrix is written like run's reports: a device is written through, a symlink followed")
    func compareReportsNeverReplaceDevicesOrLinks() throws {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.html", withDestinationPath: "real/m.html")
        let device = mknod(directory.path + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
        let outcome = try Harness.run(
            ["compare", Self.suite, "--adapter", "reference", "--html", "link.html",
             "--markdown", device ? "null" : "m.md"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.type(of: "link.html") == S_IFLNK, "the symlink was replaced by a regular file")
        #expect(directory.contents(of: "real") == ["m.html"])
        if device {
            #expect(directory.type(of: "null") == S_IFCHR, "the device node was replaced")
        }
        #expect(directory.contents(of: ".").filter { $0.hasPrefix(".") }.isEmpty, "a temporary file was left")
    }

    @Test("diff's and merge's reports are written like run's: a device is written through, a symlink followed")
    func diffAndMergeReportsNeverReplaceDevicesOrLinks() throws {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.md", withDestinationPath: "real/d.md")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.xml", withDestinationPath: "real/m.xml")
        let device = mknod(directory.path + "/null", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
        let first = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let diff = try Harness.run(
            ["diff", "r.json", "r.json", "--markdown", "link.md", "--json", device ? "null" : "d.json"], in: directory)
        #expect(diff.status == 0, "\(diff.stderr)")
        let merge = try Harness.run(
            ["merge", "j.xml", "r.json", "--junit", "link.xml", "--json", device ? "null" : "m.json"], in: directory)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(directory.type(of: "link.md") == S_IFLNK, "diff replaced the symlink")
        #expect(directory.type(of: "link.xml") == S_IFLNK, "merge replaced the symlink")
        #expect(directory.contents(of: "real") == ["d.md", "m.xml"])
        if device {
            #expect(directory.type(of: "null") == S_IFCHR, "the device node was replaced")
        }
        #expect(directory.contents(of: ".").filter { $0.hasPrefix(".") }.isEmpty, "a temporary file was left")
    }

    @Test("a missing report folder is created and announced")
    func missingFolderIsAnnounced() throws {
        let directory = try FaultDirectory()
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "out/deep/r.json", "--junit", "out/j.xml"]
                + Self.oneScenario, in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("created folder out/deep for out/deep/r.json"), "\(outcome.stderr)")
        #expect(directory.contents(of: "out/deep") == ["r.json", "r.run.json"])
    }

    // MARK: Never hang, never leak

    @Test("a suite file that is a FIFO is refused within a second")
    func fifoSuiteIsRefused() throws {
        let directory = try FaultDirectory()
        #expect(mkfifo(directory.path + "/suite.xml", 0o644) == 0)
        try directory.write("empty.xml", "")
        for command in [["validate", "suite.xml"], ["run", "suite.xml", "--adapter", "reference"]] {
            // The same command on a regular (empty, invalid) file: how long the binary takes to start and refuse
            // anything on this machine now, so that a loaded machine does not fail the test.
            let baseline = try Harness.run(command.map { $0 == "suite.xml" ? "empty.xml" : $0 }, in: directory)
            let outcome = try Harness.run(command, in: directory, timeout: 10)
            #expect(outcome.status == 2)
            #expect(outcome.seconds < baseline.seconds + 1, "took \(outcome.seconds) s (a regular file: \(baseline.seconds) s)")
            #expect(outcome.stderr.contains("suite.xml: error: not a regular file"), "\(outcome.stderr)")
        }
    }

    @Test("a diagnostic flood is capped at 50 per file, with memory bounded")
    func diagnosticFloodIsCapped() throws {
        let directory = try FaultDirectory()
        let body = String(repeating: "&a;", count: 1_000_000)
        try directory.write("flood.xml", "<?xml version=\"1.0\"?><suite xmlns=\"urn:x\">\(body)</suite>\n")
        let outcome = try Harness.run(["validate", "flood.xml"], in: directory, timeout: 60)
        #expect(outcome.status == 2)
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count <= 55, "\(lines.count) lines")
        #expect(outcome.stderr.contains(#/and \d+ more diagnostics in this file/#), "\(outcome.stderr.suffix(500))")
    }

    @Test("an adapter that hangs past --time-limit is killed with what it started: no process outlives the run")
    func noProcessOutlivesTheRun() throws {
        let directory = try FaultDirectory()
        let adapter = try directory.write("hang.py", FaultAdapters.hanging)
        let pidsFile = directory.path + "/pids"
        let outcome = try Harness.run(
            ["run", Self.suite, "--external", "hang=python3 \(adapter)", "--adapter", "hang", "--time-limit", "1",
             "--jobs", "2", "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario,
            in: directory, environment: ["PIDS_FILE": pidsFile], timeout: 60)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("time limit"), "\(outcome.stderr)")
        let pids = FaultAdapters.pids(in: pidsFile)
        #expect(pids.count >= 2, "the adapter did not start")
        usleep(200_000)
        #expect(FaultAdapters.alive(pids).isEmpty, "still running after the run: \(FaultAdapters.alive(pids))")
        #expect(directory.contents(of: "scratch").isEmpty)
    }

    // MARK: Signals

    @Test("SIGINT: exit 130 at once, valid partial reports marked interrupted, no process or scratch file left")
    func sigintLeavesValidPartialReports() throws {
        try interrupt(with: SIGINT, expecting: 130, name: "SIGINT")
    }

    @Test("SIGTERM: exit 143, the same guarantees")
    func sigtermLeavesValidPartialReports() throws {
        try interrupt(with: SIGTERM, expecting: 143, name: "SIGTERM")
    }

    private func interrupt(with signal: Int32, expecting status: Int32, name: String) throws {
        let directory = try FaultDirectory()
        let adapter = try directory.write("hang.py", FaultAdapters.hanging)
        let pidsFile = directory.path + "/pids"
        let process = try Harness.start(
            ["run", Self.suite, Harness.root + "/Suites/redirect", "--external", "hang=python3 \(adapter)",
             "--adapter", "reference", "--adapter", "hang", "--time-limit", "60", "--jobs", "2",
             "--json", "out/r.json", "--junit", "out/j.xml"],
            in: directory, environment: ["PIDS_FILE": pidsFile])
        // Wait until the hanging adapter is running (it has written its pid), so the signal lands mid-run.
        let started = Date(timeIntervalSinceNow: 30)
        while FaultAdapters.pids(in: pidsFile).isEmpty, Date() < started, process.isRunning { usleep(20_000) }
        #expect(!FaultAdapters.pids(in: pidsFile).isEmpty, "the adapter never started")
        kill(process.processIdentifier, signal)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 10 { usleep(10_000) }
        #expect(!process.isRunning, "still running 10 s after \(name)")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "\(directory.stderr)")
        #expect(directory.stderr.contains("interrupted by \(name)"), "\(directory.stderr)")

        try Harness.expectInterruptedReports(in: directory.path + "/out", signal: name)

        #expect(directory.contents(of: "out") == ["j.xml", "r.json", "r.run.json"], "scratch files left next to the reports")
        #expect(directory.contents(of: "scratch").isEmpty, "scratch folders left: \(directory.contents(of: "scratch"))")
        usleep(200_000)
        let pids = FaultAdapters.pids(in: pidsFile)
        #expect(FaultAdapters.alive(pids).isEmpty, "still running after \(name): \(FaultAdapters.alive(pids))")
    }

    @Test("a second SIGINT exits at once and still removes the scratch files")
    func secondSigintExitsAtOnce() throws {
        let directory = try FaultDirectory()
        let adapter = try directory.write("hang.py", FaultAdapters.hanging)
        let pidsFile = directory.path + "/pids"
        // Suite loading of a big folder is the window before graceful handling: two signals close together.
        let process = try Harness.start(
            ["run", Self.suite, "--external", "hang=python3 \(adapter)", "--adapter", "hang", "--time-limit", "60",
             "--json", "out/r.json", "--junit", "out/j.xml"],
            in: directory, environment: ["PIDS_FILE": pidsFile])
        let started = Date(timeIntervalSinceNow: 30)
        while FaultAdapters.pids(in: pidsFile).isEmpty, Date() < started, process.isRunning { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        kill(process.processIdentifier, SIGINT)
        let signalled = Date()
        while process.isRunning, Date().timeIntervalSince(signalled) < 10 { usleep(10_000) }
        #expect(!process.isRunning)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(directory.stderr)")
        #expect(directory.contents(of: "out").allSatisfy { !$0.hasPrefix(".") }, "\(directory.contents(of: "out"))")
        #expect(directory.contents(of: "scratch").isEmpty)
        usleep(200_000)
        #expect(FaultAdapters.alive(FaultAdapters.pids(in: pidsFile)).isEmpty)
    }
}
