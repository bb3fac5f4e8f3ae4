import Foundation
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
        try directory.write("r.json", try Self.results([("../../x", Self.scenario, "fail", "m")]))
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
        try directory.write("r.json", try Self.results([("reference", scenario, "fail", "m")]))
        let before = Self.snapshot(directory)
        let outcome = try Harness.run(["update-expectations", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no loaded suite"), "\(outcome.stderr)")
        #expect(Self.snapshot(directory) == before)
    }

    @Test("an adapter the harness does not build in (an --external one) gets no file that would break plain runs")
    func externalOnlyAdapterIsRefused() throws {
        let directory = try Self.folder()
        try directory.write("r.json", try Self.results([("my-external", Self.scenario, "fail", "m")]))
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
        try directory.write("r.json", try Self.results([
            ("curl", Self.scenario, "fail", "failed, but not as expected: new"),
            ("reference", Self.scenario, "fail", "new failure"),
        ]))
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
        try directory.write("r.json", try Self.results([
            ("reference", "first-request.native-login-session-on-first-load", "fail",
             "failed, but not as expected: a -- b \u{1}\u{7}\u{1B}[31m end-"),
            ("reference", Self.scenario, "fail", "value \u{0}\u{8} then \u{FFFE}"),
        ]))
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
}
