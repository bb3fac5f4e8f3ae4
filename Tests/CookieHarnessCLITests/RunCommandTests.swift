import Foundation
import FullHarness
import TestSupport
import XMLSupport
import Testing

@testable import CookieHarnessCLI

/// `run`, `list` and `validate` on suites written to a temporary folder.
@Suite("run, list and validate")
struct RunCommandTests {
    static let packageRoot = URL(fileURLWithPath: RepositoryFiles.root)
    static let schema = RepositoryFiles.suiteSchema

    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let suite = """
        <suite xmlns="urn:cookieharness:suite:1" id="demo" title="Demo">
          <origin url="https://app.example.com"><route path="/login"><set-cookie>sid=1; Secure; HttpOnly</set-cookie></route><route path="/home"/></origin>
          <scenario id="demo.login-then-home" tags="first-request">
            <title>The session cookie set at login reaches the next page</title>
            <native-request url="https://app.example.com/login"/>
            <load url="https://app.example.com/home"/>
            <expect-request url="https://app.example.com/home" contains="sid=1"/>
          </scenario>
          <scenario id="demo.wrong-on-purpose" tags="broken">
            <title>An expectation that fails on every adapter</title>
            <load url="https://app.example.com/home"/>
            <expect-request url="https://app.example.com/home" contains="nope"/>
          </scenario>
        </suite>
        """

