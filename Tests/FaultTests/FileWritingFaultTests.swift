import Foundation
import Testing

/// Files the tool writes and folders it reads (issue 17, items 6 and 7), through the real binary: an existing file
/// keeps its mode and stays behind its symlink, a new one honours the umask, suite folders behind symlinks load.
@Suite("faults: files written and folders read", .serialized)
struct FileWritingFaultTests {
    static let suite = Harness.root + "/Suites/first-request/first-request.xml"
    static let scenario = "first-request.native-set-cookie-on-first-load"
    static let oneScenario = ["--filter", scenario]

    // MARK: Modes and links of what is written

    @Test("an existing 0600 report stays 0600 after a run (JSON and JUnit)")
    func existingReportKeepsItsMode() throws {
        let directory = try FaultDirectory()
        for name in ["r.json", "j.xml"] {
            try directory.write(name, "old\n")
            chmod(directory.path + "/" + name, 0o600)
        }
        let outcome = try Harness.run(
            ["run", Self.suite, "--adapter", "reference", "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.mode(of: "r.json") == 0o600)
        #expect(directory.mode(of: "j.xml") == 0o600)
        #expect(try String(contentsOfFile: directory.path + "/r.json", encoding: .utf8) != "old\n")
    }

    @Test("under umask 077 a new report is 0600, not 0644 (reports hold cookie values)")
    func newReportHonoursTheUmask() throws {
        let directory = try FaultDirectory()
        let run = try Harness.run(
            underUmask: 0o077,
            ["run", Self.suite, "--adapter", "reference", "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario,
            in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let compare = try Harness.run(
            underUmask: 0o077,
            ["compare", Self.suite, "--adapter", "reference", "--html", "m.html", "--markdown", "m.md"] + Self.oneScenario,
            in: directory)
        #expect(compare.status == 0, "\(compare.stderr)")
        for name in ["r.json", "j.xml", "m.html", "m.md"] {
            #expect(directory.mode(of: name) == 0o600, "\(name)")
        }
    }

    @Test("update-expectations writes through a symlink and keeps the file's 0640 mode")
    func updateExpectationsKeepsLinkAndMode() throws {
        let directory = try FaultDirectory()
        try Self.failingResults(in: directory)
        try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.path + "/exp", withIntermediateDirectories: true)
        try directory.write("real/reference.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
            </expectations>

            """)
        chmod(directory.path + "/real/reference.xml", 0o640)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/exp/reference.xml", withDestinationPath: "../real/reference.xml")
        try Harness.identify("r.json", loading: ["exp/reference.xml"], in: directory)
        let outcome = try Harness.run(
            ["update-expectations", "r.json", "--expectations-dir", "exp", "--suites", Self.suite], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.type(of: "exp/reference.xml") == S_IFLNK, "the symlink was replaced by a regular file")
        #expect(directory.mode(of: "real/reference.xml") == 0o640)
        let written = try String(contentsOfFile: directory.path + "/real/reference.xml", encoding: .utf8)
        #expect(written.contains(Self.scenario), "the link's target was not updated: \(written)")
        #expect(directory.contents(of: "exp") == ["reference.xml"], "a temporary file was left")
        #expect(directory.contents(of: "real") == ["reference.xml"], "a temporary file was left")
    }

    @Test("truth-table --update-docs writes through a symlink and keeps the file's 0640 mode")
    func truthTableKeepsLinkAndMode() throws {
        let directory = try FaultDirectory()
        try Self.failingResults(in: directory)
        try FileManager.default.createDirectory(atPath: directory.path + "/docs", withIntermediateDirectories: true)
        try directory.write("docs/README.md", "# x\n\n<!-- truth-table:begin -->\nold\n<!-- truth-table:end -->\n")
        chmod(directory.path + "/docs/README.md", 0o640)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/README.md", withDestinationPath: "docs/README.md")
        let outcome = try Harness.run(["truth-table", "r.json", "--update-docs", "README.md"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(directory.type(of: "README.md") == S_IFLNK, "the symlink was replaced by a regular file")
        #expect(directory.mode(of: "docs/README.md") == 0o640)
        let written = try String(contentsOfFile: directory.path + "/docs/README.md", encoding: .utf8)
        #expect(!written.contains("\nold\n"), "the link's target was not updated")
        #expect(directory.contents(of: "docs") == ["README.md"], "a temporary file was left")
    }

    // MARK: Suite folders behind symlinks

    @Test("a suite path that is a symlink to a folder loads")
    func symlinkedSuiteFolderLoads() throws {
        let directory = try FaultDirectory()
        try Self.suiteFolder("real", in: directory)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/suites", withDestinationPath: "real")
        let outcome = try Harness.run(
            ["run", "suites", "--adapter", "reference", "--json", "r.json"] + Self.oneScenario, in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.records(in: directory) == 1)
    }

    @Test("a suite folder with a symlinked subfolder loads it, and a link loop neither hangs nor loads a file twice")
    func symlinkedSubfolderAndLoops() throws {
        let directory = try FaultDirectory()
        try Self.suiteFolder("real", in: directory)
        try FileManager.default.createDirectory(atPath: directory.path + "/tree/inner", withIntermediateDirectories: true)
        let links = ["tree/sub": "../real", "tree/again": "../real", "tree/inner/up": "..", "tree/self": ".",
                     "real/back": "../tree"]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + link, withDestinationPath: target)
        }
        let outcome = try Harness.run(
            ["run", "tree", "--adapter", "reference", "--json", "r.json"] + Self.oneScenario, in: directory, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.records(in: directory) == 1)
        let validate = try Harness.run(["validate", "tree"], in: directory, timeout: 60)
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    // MARK: Plumbing

    /// `r.json`: one result of the reference adapter on ``scenario``, made an unexpected failure.
    static func failingResults(in directory: FaultDirectory) throws {
        let run = try Harness.run(
            ["run", suite, "--adapter", "reference", "--json", "r.json"] + oneScenario, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let path = directory.path + "/r.json"
        var records = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        records[0]["status"] = "fail"
        records[0]["unexpected"] = true
        records[0]["message"] = "observed 'x=1'"
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
    }

    /// A folder holding a copy of the first-request suite.
    static func suiteFolder(_ name: String, in directory: FaultDirectory) throws {
        try FileManager.default.createDirectory(atPath: directory.path + "/" + name, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: suite, toPath: directory.path + "/" + name + "/first-request.xml")
    }

    /// The number of records in `r.json`.
    static func records(in directory: FaultDirectory) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/r.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [Any])?.count
    }
}

extension Harness {
    /// Runs the binary with `mask` as its umask, as a shell that set one would start it.
    ///
    /// A child inherits the umask at its spawn, so the test process holds `mask` only for the instant of `start`; a
    /// stricter mask in that instant harms no other test (their files are this user's either way).
    static func run(
        underUmask mask: mode_t, _ arguments: [String], in directory: FaultDirectory, timeout: Double = 120,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let started = Date()
        let previous = umask(mask)
        let process: Process
        do {
            defer { umask(previous) }
            process = try start(arguments, in: directory)
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("cookie-harness \(arguments.joined(separator: " ")) did not end within \(timeout) s",
                         sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stderr: directory.stderr, seconds: Date().timeIntervalSince(started))
    }
}

extension FaultDirectory {
    /// The permission bits of `name` (after symlinks).
    func mode(of name: String) -> mode_t? {
        var status = stat()
        guard stat(path + "/" + name, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }
}
