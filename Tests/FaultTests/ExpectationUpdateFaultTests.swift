import Foundation
import Reporting
import Testing
import XMLSupport

/// `update-expectations` through the real binary (issue 17, items 2 and 3): the names in a results file are data,
/// never paths or globs; every file it writes is well-formed and valid for the schema; all files are written or none.
///
/// Each test works in a folder laid out like the package (`Suites/first-request.xml`, `Suites/expectations/`), so
/// the command runs with its defaults, as a user would run it.
@Suite("faults: update-expectations", .serialized)
struct ExpectationUpdateFaultTests {
    static let scenario = "first-request.native-set-cookie-on-first-load"
    static let reference = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- reference: a hand-written comment that stays. -->
        <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
          <expect scenario="first-request.native-login-session-on-first-load" status="fail" observed="a---b">a reviewed cause</expect>
        </expectations>

        """

    /// A package-like folder: one suite file, the schema and the expectation file of `reference`.
    static func folder(extraFiles: [String: String] = [:]) throws -> FaultDirectory {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/Suites/expectations", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Harness.root + "/Suites/first-request/first-request.xml", toPath: directory.path + "/Suites/first-request.xml")
        // The schema too, so that the binary finds it from the folder wherever it is (COOKIE_HARNESS_BINARY).
        try FileManager.default.copyItem(atPath: Harness.root + "/Suites/suite.xsd", toPath: directory.path + "/Suites/suite.xsd")
        try directory.write("Suites/expectations/reference.xml", reference)
        for (name, text) in extraFiles { try directory.write(name, text) }
        return directory
    }

    /// A results file as `run --json` writes it, one unexpected record per (adapter, scenario, status, message).
    static func results(_ records: [(adapter: String, scenario: String, status: String, message: String)]) throws -> String {
        let objects: [[String: Any]] = records.map { record in
            [
                "adapter": record.adapter, "adapterVersion": "1", "profile": "", "specProfile": "rfc6265bis",
                "suite": "first-request", "suiteFile": "Suites/first-request.xml", "scenario": record.scenario,
                "title": "t", "tags": [String](), "status": record.status,
                "expectedStatus": record.status == "pass" ? "fail" : "pass", "unexpected": true,
                "securityRelevant": false, "message": record.message, "durationSeconds": 0.001, "transcript": [String](),
            ]
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: objects), as: UTF8.self)
    }

    /// Writes `r.json` with `records` and the run identity beside it, as of a run that loaded every expectation
    /// file of the folder as it is now.
    static func writeResults(
        _ directory: FaultDirectory, _ records: [(adapter: String, scenario: String, status: String, message: String)]
    ) throws {
        try directory.write("r.json", try results(records))
        try Harness.identify(
            "r.json", loading: directory.contents(of: "Suites/expectations").map { "Suites/expectations/" + $0 }, in: directory)
    }

    /// The expectation folder's files and their bytes, to prove nothing changed.
    static func snapshot(_ directory: FaultDirectory) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in directory.contents(of: "Suites/expectations") {
            files[name] = FileManager.default.contents(atPath: directory.path + "/Suites/expectations/" + name)
        }
        return files
    }

    /// Problems that make `file` unusable as an expectation file: not well-formed, or not valid for the schema.
    static func problems(_ file: String) -> [String] {
        do {
            let schema = try XMLSchema(contentsOf: Harness.root + "/Suites/suite.xsd")
            return try schema.validate(contentsOf: file).filter { $0.severity == .error }.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    // MARK: Item 2: names from a results file are data

    @Test("an adapter named ../../x is refused (exit 2): nothing is written outside --expectations-dir, or inside")
    func adapterNameCannotLeaveTheFolder() throws {
        let directory = try Self.folder()
        try Self.writeResults(directory, [("../../x", Self.scenario, "fail", "m")])
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("'../../x'"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/x.xml"), "a file was written outside the folder")
        #expect(Self.snapshot(directory) == before)
    }

    @Test("a scenario named * or an empty one is refused (exit 2): no glob entry, no entry the loader refuses",
          arguments: ["*", "", "first-request.*", "no-such.scenario"])
    func scenarioNamesMustBeLoadedIDs(scenario: String) throws {
        let directory = try Self.folder()
        try Self.writeResults(directory, [("reference", scenario, "fail", "m")])
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no loaded suite"), "\(outcome.stderr)")
        #expect(Self.snapshot(directory) == before)
    }

    @Test("an adapter the harness does not build in (an --external one) gets no file that would break plain runs")
    func externalOnlyAdapterIsRefused() throws {
        let directory = try Self.folder()
        try Self.writeResults(directory, [("my-external", Self.scenario, "fail", "m")])
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--expectations"), "the message should say where such a file goes: \(outcome.stderr)")
        #expect(Self.snapshot(directory) == before)
        // And a plain run of the folder still works.
        let run = try Harness.run(["run", "Suites", "--adapter", "reference", "--filter", Self.scenario], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("when one file cannot be updated, no file is: the others keep their bytes, no temporary file is left")
    func allFilesOrNone() throws {
        // curl's entry is written with single quotes, a layout the text editor cannot update in place.
        let curl = """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="curl">
              <expect scenario='\(Self.scenario)' status='fail' observed='old'>a cause</expect>
            </expectations>