    @Test("a run writes valid reports and exits 1 on an unexpected failure, 0 once the failure is expected")
    func runExitCodes() throws {
        let root = try folder(["suites/demo.xml": Self.suite])
        defer { try? FileManager.default.removeItem(at: root) }
        let junit = root.appendingPathComponent("out/junit.xml").path
        let json = root.appendingPathComponent("out/results.json").path
        let args = [root.appendingPathComponent("suites").path, "--schema", Self.schema, "--junit", junit, "--json", json, "--jobs", "2",
                    "--adapter", "reference"]

        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["run"] + args, output: output) == .unexpectedResults)
        #expect(output.standardError.contains("demo.wrong-on-purpose"))
        // No expectation file among the suites named: a note says so, and how the built-in suites are selected instead.
        #expect(output.standardError.contains("note: no expectation file was found among \(args[0]), so every failure counts as unexpected"))
        #expect(output.standardError.contains("cookie-harness run --filter 'demo.*'"))
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains(#"<testcase classname="reference.demo" name="demo.login-then-home""#))
        #expect(report.contains("<failure"))
        #expect(FileManager.default.fileExists(atPath: json))

        try Data("""
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
              <expect scenario="demo.wrong-on-purpose" status="fail">written to fail</expect>
            </expectations>
            """.utf8).write(to: root.appendingPathComponent("suites/expectations.xml"))
        let second = CommandOutput.capturing()
        #expect(FullHarness.run(["run"] + args, output: second) == .success)
        #expect(!second.standardError.contains("no expectation file"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("expected failure: written to fail"))

        // The same expected failure, stating the failure it expects: right, then wrong.
        let observed = "Cookie header of GET https://app.example.com/home: expected to contain 'nope', observed *"
        for (pattern, status) in [(observed, CookieHarnessCLI.ExitStatus.success), ("Cookie header of GET https://app.example.com/home: expected no cookie*", .unexpectedResults)] {
            try Data("""
                <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
                  <expect scenario="demo.wrong-on-purpose" status="fail" observed="\(pattern)">written to fail</expect>
                </expectations>
                """.utf8).write(to: root.appendingPathComponent("suites/expectations.xml"))
            let third = CommandOutput.capturing()
            #expect(FullHarness.run(["run"] + args, output: third) == status, "\(pattern)")
            if status == .unexpectedResults {
                #expect(third.standardError.contains("failed, but not as expected: Cookie header of GET https://app.example.com/home: expected to contain 'nope'"))
            }
        }
    }

    @Test("an expectation file for an adapter that does not exist is invalid input, with the closest name")
    func unknownAdapter() throws {
        let root = try folder([
            "demo.xml": Self.suite,
            "typo.xml": """
                <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-nosync">
                  <expect scenario="demo.wrong-on-purpose" status="fail">written for a misspelt adapter</expect>
                </expectations>
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["run", root.path, "--schema", Self.schema, "--adapter", "reference", "--json", root.appendingPathComponent("r.json").path,
             "--junit", root.path + "-j.xml"], output: output)
        #expect(status == .invalidInput)
        #expect(output.standardError.contains("typo.xml:1:1: error: adapter=\"wk-nosync\" names no adapter this harness knows (did you mean 'wk-no-sync'?)"),
                "\(output.standardError)")
    }

    /// A library port with options is no listed adapter (issue 36): its expectation file is read like a built-in
    /// one's, and a wrong option in `adapter=` is the option's error, naming the kind's options.
    @Test("an expectation file may name a library port with options; a wrong option there names the known ones")
    func composedAdapterFile() throws {
        let adapterName = "rnw-shared-cookies:12.0.0[incognito=true]@ios-11"
        for (written, expected) in [(adapterName, ExitStatus.success), ("rnw-shared-cookies:12.0.0[incognitoo=true]@ios-11", .invalidInput)] {
            let file = "<expectations xmlns=\"urn:cookieharness:suite:1\" adapter=\"\(written)\">"
                + "<expect scenario=\"demo.wrong-on-purpose\" status=\"fail\">the suite's own failure</expect></expectations>"
            let root = try folder(["demo.xml": Self.suite, "options.xml": file])
            defer { try? FileManager.default.removeItem(at: root) }
            let output = CommandOutput.capturing()
            let status = FullHarness.run(
                ["run", root.path, "--schema", Self.schema, "--adapter", adapterName, "--json", root.path + "-r.json",
                 "--junit", root.path + "-j.xml"], output: output)
            // Read and used: the scenario failing on purpose is expected to fail (demo.login-then-home may not be).
            #expect((status == .invalidInput) == (expected == .invalidInput), "\(written): \(output.standardError)")
            if expected != .invalidInput {
                #expect(!output.standardError.contains("demo.wrong-on-purpose"), "\(output.standardError)")
            } else {
                #expect(
                    output.standardError.contains(
                        "options.xml:1:1: error: adapter 'rnw-shared-cookies:12.0.0' has no option 'incognitoo' (its options: sharedCookiesEnabled"),
                    "\(output.standardError)")
            }
        }
    }

    @Test("a selection that matches nothing exits 2 unless --allow-empty; --external adds to --adapter; names are checked")
    func selectionAndAdapters() throws {
        let root = try folder(["demo.xml": Self.suite])
        defer { try? FileManager.default.removeItem(at: root) }
        // Reports beside the suite folder, not in it (the loader reads every *.xml under a suite path).
        let out = root.appendingPathComponent("out")
        let suites = root.appendingPathComponent("suites")
        try FileManager.default.createDirectory(at: suites, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent("demo.xml"), to: suites.appendingPathComponent("demo.xml"))
        let reports = ["--json", out.appendingPathComponent("r.json").path, "--junit", out.appendingPathComponent("j.xml").path]
        func run(_ extra: [String]) -> (CookieHarnessCLI.ExitStatus, CommandOutput) {
            let output = CommandOutput.capturing()
            return (FullHarness.run(["run", suites.path, "--schema", Self.schema] + reports + extra, output: output), output)
        }
        let (empty, emptyOutput) = run(["--adapter", "reference", "--filter", "nosuch"])
        #expect(empty == .invalidInput)
        #expect(emptyOutput.standardError.contains("no scenario matches the selection"))
        #expect(run(["--adapter", "reference", "--filter", "nosuch", "--allow-empty"]).0 == .success)

        let adapter = root.appendingPathComponent("jar.py")
        try Data(StandInAdapter.script(
            name: "x", version: "1", replies: ["cookie-header": #"{"header": None}"#, "cookies": #"{"cookies": []}"#],
            otherwise: .emptyResult).utf8).write(to: adapter)
        let (both, bothOutput) = run(["--adapter", "reference", "--external", "mine=python3 \(adapter.path)", "--filter", "demo.login-then-home"])
        let records = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("r.json"))) as? [[String: Any]]
        let adapters = Set((records ?? []).compactMap { $0["adapter"] as? String })
        #expect(adapters == ["reference", "mine"], "stderr: \(bothOutput.standardError) stdout: \(bothOutput.standardOutput)")
        #expect(both == .success || both == .unexpectedResults, "\(bothOutput.standardError)")
        #expect(run(["--adapter", "reference", "--adapter", "reference"]).0 == .invalidInput)
        #expect(run(["--external", "reference=python3 \(adapter.path)"]).0 == .invalidInput)
    }

    @Test("list adapters --external shows the external adapter's handshake, or why it cannot start")
    func listExternal() throws {
        let root = try folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let script = root.appendingPathComponent("jar.py")
        try Data(StandInAdapter.script(
            name: "tiny-jar", version: "4.2", capabilities: ["persistence", "teleport"], otherwise: .emptyResult).utf8)
            .write(to: script)
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(
            ["list", "adapters", "--external", "mine=python3 \(script.path)", "--external", "bad=/nonexistent/adapter"],
            output: output) == .success)
        #expect(output.standardOutput.contains("mine\tout of process: tiny-jar 4.2"))
        #expect(output.standardOutput.contains("ignored capabilities: teleport"))
        #expect(output.standardOutput.contains("bad\tout of process: cannot start (/nonexistent/adapter): '/nonexistent/adapter' is not an executable file"))
    }

    @Test("--tag selects scenarios in list, --filter in run")
    func selection() throws {
        let root = try folder(["demo.xml": Self.suite])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = CommandOutput.capturing()
        let status = FullHarness.run(["list", "scenarios", root.path, "--schema", Self.schema, "--tag", "first-request"], output: output)
        #expect(status == .success)
        #expect(output.standardOutput.contains("demo.login-then-home"))
        #expect(!output.standardOutput.contains("demo.wrong-on-purpose"))
        let run = CommandOutput.capturing()
        // Beside the suite folder, not in it: a report in it would be loaded as a suite (refused).
        let junit = root.path + "-j.xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        #expect(FullHarness.run(["run", root.path, "--schema", Self.schema, "--filter", "demo.login*", "--adapter", "reference", "--junit", junit,
                                          "--json", root.appendingPathComponent("r.json").path], output: run) == .success)
    }

    @Test("a broken suite is invalid input (exit 2) with file:line:column")
    func brokenSuite() throws {
        let root = try folder(["bad.xml": """
            <suite xmlns="urn:cookieharness:suite:1" id="bad" title="Bad">
              <scenario id="bad.x"><title>x</title><load/></scenario>
            </suite>
            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("bad.xml").path
        for command in ["validate", "run"] {
            let output = CommandOutput.capturing()
            #expect(FullHarness.run([command, path, "--schema", Self.schema], output: output) == .invalidInput)
            #expect(output.standardError.contains("\(path):2:"), "\(output.standardError)")
        }
    }

    @Test("usage errors of run name the option", arguments: [
        (["--shard", "3/2"], "option '--shard': '3/2' is not I/N with 1 <= I <= N"),
        (["--adapter", "nope"], "option '--adapter': unknown adapter 'nope' ('cookie-harness list adapters' lists all "),
        (["--adapter", "chromium,firefox"],
         "option '--adapter': unknown adapter 'chromium,firefox'; give each adapter its own option: --adapter chromium --adapter firefox"),
        (["--adapter", "ggwkcookie:9.9"],
         "option '--adapter': unknown adapter 'ggwkcookie:9.9' (known names that begin alike: ggwkcookie:0.1.1, ggwkcookie:0.1.2, "),
        (["--jobs", "0"], "option '--jobs': '0' is not a whole number in 1...256"),
    ])
    func usage(arguments: [String], message: String) {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["run"] + arguments, output: output) == .invalidInput)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardError.count < 1000, "a usage error fits on a screen: \(output.standardError.count) characters")
    }

    @Test("list adapters names the reference adapter and its capabilities")
    func listAdapters() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["list", "adapters"], output: output) == .success)
        #expect(output.standardOutput.contains("reference\t"))
        #expect(output.standardOutput.contains("javascript"))
    }

    @Test("list adapters groups the library ports by library, each version with its source commit and its adapters")
    func listLibraryPorts() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["list", "adapters"], output: output) == .success)
        let text = output.standardOutput
        #expect(text.contains("library WKCookieWebView (Kofktu/WKCookieWebView): 8 version(s)"))
        #expect(text.contains("\t1.0.1\tcommit 14f163e067b4e982af8bc78ad250c95fd30ead84\tWKCookieWebView/WKCookieWebView/WKCookieWebView.swift"))
        #expect(text.contains("\t2.0.2\tcommit fe0f90945f0af617b4d1bfd160d9beeb9b9b8658"))
        #expect(text.contains("adapters: hotwire-native:1.2.2 hotwire-native:1.2.2@ios-18 hotwire-native:1.2.2@ios-12 hotwire-native:1.2.2@ios-11 hotwire-native:1.2.2@webkitgtk hotwire-native:1.2.2@webkitgtk-live"))
        #expect(!text.contains("\nwkcookiewebview:2.0.1\t"), "a port is listed under its library, not among the other adapters")
    }

    @Test("list profiles shows every profile, each parameter with its confidence and source")
    func listProfiles() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["list", "profiles"], output: output) == .success)
        let text = output.standardOutput
        for name in ["ios: ", "ios-18: ", "ios-12: ", "ios-11: ", "webkitgtk: "] {
            #expect(text.contains("\n\(name)") || text.hasPrefix(name), "\(name) missing")
        }
        #expect(text.contains("cookie-store writes: gated (confirmed: WebKit bug 290158"))
        #expect(text.contains("cookie-store writes: race (confirmed: loads did not wait before WebKit bug 290158"))
        #expect(text.contains("jar: apple (the reference jar with Apple's recorded departures, rules below; checked against WebKit's Apple-port records) (reported: "))
        #expect(text.contains("nameless cookies dropped: ") && text.contains("cookies/name/name-expected.txt@25c9849a"))
        #expect(text.contains("SameSite: enforced, default none; SameSite=None and unknown values read as Strict (reported: "))
        #expect(!text.contains("no evidence given"))
    }
}

