import Foundation
import Testing

/// Faults between what a command reads and what it writes (issue 17, items 1, 10, 12, 13), each through the real
/// binary: no report replaces an input, an incomplete run gives no verdict, warnings and diffs do not flood the
/// console, and bad values are refused with a message that points at the right fix.
@Suite("faults: inputs and outputs", .serialized)
struct InputOutputFaultTests {
    static let suite = Harness.root + "/Suites/first-request/first-request.xml"
    static let oneScenario = ["--filter", "first-request.native-set-cookie-on-first-load", "--adapter", "reference"]

    /// A folder with `suites/first-request.xml`, an expectation file `exp.xml`, and one run's `r.json` and `j.xml`.
    static func prepared() throws -> FaultDirectory {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/suites", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: suite, toPath: directory.path + "/suites/first-request.xml")
        try directory.write("exp.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference"/>

            """)
        try directory.write("known.txt", "")
        let run = try Harness.run(["run", "suites", "--json", "r.json", "--junit", "j.xml"] + oneScenario, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.xml", withDestinationPath: "suites/first-request.xml")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/j-link.xml", withDestinationPath: "j.xml")
        // Links inside the suite folder, which the loader follows (issue 41, item 2): a suite file kept outside it,
        // and a folder outside it.
        try FileManager.default.createDirectory(atPath: directory.path + "/outside", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Harness.root + "/Suites/first-request/library-sync.xml", toPath: directory.path + "/outside/library-sync.xml")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/suites/library-sync.xml", withDestinationPath: "../outside/library-sync.xml")
        try FileManager.default.createDirectory(atPath: directory.path + "/linked-folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/suites/more", withDestinationPath: "../linked-folder")
        try FileManager.default.createDirectory(atPath: directory.path + "/exps", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: directory.path + "/r.json", toPath: directory.path + "/exps/r.xml")
        return directory
    }

    // MARK: Item 1: never write a report over an input

    @Test("a report path naming an input of the command is refused before the run, the input intact", arguments: [
        (["run", "suites", "--junit", "suites/first-request.xml"], "suites/first-request.xml", "--junit names an .xml file in the suite folder suites"),
        (["run", "suites", "--junit", "./exps/../suites/new.xml"], "suites/first-request.xml", "--junit names an .xml file in the suite folder suites"),
        (["run", "suites", "--junit", "link.xml"], "suites/first-request.xml", "--junit names an .xml file in the suite folder suites"),
        (["run", "suites/first-request.xml", "--junit", "j.xml", "--json", "link.xml"], "suites/first-request.xml", "--json names a loaded suite file"),
        (["run", "suites", "--expectations", "exp.xml", "--json", "exp.xml"], "exp.xml", "--json names a loaded expectation file"),
        (["run", "suites", "--junit", "outside/library-sync.xml"], "outside/library-sync.xml", "--junit names an .xml file in the suite folder suites"),
        (["run", "suites", "--json", "outside/../outside/library-sync.xml"], "outside/library-sync.xml", "--json names an .xml file in the suite folder suites"),
        (["run", "suites", "--junit", "linked-folder/junit.xml"], "outside/library-sync.xml", "--junit names an .xml file in the suite folder suites"),
        (["run", "suites", "--rerun", "r.json", "--junit", "r.json"], "r.json", "--junit names the results file given to --rerun"),
        (["compare", "suites", "--html", "suites/matrix.xml"], "suites/first-request.xml", "--html names an .xml file in the suite folder suites"),
        (["compare", "--from-json", "r.json", "--markdown", "r.json"], "r.json", "--markdown names a results file to compare"),
        (["diff", "r.json", "r.json", "--json", "r.json"], "r.json", "--json names the results compared as BASELINE"),
        (["merge", "j.xml", "--junit", "j-link.xml"], "j.xml", "--junit names one of the reports to merge"),
        (["merge", "r.json", "--suites", "suites", "--json", "suites/m.xml"], "suites/first-request.xml", "--json names an .xml file in the suite folder suites"),
        (["update-expectations", "exps/r.xml", "--expectations-dir", "exps"], "exps/r.xml", "lies in --expectations-dir exps"),
        (["agreement", "suites", "--known", "known.txt", "--markdown", "known.txt"], "known.txt", "--markdown names the known-disagreements file"),
        (["truth-table", "--suites", "suites", "--update-docs", "outside/library-sync.xml"], "outside/library-sync.xml", "--update-docs names an .xml file in the suite folder suites"),
        (["truth-table", "r.json", "--update-docs", "r.json"], "r.json", "--update-docs names the results file given as RESULTS"),
    ])
    func reportOverAnInputIsRefused(arguments: [String], input: String, message: String) throws {
        let directory = try Self.prepared()
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + input))
        let outcome = try Harness.run(
            arguments + (arguments[0] == "run" || arguments[0] == "compare" ? Self.oneScenario : []), in: directory, timeout: 60)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("choose another report path") || outcome.stderr.contains("move it elsewhere"))
        #expect(!outcome.stderr.contains("passed"), "the run started before the path was refused")
        let after = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + input))
        #expect(before == after, "\(input) was replaced")
        #expect(directory.type(of: "link.xml") == S_IFLNK)
    }

    @Test("import http-state writes neither file over the other nor into its corpus, by path or through a link")
    func importKeepsItsInputs() throws {
        let directory = try FaultDirectory()
        try FileManager.default.copyItem(atPath: Harness.root + "/Corpora/http-state", toPath: directory.path + "/corpus")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link.json", withDestinationPath: "corpus/parser.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/corpus/parser.json"))
        for (arguments, message) in [
            (["--suite", "s.xml", "--expectations", "s.xml"], "each report needs a file of its own"),
            (["--suite", "link.json", "--expectations", "e.xml"], "--suite names the http-state corpus corpus"),
            (["--suite", "s.xml", "--expectations", "corpus/parser/0001-test"], "--expectations names the http-state corpus corpus"),
        ] {
            let outcome = try Harness.run(["import", "http-state", "corpus"] + arguments, in: directory)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/corpus/parser.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/s.xml"))
        let fine = try Harness.run(["import", "http-state", "corpus", "--suite", "s.xml", "--expectations", "e.xml"], in: directory)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test("--last-failed still replaces the previous run's results it reads (by design); a report beside a suite folder is fine")
    func reportsBesideInputsAreAccepted() throws {
        let directory = try Self.prepared()
        let outcome = try Harness.run(
            ["run", "suites", "--last-failed", "--allow-empty", "--json", "r.json", "--junit", "suites.xml"] + Self.oneScenario,
            in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let hidden = try Harness.run(["run", "suites", "--json", "suites/r.json", "--junit", "j.xml"] + Self.oneScenario, in: directory)
        #expect(hidden.status == 0, "\(hidden.stderr)")
    }

    // MARK: Item 10: an incomplete run gives no verdict; merge writes what it can or refuses

    /// `r.json` rewritten: every record made by `change`, written as `name`.
    static func rewrite(_ directory: FaultDirectory, to name: String, _ change: ([String: Any]) -> [[String: Any]]) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/r.json"))
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let changed = try JSONSerialization.data(withJSONObject: records.flatMap(change))
        try changed.write(to: URL(fileURLWithPath: directory.path + "/" + name))
    }

    @Test("diff fails when CURRENT was interrupted or holds no result, and says why")
    func diffOfAnIncompleteRunFails() throws {
        let directory = try Self.prepared()
        try Self.rewrite(directory, to: "interrupted.json") { record in
            var record = record
            record["status"] = "skip"
            record["message"] = "interrupted by SIGINT: not run"
            record["unexpected"] = false
            return [record]
        }
        let interrupted = try Harness.run(["diff", "r.json", "interrupted.json", "--json", "d.json"], in: directory)
        #expect(interrupted.status == 1, "\(interrupted.stderr)")
        #expect(interrupted.stderr.contains("CURRENT interrupted.json is incomplete (interrupted by SIGINT: 1 of its 1 results were not run or cut short)"),
                "\(interrupted.stderr)")
        let document = try String(contentsOfFile: directory.path + "/d.json", encoding: .utf8)
        #expect(document.contains("\"currentIncomplete\""), "\(document)")

        try directory.write("empty.json", "[]")
        let empty = try Harness.run(["diff", "r.json", "empty.json"], in: directory)
        #expect(empty.status == 1, "\(empty.stderr)")
        #expect(empty.stderr.contains("CURRENT empty.json is incomplete (it holds no result)"), "\(empty.stderr)")
    }

    @Test("merge --junit with only JSON shards is refused before anything is written; the old file stays")
    func mergeRefusesAJUnitItCannotWrite() throws {
        let directory = try Self.prepared()
        try directory.write("stale.xml", "stale")
        let outcome = try Harness.run(["merge", "r.json", "--junit", "stale.xml", "--json", "m.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("stale.xml: error: --junit: the shards hold no JUnit reports, only JSON results"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: directory.path + "/stale.xml", encoding: .utf8) == "stale")
        #expect(!directory.contents(of: ".").contains("m.json"), "a report was written before the refusal")
    }

    // MARK: Item 12: floods are capped, the rest counted

    @Test("stale expectation entries: at most 50 warnings per file and 200 in all, then how many more")
    func staleExpectationWarningsAreCapped() throws {
        let directory = try FaultDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/suites", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.suite, toPath: directory.path + "/suites/first-request.xml")
        func file(_ adapter: String, entries: Int) -> String {
            "<?xml version=\"1.0\"?>\n<expectations xmlns=\"urn:cookieharness:suite:1\" adapter=\"\(adapter)\">\n"
                + (0..<entries).map { "  <expect scenario=\"gone.s\($0)\" status=\"fail\">renamed</expect>\n" }.joined()
                + "</expectations>\n"
        }
        try directory.write("suites/a-many.xml", file("a-many", entries: 138))
        for index in 0..<400 { try directory.write("suites/x\(index).xml", file("x\(index)", entries: 1)) }
        let outcome = try Harness.run(["validate", "suites"], in: directory, timeout: 120)
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.filter { $0.hasPrefix("suites/a-many.xml") }.count == 51, "\(warnings.prefix(60))")
        #expect(outcome.stderr.contains("and 88 more entries in this file match no loaded scenario"), "\(outcome.stderr.prefix(3000))")
        #expect(warnings.count <= 201, "\(warnings.count) warning lines")
        #expect(outcome.stderr.contains(#/and \d+ more expectation entries in \d+ more files match no loaded scenario/#),
                "\(outcome.stderr.suffix(500))")
    }

    @Test("diff's console lists 50 changes per adapter, then how many more")
    func diffConsoleIsCapped() throws {
        let directory = try Self.prepared()
        func many(status: String) -> ([String: Any]) -> [[String: Any]] {
            { record in
                (0..<1_000).map { index in
                    var copy = record
                    copy["scenario"] = "generated.s\(index)"
                    copy["status"] = status
                    return copy
                }
            }
        }
        try Self.rewrite(directory, to: "base.json", many(status: "pass"))
        try Self.rewrite(directory, to: "cur.json", many(status: "fail"))
        let outcome = try Self.runCapturingStandardOutput(["diff", "base.json", "cur.json"], in: directory)
        #expect(outcome.status == 1)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count <= 60, "\(lines.count) lines")
        #expect(outcome.standardOutput.contains("… and 950 more changes of reference"), "\(outcome.standardOutput.suffix(500))")
    }

    // MARK: Item 13: small things

    @Test("a time limit below a millisecond, NaN or infinite is refused with the accepted range", arguments: ["1e-9", "0.0004", "nan", "inf"])
    func nonsensicalTimeLimitsAreRefused(value: String) throws {
        let directory = try FaultDirectory()
        let outcome = try Harness.run(["run", Self.suite, "--time-limit", value, "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario, in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is not a number of seconds in [0.001, 86400]"), "\(outcome.stderr)")
    }

    @Test("a usage error shows the command's own synopsis, not the list of commands")
    func usageErrorShowsTheCommandsSynopsis() throws {
        let directory = try FaultDirectory()
        let outcome = try Harness.run(["diff", "only-one.json"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("usage: cookie-harness diff BASELINE CURRENT"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Run 'cookie-harness diff --help'"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("commands:"), "\(outcome.stderr)")
    }

    @Test("a JUnit report given where JSON results are read is named as such")
    func junitForResultsIsNamed() throws {
        let directory = try Self.prepared()
        for command in [["diff", "j.xml", "r.json"], ["update-expectations", "j.xml", "--dry-run"], ["run", "suites", "--rerun", "j.xml"]] {
            let outcome = try Harness.run(command, in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("j.xml: error: an XML file (a JUnit report?), not JSON results"), "\(outcome.stderr)")
        }
    }

    @Test("a JUnit report already in a suite folder is named as such, with the fix (move it), not 'add a namespace'")
    func junitInASuiteFolderIsNamed() throws {
        let directory = try Self.prepared()
        try FileManager.default.copyItem(atPath: directory.path + "/j.xml", toPath: directory.path + "/suites/junit.xml")
        let outcome = try Harness.run(["validate", "suites"], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("suites/junit.xml:2:1: error: <testsuites> starts a JUnit report, not a suite"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("has no namespace"), "\(outcome.stderr)")
    }

    @Test("a line feed in an expectation entry does not start a console line of its own")
    func lineFeedInAWarningIsEscaped() throws {
        let directory = try FaultDirectory()
        try directory.write("exp.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
              <expect scenario="gone&#10;fake: error: injected" status="fail">renamed</expect>
            </expectations>

            """)
        let outcome = try Harness.run(
            ["run", Self.suite, "--expectations", "exp.xml", "--json", "r.json", "--junit", "j.xml"] + Self.oneScenario, in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(#"gone\u{000A}fake: error: injected"#), "\(outcome.stderr)")
        #expect(!outcome.stderr.split(separator: "\n").contains { $0.hasPrefix("fake: error") }, "\(outcome.stderr)")
    }

    @Test("results files stream in: diff of a 100 MB file stays small in memory; one record past 32 MiB is refused, naming the file and the limit")
    func resultsFilesAreReadAsTheyStream() throws {
        let directory = try Self.prepared()
        try Self.writeResults(directory, to: "big.json", count: 1_000, transcript: 100_000)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "peak %M KB", Harness.binary, "diff", "big.json", "big.json"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            _ = FileManager.default.createFile(atPath: directory.path + "/time.txt", contents: nil)
            process.standardError = FileHandle(forWritingAtPath: directory.path + "/time.txt")
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let text = try String(contentsOfFile: directory.path + "/time.txt", encoding: .utf8)
            let peak = text.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.split(separator: " ")[1]) }
            // Read whole (before): ≈ 320 MB for this 100 MB file; streamed without transcripts: ≈ 50 MB.
            #expect((peak ?? .max) < 150_000, "\(text)")
        }

