import Foundation

/// One running adapter process: spawned with its pipes, past its `start` handshake, answering one request at a
/// time within the time limit.
///
/// A process that times out, dies or writes an invalid reply is killed and becomes unusable (``isUsable`` false);
/// the pool then launches a fresh one for the next scenario. An `errored` or `skipped` reply leaves it usable.
final class AdapterProcess: @unchecked Sendable {
    let configuration: ExternalAdapter
    /// The child's process id.
    let pid: Int32
    /// What the child said in its reply to `start`.
    let handshake: AdapterHandshake

    private let process: Process
    private let output: Output
    /// Held for a whole request, so that requests never interleave.
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stdin: Int32
    private var nextID: Int
    private var usable = true

    private init(
        configuration: ExternalAdapter, process: Process, output: Output, stdin: Int32, handshake: AdapterHandshake,
        nextID: Int
    ) {
        self.configuration = configuration
        self.process = process
        self.pid = process.processIdentifier
        self.output = output
        self.stdin = stdin
        self.handshake = handshake
        self.nextID = nextID
    }

    deinit {
        if stdin >= 0 { kill() }
    }

    /// Whether the process can take another request (it has not been killed, stopped or found broken).
    var isUsable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return usable
    }

    // MARK: Launching

    /// Spawns the adapter's command and completes the `start` handshake.
    ///
    /// - Throws: ``ExternalAdapterError`` ``ExternalAdapterError/Code/cannotStart`` naming the command: not found,
    ///   not executable, or a handshake that timed out, died, was invalid or asked for another protocol version.
    static func launch(_ configuration: ExternalAdapter) throws(ExternalAdapterError) -> AdapterProcess {
        func cannotStart(_ message: String) -> ExternalAdapterError {
            ExternalAdapterError(.cannotStart, adapter: configuration.name, command: configuration.commandLine, message: message)
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(configuration.command.dropFirst())
        process.standardInput = FileHandle(fileDescriptor: stdinPipe.read, closeOnDealloc: false)
        process.standardOutput = FileHandle(fileDescriptor: stdoutPipe.write, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: stderrPipe.write, closeOnDealloc: false)
        process.terminationHandler = { [output] finished in
            output.terminated(Output.Termination(reason: finished.terminationReason, status: finished.terminationStatus))
        }
        do {
            try process.run()
        } catch {
            descriptors.forEach(Syscalls.close)
            throw cannotStart("cannot run \(executable): \((error as NSError).localizedDescription)")
        }
        // The child has its copies; the harness keeps only its own ends.
        Syscalls.close(stdinPipe.read)
        Syscalls.close(stdoutPipe.write)
        Syscalls.close(stderrPipe.write)
        Syscalls.setNonBlocking(stdinPipe.write)
        output.startReading(stdout: stdoutPipe.read, stderr: stderrPipe.read)

        let start = AdapterProtocol.Request(id: 1, .start, [
            "protocol": .integer(AdapterProtocol.version),
            "harness": .object(["name": "cookie-harness", "protocol": .integer(AdapterProtocol.version)]),
        ])
        let handshake: AdapterHandshake
        do throws(ExternalAdapterError) {
            let outcome = try exchange(
                start, stdin: stdinPipe.write, output: output, process: process, configuration: configuration,
                timeout: configuration.startTimeout)
            switch outcome {
            case .ok(let result):
                do throws(AdapterProtocol.Violation) {
                    handshake = try AdapterHandshake(result: result)
                } catch {
                    throw ExternalAdapterError(
                        .invalidReply, adapter: configuration.name, command: configuration.commandLine,
                        request: start.summary, message: "invalid start result: \(error.message)")
                }
            case .skipped(let reason):
                throw cannotStart("the adapter declined to start: \(reason)")
            case .errored(let message, let details):
                throw cannotStart("the adapter failed to start: \(message)" + (details.map { "\n\($0)" } ?? ""))
            }
        } catch {
            Syscalls.close(stdinPipe.write)
            if error.code != .timedOut { forceKill(process) }
            var failure = error
            if failure.code != .cannotStart {
                failure.message = "the start handshake failed (\(failure.code)): \(failure.message)"
                failure.code = .cannotStart
            }
            throw failure
        }
        return AdapterProcess(
            configuration: configuration, process: process, output: output, stdin: stdinPipe.write,
            handshake: handshake, nextID: 2)
    }

    // MARK: Requests

    /// Sends `operation` with `fields` and waits for the reply, within the configured time limit.
    ///
    /// - Returns: The request as sent, and the adapter's outcome: ok with its result, skipped or errored.
    /// - Throws: ``ExternalAdapterError`` when the process is gone, times out (it is killed), dies, or replies with
    ///   something that is not a valid reply to this request (it is killed).
    func call(_ operation: AdapterProtocol.Operation, _ fields: [String: JSONValue] = [:]) throws(ExternalAdapterError)
        -> (request: AdapterProtocol.Request, outcome: AdapterProtocol.Outcome)
    {
        lock.lock()
        defer { lock.unlock() }
        let request = AdapterProtocol.Request(id: nextID, operation, fields)
        nextID += 1
        guard usable, stdin >= 0 else {
            throw ExternalAdapterError(
                .exited, adapter: configuration.name, command: configuration.commandLine, request: request.summary,
                message: "the adapter process (pid \(pid)) is no longer usable: it failed earlier in this scenario")
        }
        do throws(ExternalAdapterError) {
            return (request, try Self.exchange(
                request, stdin: stdin, output: output, process: process, configuration: configuration,
                timeout: configuration.requestTimeout))
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
    func stop() {
        lock.lock()
        let descriptor = stdin
        let request = AdapterProtocol.Request(id: nextID, .stop)
        stdin = -1
        usable = false
        lock.unlock()
        guard descriptor >= 0 else { return }
        _ = Syscalls.write(descriptor, Array((request.line + "\n").utf8), deadline: Date(timeIntervalSinceNow: 0.2))
        Syscalls.close(descriptor)
        let (output, process) = (self.output, self.process)
        Thread.detachNewThread {
            if output.termination(until: Date(timeIntervalSinceNow: 1)) == nil { Self.forceKill(process) }
        }
    }

    /// Kills the process at once (SIGKILL).
    func kill() {
        lock.lock()
        let descriptor = stdin
        stdin = -1
        usable = false
        lock.unlock()
        Syscalls.close(descriptor)
        Self.forceKill(process)
    }

    /// SIGKILL, unless the process has already been reaped (its pid could belong to another process by now).
    private static func forceKill(_ process: Process) {
        if process.isRunning { Syscalls.kill(process.processIdentifier, SIGKILL) }
    }

    /// Writes `request`, reads and validates the reply.
    private static func exchange(
        _ request: AdapterProtocol.Request, stdin: Int32, output: Output, process: Process,
        configuration: ExternalAdapter, timeout: Duration
    ) throws(ExternalAdapterError) -> AdapterProtocol.Outcome {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        func failure(_ code: ExternalAdapterError.Code, _ message: String, line: Data? = nil) -> ExternalAdapterError {
            ExternalAdapterError(
                code, adapter: configuration.name, command: configuration.commandLine, request: request.summary,
                message: message, line: line.map { shortened(String(decoding: $0, as: UTF8.self), to: 500) },
                stderrTail: output.stderrSummary)
        }
        func ended(_ how: String) -> ExternalAdapterError {
            if let termination = output.termination(until: Date(timeIntervalSinceNow: 2)) {
                return failure(.exited, "the adapter process (pid \(process.processIdentifier)) \(termination) \(how)")
            }
            forceKill(process)
            return failure(
                .exited, "the adapter process (pid \(process.processIdentifier)) closed its stdout \(how); it was killed")
        }
        func timedOut(_ what: String) -> ExternalAdapterError {
            forceKill(process)
            _ = output.termination(until: Date(timeIntervalSinceNow: 1))
            return failure(
                .timedOut,
                "\(what) within the time limit of \(format(timeout)); the adapter process (pid \(process.processIdentifier)) was killed with SIGKILL")
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
        case .timedOut: throw timedOut("the adapter did not read its stdin")
        case .failed(let code): throw failure(.exited, "cannot write the request: \(Syscalls.describe(errno: code))")
        }
        switch output.next(until: deadline) {
        case .line(let line):
            do throws(AdapterProtocol.Violation) {
                return try AdapterProtocol.reply(line, to: request)
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

    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : text.prefix(limit) + "… (\(text.utf8.count) bytes)"
    }

    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