/// The main job itself: the built-in suites on the default adapters, and the JUnit file CI systems will read.
@Suite("the main job")
struct MainJobTests {
    @Test("the built-in suites run as expected on the default adapters, and the JUnit file validates")
    func builtInSuites() throws {
        let root = RunCommandTests.packageRoot
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("main-job-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let junit = out.appendingPathComponent("junit.xml").path
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["run", root.appendingPathComponent("Suites").path, "--schema", RunCommandTests.schema,
             "--junit", junit, "--json", out.appendingPathComponent("results.json").path],
            output: output)
        #expect(status == .success, "\(output.standardError)")
        #expect(output.standardError.contains("no unexpected results"))
        let schema = try XMLSchema(contentsOf: RepositoryFiles.junitSchema)
        // The main job's report is past the 32 MB the loader allows a suite file (55,212 results: 40 MB); a CI
        // system reads it whole, so it is checked whole.
        #expect(try schema.validate(contentsOf: junit, maximumInputSize: 512 << 20).isEmpty)
    }
}

@Suite("--external adapters")
struct ExternalOptionTests {
    @Test("--external NAME=COMMAND adds an out-of-process adapter without rebuilding")
    func external() throws {
        let root = RunCommandTests.packageRoot
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let script = root.appendingPathComponent("Sources/CookieStores/External/python-cookiejar/adapter.py").path
        // The built-in script imports the shared Python package, whose parent the command puts on PYTHONPATH.
        let pythonPath = root.appendingPathComponent("Sources/EngineDrivers").path
        let junit = out.appendingPathComponent("junit.xml").path
        let output = CommandOutput.capturing()
        let status = FullHarness.run(
            ["run", root.appendingPathComponent("Suites/first-request").path, "--schema", RunCommandTests.schema,
             "--external", "mine=env PYTHONPATH=\(pythonPath) python3 \(script)", "--adapter", "mine", "--filter", "first-request.native-set-cookie-on-first-load",
             "--junit", junit, "--json", out.appendingPathComponent("results.json").path],
            output: output)
        #expect(status == .success, "\(output.standardError)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"classname="mine.first-request""#))
    }

    @Test("a malformed --external spec is a usage error")
    func malformed() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["run", "--external", "no-equals-sign"], output: output) == .invalidInput)
        #expect(output.standardError.contains("option '--external'"))
    }
}

/// `--jobs`' default: live drivers wait more than they compute, so a run with one gets twice the cores.
@Suite("run's default number of workers")
struct DefaultJobsTests {
    @Test("twice the cores when an @webkitgtk-live adapter runs, the cores otherwise")
    func liveDoublesTheCores() throws {
        func options(_ arguments: [String]) throws -> RunOptions {
            try RunOptions(CommandLineArguments(arguments, valued: ["adapter", "jobs"]))
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(try options(["--adapter", "reference", "--adapter", "wk-no-sync@webkitgtk-live"]).jobs == 2 * cores)
        #expect(try options(["--adapter", "reference", "--adapter", "wk-no-sync"]).jobs == cores)
        #expect(try options(["--adapter", "wk-no-sync@webkitgtk-live", "--jobs", "3"]).jobs == 3)
    }
}