        try Self.writeResults(directory, to: "huge.json", count: 1, transcript: 33 << 20)
        let outcome = try Harness.run(["diff", "huge.json", "r.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("huge.json: error: cannot read the results file: record [0] is larger than the limit of 33554432 bytes"),
                "\(outcome.stderr)")
    }

    // MARK: Support

    /// `count` copies of `r.json`'s record, each with a transcript of `transcript` bytes, written without building
    /// the document in memory.
    static func writeResults(_ directory: FaultDirectory, to name: String, count: Int, transcript: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/r.json"))
        var record = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        record["transcript"] = ["TRANSCRIPT"]
        record["scenario"] = "SCENARIO"
        let template = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
            .replacingOccurrences(of: "TRANSCRIPT", with: String(repeating: "x", count: transcript))
            .components(separatedBy: "SCENARIO")
        let path = directory.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try #require(FileHandle(forWritingAtPath: path))
        defer { try? file.close() }
        file.write(Data("[".utf8))
        for index in 0..<count {
            file.write(Data(((index == 0 ? "" : ",") + template.joined(separator: "generated.s\(index)")).utf8))
        }
        file.write(Data("]".utf8))
    }

    /// Runs the binary with its standard output kept (``Harness/run`` discards it).
    static func runCapturingStandardOutput(_ arguments: [String], in directory: FaultDirectory) throws -> (status: Int32, standardOutput: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Harness.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.scratch, "NO_COLOR": "1"]) { $1 }
        let file = directory.path + "/stdout.txt"
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: file)
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }

    // MARK: Issue 41, item 6: file names that are not UTF-8

    /// Runs `script` with `/bin/sh` in `directory` (`$0` is the harness binary), so that its arguments can hold
    /// bytes a Swift String cannot; its exit status and standard error.
    static func shell(_ script: String, in directory: FaultDirectory) throws -> (status: Int32, stderr: String) {
        let status = try Harness.runTool("/bin/sh", ["-c", script + " 2>sh-stderr.txt", Harness.binary], in: directory)
        return (status, (try? String(contentsOfFile: directory.path + "/sh-stderr.txt", encoding: .utf8)) ?? "")
    }

    @Test("a suite file whose name is not UTF-8 (Latin-1 caf\\xE9.xml) is an error of run and validate, named with its bytes, never skipped")
    func suiteFileNameNotUTF8IsAnError() throws {
        let directory = try Self.prepared()
        #expect(try Self.shell("cp suites/first-request.xml \"$(printf 'suites/caf\\351.xml')\"", in: directory).status == 0)
        for command in [["validate", "suites"], ["run", "suites", "--adapter", "reference", "--json", "n.json", "--junit", "n.xml"]] {
            let outcome = try Harness.run(command, in: directory)
            #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
            #expect(outcome.stderr.contains("suites/caf\\xE9.xml: error: the file name is not UTF-8"), "\(command): \(outcome.stderr)")
        }
    }

    @Test("an argument that is not UTF-8 (a report path r\\xE9.json) is refused: the file its lossy reading names is left alone")
    func argumentNotUTF8IsRefused() throws {
        let directory = try Self.prepared()
        // What Swift would read the argument as: U+FFFD in place of the byte.
        try directory.write("r\u{FFFD}.json", "someone else's file\n")
        let outcome = try Self.shell(
            "\"$0\" run suites --json \"$(printf 'r\\351.json')\" --junit j2.xml " + Self.oneScenario.joined(separator: " "),
            in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("argument 4 ('r\\xE9.json') is not UTF-8"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: directory.path + "/r\u{FFFD}.json", encoding: .utf8) == "someone else's file\n")
        #expect(!directory.contents(of: ".").contains("j2.xml"), "the run went ahead")
    }
}

