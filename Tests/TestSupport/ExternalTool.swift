import Foundation

/// A tool the tests run to the end (pytest, check-jsonschema, headless Chromium, Debian's Python): one way to start
/// it and read what it printed, so each test says only what it runs and what it expects of the result.
public enum ExternalTool {
    /// What a finished process left: its exit status and what it wrote.
    public struct Result: Sendable {
        public let status: Int32
        /// Standard output, with standard error merged into it when the run asked for that.
        public let output: String
    }

    /// Where a process's standard error goes.
    public enum ErrorStream: Sendable {
        /// Into the same pipe as standard output, in the order written (a failing tool's message then reads whole).
        case merged
        /// Dropped (a browser's chatter that is not the test's subject).
        case discarded
    }

    /// Runs `executable` with `arguments` until it exits. `environment` adds to (and overrides) this process's.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String] = [:], errors: ErrorStream = .merged) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errors == .merged ? pipe : FileHandle.nullDevice
        try process.run()
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