            """
        let directory = try Self.folder(extraFiles: ["Suites/expectations/curl.xml": curl])
        try Self.writeResults(directory, [
            ("curl", Self.scenario, "fail", "failed, but not as expected: new"),
            ("reference", Self.scenario, "fail", "new failure"),
        ])
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 3, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("nothing was written"), "\(outcome.stderr)")
        #expect(Self.snapshot(directory) == before, "a file was replaced although another one failed")
    }

    // MARK: Item 3: well-formed, schema-valid files

    @Test("an old observed= holding --- and a message with control characters give a well-formed, valid file")
    func writtenFilesAreValid() throws {
        let directory = try Self.folder()
        try Self.writeResults(directory, [
            ("reference", "first-request.native-login-session-on-first-load", "fail",
             "failed, but not as expected: a -- b \u{1}\u{7}\u{1B}[31m end-"),
            ("reference", Self.scenario, "fail", "value \u{0}\u{8} then \u{FFFE}"),
        ])
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let file = directory.path + "/Suites/expectations/reference.xml"
        #expect(Self.problems(file) == [])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<!-- reference: a hand-written comment that stays. -->"))
        #expect(text.contains(">a reviewed cause</expect>"))
        // The files load: a plain run of the folder is not broken by them.
        let run = try Harness.run(["run", "Suites", "--adapter", "reference", "--filter", Self.scenario], in: directory)
        #expect(run.status != 2, "\(run.stderr)")
    }

    // MARK: Issue 41, item 3: only results of a run that used these files, idempotent, all or none under a signal

    /// The expectation file of `adapter` with no entry.
    static func emptyFile(_ adapter: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<expectations xmlns=\"urn:cookieharness:suite:1\" adapter=\"\(adapter)\">\n</expectations>\n"
    }

    @Test("results of a run that loaded no expectation file (a suite file run alone) are refused: nothing written")
    func resultsOfARunWithoutTheFilesAreRefused() throws {
        let directory = try Self.folder()
        // The suite file alone: Suites/expectations is not loaded, so each expected failure would show as unexpected
        // and, written back, be "fixed" again.
        let run = try Harness.run(
            ["run", "Suites/first-request.xml", "--adapter", "reference", "--json", "r.json", "--junit", "j.xml"], in: directory)
        #expect(run.status != 2, "\(run.stderr)")
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("loaded no expectation file from Suites/expectations"), "\(outcome.stderr)")
        #expect(Self.snapshot(directory) == before)
    }

    @Test("results without their run identity, or beside another run's identity, are refused: nothing written")
    func resultsWithoutTheirIdentityAreRefused() throws {
        let directory = try Self.folder()
        try directory.write("r.json", try Self.results([("reference", Self.scenario, "fail", "m")]))
        let before = Self.snapshot(directory)
        let bare = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(bare.status == 2, "\(bare.stderr)")
        #expect(bare.stderr.contains("no run identity beside these results (r.run.json)"), "\(bare.stderr)")
        // Identified, then the results replaced by other ones: the identity describes other results.
        try Self.writeResults(directory, [("reference", Self.scenario, "fail", "m")])
        try directory.write("r.json", try Self.results([("reference", Self.scenario, "fail", "another")]))
        let mixed = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(mixed.status == 2, "\(mixed.stderr)")
        #expect(mixed.stderr.contains("r.run.json: error: describes other results than r.json"), "\(mixed.stderr)")
        #expect(Self.snapshot(directory) == before)
    }

    @Test("updating twice from the same results changes nothing the second time; older results that would change the edited files are refused")
    func updatingIsIdempotent() throws {
        let directory = try Self.folder(extraFiles: ["Suites/expectations/curl.xml": Self.emptyFile("curl")])
        try Self.writeResults(directory, [
            ("curl", Self.scenario, "fail", "new failure"),
            ("reference", "first-request.native-login-session-on-first-load", "pass", ""),
        ])
        let before = Self.snapshot(directory)
        let first = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("2 change(s)"), "\(first.stderr)")
        let updated = Self.snapshot(directory)
        #expect(updated != before)
        let second = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("nothing to update"), "\(second.stderr)")
        #expect(Self.snapshot(directory) == updated)

        // Results of the files before that edit, which would change them again: refused, naming what changed.
        try directory.write("older.json", try Self.results([("curl", Self.scenario, "fail", "yet another failure")]))
        try directory.write(
            "older.run.json",
            try String(contentsOfFile: directory.path + "/r.run.json", encoding: .utf8).replacingOccurrences(
                of: RunIdentity.digest(ofFile: directory.path + "/r.json")!, with: RunIdentity.digest(ofFile: directory.path + "/older.json")!))
        let older = try Harness.run(["update-expectations", "older.json"], in: directory)
        #expect(older.status == 2, "\(older.stderr)")
        #expect(older.stderr.contains("Suites/expectations/curl.xml: edited since the run"), "\(older.stderr)")
        #expect(Self.snapshot(directory) == updated)
    }

    @Test("a SIGTERM while the files are being renamed into place waits for the last one: all replaced, exit 143, nothing left")
    func signalInTheRenameWindowLeavesAllOrNone() throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is needed (bash .ci/install-deps core installs it)")
        let adapters = ["curl", "foundation", "python-cookiejar", "reference", "wk-app-cookie", "wk-no-sync", "wk-user-script"]
        var files: [String: String] = [:]
        for adapter in adapters where adapter != "reference" { files["Suites/expectations/\(adapter).xml"] = Self.emptyFile(adapter) }
        let directory = try Self.folder(extraFiles: files)
        try Self.writeResults(directory, adapters.map { ($0, Self.scenario, "fail", "new failure") })
        let before = Self.snapshot(directory)

        // Every rename(2) held back 0.3 s by strace, so that the signal lands between two of them.
        let process = try Harness.start(
            ["update-expectations", "r.json"], in: directory,
            wrappedBy: [strace, "-f", "-o", "trace.txt", "-e", "trace=rename", "-e", "inject=rename:delay_enter=300000"])
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        // The first rename's line names the process (strace -f writes the pid first).
        var tracee: Int32?
        let deadline = Date(timeIntervalSinceNow: 60)
        while tracee == nil, process.isRunning, Date() < deadline {
            let trace = (try? String(contentsOfFile: directory.path + "/trace.txt", encoding: .utf8)) ?? ""
            tracee = trace.split(separator: "\n").first { $0.contains("rename(") }.flatMap { Int32($0.split(separator: " ").first ?? "") }
            if tracee == nil { usleep(20_000) }
        }
        let pid = try #require(tracee, "update-expectations never renamed a file")
        usleep(400_000)
        #expect(kill(pid, SIGTERM) == 0)
        let end = Date(timeIntervalSinceNow: 60)
        while process.isRunning, Date() < end { usleep(20_000) }
        #expect(!process.isRunning, "update-expectations did not end after SIGTERM")
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(directory.stderr.contains("SIGTERM: stopped once what it was replacing was all in place"), "\(directory.stderr)")

        let after = Self.snapshot(directory)
        let replaced = adapters.filter { after[$0 + ".xml"] != before[$0 + ".xml"] }
        // All or none; with the signal held back until the series is done, all.
        #expect(replaced == adapters, "only \(replaced) of \(adapters) were replaced")
        #expect(Set(after.keys) == Set(adapters.map { $0 + ".xml" }), "a temporary file or a copy was left: \(after.keys.sorted())")
        #expect(directory.contents(of: "scratch").isEmpty)
    }
}
