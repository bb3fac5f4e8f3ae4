import Foundation
import Reporting
import TestSupport
import Testing
import XMLSupport

/// The real `cookie-harness` binary, run as a user or a CI job would, with its output and exit status.
enum Harness {
    /// The package root, found from this file.
    static let root = RepositoryFiles.root

    /// The binary `swift build` / `swift test` made (debug, as the tests are), or `$COOKIE_HARNESS_BINARY` (to run
    /// these faults against another build, e.g. an older one to see them fail).
    static var binary: String {
        ProcessInfo.processInfo.environment["COOKIE_HARNESS_BINARY"] ?? root + "/.build/debug/cookie-harness"
    }

    struct Outcome {
        var status: Int32
        var stderr: String
        var seconds: Double
    }

    /// Starts the binary with `arguments` in `directory`, `TMPDIR` pointing into the test's own folder.
    /// - Parameter wrapper: A program and its arguments that start the binary (`strace -f …`); none by default.
    static func start(
        _ arguments: [String], in directory: FaultDirectory, environment: [String: String] = [:], wrappedBy wrapper: [String] = []
    ) throws -> Process {
        let process = Process()
        let command = wrapper + [binary] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": directory.scratch, "NO_COLOR": "1", "HOME": directory.path] .merging(environment) { $1 }) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        _ = FileManager.default.createFile(atPath: directory.path + "/stderr.txt", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: directory.path + "/stderr.txt")
        try process.run()
        return process
    }

    /// Runs the binary to its end (killed after `timeout` seconds, which fails the test).
    static func run(
        _ arguments: [String], in directory: FaultDirectory, environment: [String: String] = [:], timeout: Double = 120,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Outcome {
        let started = Date()
        let process = try start(arguments, in: directory, environment: environment)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.interrupt()
            kill(process.processIdentifier, SIGKILL)
            Issue.record("cookie-harness \(arguments.joined(separator: " ")) did not end within \(timeout) s", sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stderr: directory.stderr, seconds: Date().timeIntervalSince(started))
    }

    /// Writes beside `results` (a results file in `directory`, written or edited by the test) the run identity a run
    /// that loaded `expectationFiles` (paths in `directory`) would write: for the commands that check it.
    static func identify(_ results: String, loading expectationFiles: [String], in directory: FaultDirectory) throws {
        func digest(_ name: String) throws -> String {
            try #require(RunIdentity.digest(ofFile: directory.path + "/" + name), "\(name) cannot be read")
        }
        var identity = RunIdentity(
            harnessVersion: "test", suites: [],
            expectationFiles: try expectationFiles.map { RunIdentity.FileDigest(file: $0, sha256: try digest($0)) },
            adapters: [], selection: RunIdentity.Selection(), shard: nil)
        identity.results = RunIdentity.Results(sha256: try digest(results), records: 0)
        try directory.write(RunIdentity.path(forResults: results), identity.text)
    }
}

/// A fresh folder per test, with `scratch/` as the harness's TMPDIR; removed at the end.
final class FaultDirectory {
    let path: String
    var scratch: String { path + "/scratch" }

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/cookie-harness-fault-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXError(.EIO) }
        path = String(cString: created)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var stderr: String { (try? String(contentsOfFile: path + "/stderr.txt", encoding: .utf8)) ?? "" }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// Every file left under `folder` (relative to this directory), hidden ones included.
    func contents(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
    }

    /// The file type of `name` without following a symlink.
    func type(of name: String) -> mode_t? {
        var status = stat()
        guard lstat(path + "/" + name, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}

/// Out-of-process adapters that misbehave the way the fault tests need.
enum FaultAdapters {
    /// Starts a grandchild (`sleep 300`) that it does not wait for, records `PID GRANDCHILD_PID` in `$PIDS_FILE`,
    /// answers the handshake, then hangs on every request.
    static let hanging = StandInAdapter.script(name: "hang", capabilities: ["store-inspection"], prelude: #"""
        import subprocess
        child = subprocess.Popen(["sleep", "300"])
        with open(os.environ["PIDS_FILE"], "a") as pids:
            pids.write(f"{os.getpid()} {child.pid}\n")
        os.environ["HANG"] = "1"
        """#)

    /// The process ids listed in a `$PIDS_FILE`.
    static func pids(in file: String) -> [Int32] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
    }

    /// The ones still alive (a zombie waiting for its new parent to reap it counts as gone).
    static func alive(_ pids: [Int32]) -> [Int32] {
        pids.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            return state != "Z" && state != "X"
        }
    }
}

extension Harness {
    /// Runs another program (a reader of the reports: `xmllint`, `python3`) in `directory`; its exit status.
    static func runTool(_ executable: String, _ arguments: [String], in directory: FaultDirectory) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension Harness {
    /// The partial reports of a run stopped by signal `name`, in `folder` (`r.json`, `j.xml`): a record says so, the
    /// JUnit file validates against jenkins-junit-10.xsd and carries the `interrupted` property.
    static func expectInterruptedReports(
        in folder: String, signal name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let json = try Data(contentsOf: URL(fileURLWithPath: folder + "/r.json"))
        let records = try #require(
            try JSONSerialization.jsonObject(with: json) as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(
            records.contains { ($0["message"] as? String)?.contains("interrupted by \(name)") == true },
            sourceLocation: sourceLocation)
        let schema = try XMLSchema(contentsOf: RepositoryFiles.junitSchema)
        let problems = try schema.validate(contentsOf: folder + "/j.xml").filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        let junit = try String(contentsOfFile: folder + "/j.xml", encoding: .utf8)
        #expect(junit.contains("<property name=\"interrupted\" value=\"\(name)\"/>"), sourceLocation: sourceLocation)
    }
}
