import Foundation
import Reporting
import Testing

/// A run reads only the expectation files its adapters use (issue 40): their own and, transitively, those they
/// extend. Every file's root is still read, so a misspelt adapter name is an error whichever adapters run; a broken
/// file of an adapter the run does not use no longer stops it, and `update-expectations` does not hold edits of such
/// a file against that run's results.
@Suite("faults: which expectation files a run reads", .serialized)
struct ExpectationSelectionFaultTests {
    static let scenario = ExpectationUpdateFaultTests.scenario

    /// reference.xml (valid), an adapter that extends it, and an invalid file of an adapter the runs below do not use.
    static func folder(reference: String = ExpectationUpdateFaultTests.reference) throws -> FaultDirectory {
        let directory = try ExpectationUpdateFaultTests.folder()
        try directory.write("Suites/expectations/reference.xml", reference)
        try directory.write("Suites/expectations/cookie-header.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-request-header" extends="reference"/>

            """)
        try directory.write("Suites/expectations/wk-no-sync.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-no-sync">
              <expect scenario="\(scenario)" status="fail"></expect>
            </expectations>

            """)
        return directory
    }

    static func identity(_ directory: FaultDirectory) throws -> RunIdentity {
        let data = try #require(FileManager.default.contents(atPath: directory.path + "/r.run.json"))
        return try JSONDecoder().decode(RunIdentity.self, from: data)
    }

    static func records(_ directory: FaultDirectory) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: directory.path + "/r.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test("a run of one adapter reads its file, not the broken file of another; the identity names the unread one")
    func brokenFileOfAnotherAdapterIsNotRead() throws {
        let directory = try Self.folder()
        let run = try Harness.run(
            ["run", "Suites", "--adapter", "reference", "--filter", "first-request.*", "--json", "r.json", "--junit", "j.xml"], in: directory)
        #expect(run.status != 2, "\(run.stderr)")
        let identity = try Self.identity(directory)
        #expect(identity.expectationFiles.map(\.file) == ["Suites/expectations/reference.xml"])
        #expect(identity.unreadExpectationFiles == ["Suites/expectations/cookie-header.xml", "Suites/expectations/wk-no-sync.xml"])
        // The expected failure of reference.xml applied: the run read it.
        let records = try Self.records(directory)
        let expectedFailure = records.first { $0["scenario"] as? String == "first-request.native-login-session-on-first-load" }
        #expect(expectedFailure?["expectedStatus"] as? String == "fail")
    }

    @Test("a run of the adapter whose file is broken stops with the file's error (exit 2)")
    func brokenFileOfTheRunsAdapterStopsIt() throws {
        let directory = try Self.folder()
        let run = try Harness.run(["run", "Suites", "--adapter", "wk-no-sync", "--filter", Self.scenario], in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("wk-no-sync.xml:3:"), "\(run.stderr)")
        #expect(run.stderr.contains("needs a reason"), "\(run.stderr)")
    }

    @Test("an adapter's file extends another: the extended file is read too, and its errors stop the run")
    func extendedFileIsRead() throws {
        let directory = try Self.folder(reference: """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
              <expect scenario="\(Self.scenario)" status="error"></expect>
            </expectations>

            """)
        let run = try Harness.run(["run", "Suites", "--adapter", "wk-request-header", "--filter", Self.scenario], in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("reference.xml:3:"), "\(run.stderr)")
    }

    @Test("a misspelt adapter= in a file no adapter of the run uses is still an error (exit 2)")
    func everyRootIsChecked() throws {
        let directory = try Self.folder()
        try directory.write("Suites/expectations/typo.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-nosync"/>

            """)
        let run = try Harness.run(["run", "Suites", "--adapter", "reference", "--filter", Self.scenario], in: directory)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("typo.xml:2:1"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean 'wk-no-sync'"), "\(run.stderr)")
    }

    @Test("update-expectations takes a run's results after an edit of a file the run did not read, not after one of a file it read")
    func updateIgnoresUnreadFiles() throws {
        let directory = try Self.folder()
        let run = try Harness.run(
            ["run", "Suites", "--adapter", "reference", "--filter", Self.scenario, "--json", "r.json", "--junit", "j.xml"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        // The scenario made an unexpected failure, so that update-expectations has an entry to write.
        var records = try Self.records(directory)
        #expect(records.count == 1)
        (records[0]["status"], records[0]["unexpected"], records[0]["message"]) = ("fail", true, "m")
        try directory.write("r.json", String(decoding: try JSONSerialization.data(withJSONObject: records), as: UTF8.self))
        var identity = try Self.identity(directory)
        let digest = try #require(RunIdentity.digest(ofFile: directory.path + "/r.json"))
        identity.results = RunIdentity.Results(sha256: digest, records: records.count)
        try directory.write("r.run.json", identity.text)

        try directory.write("Suites/expectations/wk-no-sync.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-no-sync"/>

            """)
        let taken = try Harness.run(["update-expectations", "r.json", "--dry-run"], in: directory)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stderr.contains("1 change(s)"), "\(taken.stderr)")

        try directory.write(
            "Suites/expectations/reference.xml",
            ExpectationUpdateFaultTests.reference.replacingOccurrences(of: "a reviewed cause", with: "an edited cause"))
        let refused = try Harness.run(["update-expectations", "r.json", "--dry-run"], in: directory)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("reference.xml: edited since the run"), "\(refused.stderr)")
    }
}
