import Foundation
import ProcessCleanup

/// How to start a child process that speaks a JSON-lines protocol, and how long to wait for it.
package struct ChildProcessConfiguration: Sendable, Hashable {
    /// What the process is to the harness, for messages ("external adapter", "WebKitGTK driver").
    package var role: String
    /// Its name in reports (an adapter's name).
    package var name: String
    /// The program and its arguments (argv); a program without a slash is looked up in `PATH`.
    package var command: [String]
    /// The command as a shell would show it, for messages.
    package var commandLine: String
    /// Variables added to the harness's environment for the child.
    package var environment: [String: String]
    /// How long the `start` handshake may take.
    package var startTimeout: Duration
    /// How long any other request may take; past it the process is killed.
    package var requestTimeout: Duration

    package init(
        role: String, name: String, command: [String], commandLine: String? = nil, environment: [String: String] = [:],
        startTimeout: Duration, requestTimeout: Duration
    ) {
        self.role = role
        self.name = name
        self.command = command
        self.commandLine = commandLine ?? command.joined(separator: " ")
        self.environment = environment
        self.startTimeout = startTimeout
        self.requestTimeout = requestTimeout
    }
}

/// One running child process (an out-of-process store adapter, the WebKitGTK driver): spawned with its pipes, past
/// its `start` handshake, answering one request at a time within the time limit.
///
/// The process is started as the leader of a process group of its own (see ``Spawned``). A process that times
/// out, dies or writes an invalid reply is killed with its whole group, and becomes unusable (``isUsable`` false); its owner launches a fresh one. An `errored`
/// or `skipped` reply leaves it usable.
package final class ChildProcess: @unchecked Sendable {
    package let configuration: ChildProcessConfiguration
    /// The child's process id.
    package let pid: Int32

    private let process: Spawned
    private let output: Output
    /// Held for a whole request, so that requests never interleave.
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stdin: Int32
    private var nextID: Int
    private var usable = true

    private init(configuration: ChildProcessConfiguration, process: Spawned, output: Output, stdin: Int32, nextID: Int) {
        self.configuration = configuration
        self.process = process
        self.pid = process.pid
        self.output = output
        self.stdin = stdin
        self.nextID = nextID
    }

    deinit {
        if stdin >= 0 { kill() }
    }

    /// Whether the process has not exited yet.
    package var isRunning: Bool { process.isRunning }

    /// Whether the process can take another request (it has not been killed, stopped or found broken).
    package var isUsable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return usable
    }

    // MARK: Launching

    /// Spawns the command and completes the `start` handshake: `startFields` go out with `start`, and `handshake`
    /// reads (and checks) the result.
    ///
    /// - Throws: ``ChildProcessError`` ``ChildProcessError/Code/cannotStart`` naming the command: not found,
    ///   not executable, or a handshake that timed out, died, was invalid or that `handshake` refused.
    package static func launch<Handshake>(
        _ configuration: ChildProcessConfiguration, startFields: [String: JSONValue],
        handshake: (LineProtocol.Result) throws(LineProtocol.Violation) -> Handshake
    ) throws(ChildProcessError) -> (process: ChildProcess, handshake: Handshake) {
        func cannotStart(_ message: String) -> ChildProcessError {
            ChildProcessError(
                .cannotStart, role: configuration.role, adapter: configuration.name, command: configuration.commandLine,
                message: message)
        }
        guard let command = configuration.command.first, !command.isEmpty else {
            throw cannotStart("the command is empty")
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let resolved = Syscalls.resolveExecutable(
            command, currentDirectory: currentDirectory, searchPath: ProcessInfo.processInfo.environment["PATH"])
        guard let executable = resolved.path else {
            throw cannotStart(
                command.contains("/")
                    ? "'\(command)' is not an executable file"
                    : "command not found: '\(command)' (searched PATH: \(resolved.searched.joined(separator: ":")))")
        }

        var descriptors: [Int32] = []
        let stdinPipe, stdoutPipe, stderrPipe: (read: Int32, write: Int32)
        do {
            stdinPipe = try Syscalls.makePipe()
            descriptors += [stdinPipe.read, stdinPipe.write]
            stdoutPipe = try Syscalls.makePipe()
            descriptors += [stdoutPipe.read, stdoutPipe.write]
            stderrPipe = try Syscalls.makePipe()
            descriptors += [stderrPipe.read, stderrPipe.write]
        } catch {
            descriptors.forEach(Syscalls.close)
            throw cannotStart("cannot create pipes: \(error)")
        }

        let output = Output()
        // A TMPDIR of its own, removed when the child is reaped (or when the harness ends, by signal or not): what
        // the child or its children leave in it (a driver killed mid-run cannot clean up) goes with it.
        var environment = ProcessInfo.processInfo.environment.merging(configuration.environment) { $1 }
        let scratch = configuration.environment["TMPDIR"] == nil ? Syscalls.makeScratchFolder() : nil
        if let scratch { environment["TMPDIR"] = scratch.path }
        let process: Spawned
        do throws(SyscallError) {
            process = try Spawned.spawn(
                executable: executable, arguments: Array(configuration.command.dropFirst()),
                environment: environment,
                stdin: stdinPipe.read, stdout: stdoutPipe.write, stderr: stderrPipe.write,
                terminated: { [output] termination in
                    output.terminated(termination)
                    scratch?.remove()
                })
        } catch {
            descriptors.forEach(Syscalls.close)
            scratch?.remove()
            throw cannotStart("cannot run \(executable): \(Syscalls.describe(errno: error.code))")
        }
        // A scenario abandoned at its time limit kills what it is waiting on, the handshake included.
        let scope = WorkScope.ofCurrentThread
        scope?.enter(group: process.pid)
        defer { scope?.leave(group: process.pid) }
        // The child has its copies; the harness keeps only its own ends.
        Syscalls.close(stdinPipe.read)
        Syscalls.close(stdoutPipe.write)
        Syscalls.close(stderrPipe.write)
        Syscalls.setNonBlocking(stdinPipe.write)
        output.startReading(stdout: stdoutPipe.read, stderr: stderrPipe.read)

        let start = LineProtocol.Request(id: 1, .start, startFields)
        let handshakeRead: Handshake
        do throws(ChildProcessError) {
            let outcome = try exchange(
                start, stdin: stdinPipe.write, output: output, process: process, configuration: configuration,
                timeout: configuration.startTimeout)
            switch outcome {
            case .ok(let result):
                do throws(LineProtocol.Violation) {
                    handshakeRead = try handshake(result)
                } catch {
                    throw ChildProcessError(
                        .invalidReply, role: configuration.role, adapter: configuration.name, command: configuration.commandLine,
                        request: start.summary, message: "invalid start result: \(error.message)")
                }
            case .skipped(let reason):
                throw cannotStart("it declined to start: \(reason)")
            case .errored(let message, let details):
                throw cannotStart("it failed to start: \(message)" + (details.map { "\n\($0)" } ?? ""))
            }
        } catch {
            Syscalls.close(stdinPipe.write)
            if error.code != .timedOut { forceKill(process) }
            var failure = error
            if failure.code != .cannotStart {
                failure.message = "the start handshake failed (\(failure.code)): \(failure.message)"
                failure.handshakeFailure = failure.code
                failure.code = .cannotStart
            }
            throw failure
        }
        let child = ChildProcess(configuration: configuration, process: process, output: output, stdin: stdinPipe.write, nextID: 2)
        return (child, handshakeRead)
    }

    // MARK: Requests

    /// Sends `operation` with `fields` and waits for the reply, within the configured time limit.
    ///
    /// - Returns: The request as sent, and the adapter's outcome: ok with its result, skipped or errored.
    /// - Throws: ``ChildProcessError`` when the process is gone, times out (it is killed), dies, or replies with
    ///   something that is not a valid reply to this request (it is killed).
    package func call(
        _ operation: LineProtocol.Operation, _ fields: [String: JSONValue] = [:], timeout: Duration? = nil
    ) throws(ChildProcessError) -> (request: LineProtocol.Request, outcome: LineProtocol.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        let request = LineProtocol.Request(id: nextID, operation, fields)
        nextID += 1
        guard usable, stdin >= 0 else {
            throw ChildProcessError(
                .exited, role: configuration.role, adapter: configuration.name, command: configuration.commandLine,
                request: request.summary,
                message: "the process (pid \(pid)) is no longer usable: it failed earlier in this scenario")
        }
        let scope = WorkScope.ofCurrentThread
        scope?.enter(group: pid)
        defer { scope?.leave(group: pid) }
        do throws(ChildProcessError) {
            return (request, try Self.exchange(
                request, stdin: stdin, output: output, process: process, configuration: configuration,
                timeout: timeout ?? configuration.requestTimeout))
        } catch {
            // Timed out, died or broke the protocol: its state can no longer be trusted.
            usable = false
            Syscalls.close(stdin)
            stdin = -1
            Self.forceKill(process)
            throw error
        }
    }

    /// Asks the process to exit (`stop`, then end-of-file on its stdin) and kills it if it has not within a second.
    /// Returns at once; the waiting happens in the background.
    package func stop() {
        lock.lock()
        let descriptor = stdin
        let request = LineProtocol.Request(id: nextID, .stop)
        stdin = -1
        usable = false
        lock.unlock()
        guard descriptor >= 0 else { return }
        _ = Syscalls.write(descriptor, Array((request.line + "\n").utf8), deadline: Date(timeIntervalSinceNow: 0.2))
        Syscalls.close(descriptor)
        let (output, process) = (self.output, self.process)
        Thread.detachNewThread {
            // Exited as asked, what it started went with it (``Spawned``); else it is killed now.
            if output.termination(until: Date(timeIntervalSinceNow: 1)) == nil { Self.forceKill(process) }
        }
    }

    /// Kills the process (and its group) at once (SIGKILL).
    package func kill() {
        lock.lock()
        let descriptor = stdin
        stdin = -1
        usable = false
        lock.unlock()
        Syscalls.close(descriptor)
        Self.forceKill(process)
    }

    /// SIGKILL to the process and its process group (the child leads one, so everything it started goes with it),
    /// unless it has already been reaped: then its group was killed at its exit, and its pid may name a stranger.
    private static func forceKill(_ process: Spawned) {
        process.signal(SIGKILL)
    }

    /// Writes `request`, reads and validates the reply.
    private static func exchange(
        _ request: LineProtocol.Request, stdin: Int32, output: Output, process: Spawned,
        configuration: ChildProcessConfiguration, timeout: Duration
    ) throws(ChildProcessError) -> LineProtocol.Outcome {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        func failure(_ code: ChildProcessError.Code, _ message: String, line: Data? = nil) -> ChildProcessError {
            // An invalid reply ends the process: kill it now. Whenever the process is gone (killed, or it exited),
            // let its stderr drain (briefly), so that what it wrote there last — often the traceback that explains
            // the failure — is in the error, even when the reader thread has not read it yet.
            if code == .invalidReply { forceKill(process) }
            let settled: Date? = code == .invalidReply || code == .exited ? Date(timeIntervalSinceNow: 0.5) : nil
            return ChildProcessError(
                code, role: configuration.role, adapter: configuration.name, command: configuration.commandLine, request: request.summary,
                message: message, line: line.map { shortened(String(decoding: $0, as: UTF8.self), to: 500) },
                stderrTail: output.stderrSummary(settlingUntil: settled))
        }
        func ended(_ how: String) -> ChildProcessError {
            if let termination = output.termination(until: Date(timeIntervalSinceNow: 2)) {
                return failure(.exited, "the process (pid \(process.pid)) \(termination) \(how)")
            }
            forceKill(process)
            return failure(
                .exited, "the process (pid \(process.pid)) closed its stdout \(how); it was killed")
        }
        func timedOut(_ what: String) -> ChildProcessError {
            forceKill(process)
            _ = output.termination(until: Date(timeIntervalSinceNow: 1))
            return failure(
                .timedOut,
                "\(what) within the time limit of \(format(timeout)); the process (pid \(process.pid)) was killed with SIGKILL")
        }

        if let stray = output.stray() {
            switch stray {
            case .line(let line):
                throw failure(.invalidReply, "output nobody asked for, before the request was sent", line: line)
            case .overlong(let prefix):
                throw failure(.invalidReply, "a line longer than \(Output.maximumLineLength) bytes", line: prefix)
            case .closed, .timedOut:
                break
            }
        }
        switch Syscalls.write(stdin, Array((request.line + "\n").utf8), deadline: deadline) {
        case .written: break
        case .closed: throw ended("before reading the request")
        case .timedOut: throw timedOut("the process did not read its stdin")
        case .failed(let code): throw failure(.exited, "cannot write the request: \(Syscalls.describe(errno: code))")
        }
        switch output.next(until: deadline) {
        case .line(let line):
            do throws(LineProtocol.Violation) {
                return try LineProtocol.reply(line, to: request)
            } catch {
                throw failure(.invalidReply, error.message, line: line)
            }
        case .overlong(let prefix):
            throw failure(.invalidReply, "a line longer than \(Output.maximumLineLength) bytes", line: prefix)
        case .closed:
            throw ended("before replying")
        case .timedOut:
            throw timedOut("no reply")
        }
    }

    // MARK: Formatting

    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : text.prefix(limit) + "… (\(text.utf8.count) bytes)"
    }

    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    package var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
