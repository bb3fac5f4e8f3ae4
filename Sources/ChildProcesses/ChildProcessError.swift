/// A child process the harness talks to in JSON lines (an out-of-process store adapter, the WebKitGTK driver)
/// failed: it could not start, hung, died, wrote something that is not a valid reply, or reported an error of its
/// own.
///
/// The message always names the process (its role and name) and its command, the request that was pending (`#4 cookie-header
/// https://app.example.com/home`) and, for an invalid reply, the offending line, so a scenario's error result says
/// where to look. Match on ``code``:
///
/// ```swift
/// catch let error as ChildProcessError where error.code == .timedOut { … }
/// ```
package struct ChildProcessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure; compare with the static values.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case cannotStart = "cannot start"
            case timedOut = "timed out"
            case exited = "exited"
            case invalidReply = "invalid reply"
            case adapterErrored = "adapter error"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The command could not be run, or the `start` handshake failed (wrong protocol, an `errored` reply).
        package static let cannotStart = Code(.cannotStart)
        /// No reply within the request time limit: the process was killed with SIGKILL.
        package static let timedOut = Code(.timedOut)
        /// The process exited or closed its stdout while a request was pending (a crash).
        package static let exited = Code(.exited)
        /// A line on stdout that is not a valid reply to the pending request: not JSON, wrong id, missing or
        /// mistyped fields. The process was killed: its state can no longer be trusted.
        package static let invalidReply = Code(.invalidReply)
        /// The adapter replied `errored`: its store failed on this operation (the process stays usable).
        package static let adapterErrored = Code(.adapterErrored)

        package var description: String { base.rawValue }
    }

    package var code: Code
    /// What the process is to the harness, for messages: "external adapter", "WebKitGTK driver".
    package var role: String
    /// The process's name, as configured (an adapter's name).
    package var adapter: String
    /// The adapter's command line, as a shell would show it.
    package var command: String
    /// The request that was pending, e.g. `#4 cookie-header https://app.example.com/home`; nil outside a request.
    package var request: String?
    /// What went wrong, in one or more sentences.
    package var message: String
    /// The offending line on the adapter's stdout (shortened), for ``Code/invalidReply``.
    package var line: String?
    /// What the adapter said about its own error (a traceback, say), for ``Code/adapterErrored``.
    package var details: String?
    /// The last lines the process wrote on stderr, when it died or hung.
    package var stderrTail: String?
    /// For ``Code/cannotStart`` after the process was running: how the `start` handshake itself failed (it
    /// ``Code/exited`` — crashed — timed out or replied with something invalid); nil when the command could not be
    /// run or the process declined to start (a missing dependency, which starting again would not cure).
    package var handshakeFailure: Code?

    package init(
        _ code: Code, role: String = "external adapter", adapter: String, command: String, request: String? = nil, message: String,
        line: String? = nil, details: String? = nil, stderrTail: String? = nil
    ) {
        self.code = code
        self.role = role
        self.adapter = adapter
        self.command = command
        self.request = request
        self.message = message
        self.line = line
        self.details = details
        self.stderrTail = stderrTail
    }

    package var description: String {
        var text = "\(role) '\(adapter)' (\(command))"
        if let request { text += ", request \(request)" }
        text += ": \(message)"
        if let line { text += "\n  offending line: \(line)" }
        for (label, block) in [("details", details), ("stderr (last lines)", stderrTail)] {
            guard let block, !block.isEmpty else { continue }
            text += "\n  \(label):\n" + block.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    \($0)" }.joined(separator: "\n")
        }
        return text
    }
}
