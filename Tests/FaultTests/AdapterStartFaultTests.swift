import Foundation
import Testing

/// An adapter is started only when a selected scenario needs it (issue 22, start-up): the out-of-process stores'
/// runtimes (`python3`, `env … node`) are wrapped on `PATH` by scripts that note each start, through the real binary.
@Suite("faults: adapters start only when selected", .serialized)
struct AdapterStartFaultTests {
    /// A folder of wrappers named like the runtimes, each appending its name to `starts.log`, then running the real one.
    private static func wrappers(in directory: FaultDirectory) throws -> String {
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, real) in [("python3", "/usr/bin/python3"), ("env", "/usr/bin/env"), ("node", "/usr/bin/node")] {
            let script = "#!/bin/sh\necho \(name) >> \(directory.path)/starts.log\nexec \(real) \"$@\"\n"
            try script.write(toFile: "\(bin)/\(name)", atomically: true, encoding: .utf8)
            chmod("\(bin)/\(name)", 0o755)
        }
        return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    private static func starts(in directory: FaultDirectory) -> [String] {
        let log = (try? String(contentsOfFile: directory.path + "/starts.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }

    @Test("a run on the reference jar starts no adapter process")
    func referenceRunStartsNothing() throws {
        let directory = try FaultDirectory()
        let path = try Self.wrappers(in: directory)
        let outcome = try Harness.run(
            ["run", FaultTests.suite, "--adapter", "reference", "--json", "r.json", "--junit", "j.xml"],
            in: directory, environment: ["PATH": path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.starts(in: directory) == [], "processes started for adapters the run did not select")
    }

    @Test("the wrappers see a start when the adapter is selected (the check above can fail)")
    func selectedAdapterStarts() throws {
        let directory = try FaultDirectory()
        let path = try Self.wrappers(in: directory)
        let outcome = try Harness.run(
            ["run", FaultTests.suite, "--adapter", "python-cookiejar", "--json", "r.json", "--junit", "j.xml"]
                + FaultTests.oneScenario,
            in: directory, environment: ["PATH": path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.starts(in: directory).contains("python3"))
        #expect(!Self.starts(in: directory).contains("node"), "tough-cookie started for a run on python-cookiejar")
    }
}
