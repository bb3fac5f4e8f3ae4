import ChildProcesses
import CookieModel
import Foundation
import HarnessCore
import Locking

/// An out-of-process adapter, described by name and command line: any program that speaks the JSON-lines
/// protocol of `PROTOCOL.md` on its stdin and stdout, in any language, added without rebuilding the harness.
///
/// ```swift
/// let mine = try ExternalAdapter(spec: "my-jar=node ./my-jar/adapter.js --strict")
/// registry.register(mine.adapter())
/// ```
///
/// ``adapter()`` turns the description into a HarnessCore `Adapter`: a shared-store app (one store for the native
/// side and the web view, the UIWebView model) whose store is an ``ExternalCookieStore``. The first call starts one
/// process and reads its `start` handshake, whose version and capabilities the adapter reports; an adapter that
/// cannot start still yields an `Adapter`, whose every scenario is an error naming the command.
///
/// Processes: each store has one to itself; they are pooled per description (equal descriptions share a pool)
/// and reset between scenarios, and a process that failed is replaced by a fresh one for the next scenario.
package struct ExternalAdapter: Sendable, Hashable, CustomStringConvertible {
    /// Used when a description gives none: generous for a local process, short enough for CI.
    package static let defaultRequestTimeout: Duration = .seconds(5)
    /// Used for the `start` handshake when a description gives none: an interpreter's start-up on a loaded CI
    /// machine can take seconds.
    package static let defaultStartTimeout: Duration = .seconds(15)

    /// The adapter's name, as `--adapter` and the reports show it.
    package var name: String
    /// The program and its arguments (argv); a program without a slash is looked up in `PATH`.
    package var command: [String]
    /// How long one request may take; past it the process is killed (SIGKILL) and the operation throws.
    package var requestTimeout: Duration
    /// How long a new process may take to answer `start` (never less than ``requestTimeout``).
    package var startTimeout: Duration

    package init(
        name: String, command: [String], requestTimeout: Duration = defaultRequestTimeout,
        startTimeout: Duration = defaultStartTimeout
    ) {
        self.name = name
        self.command = command
        self.requestTimeout = requestTimeout
        self.startTimeout = max(startTimeout, requestTimeout)
    }

    /// The command as a shell would show it (arguments with spaces or quotes are quoted).
    package var commandLine: String {
        command.map(Self.shellQuoted).joined(separator: " ")
    }

    package var description: String { "\(name)=\(commandLine)" }

    /// How its processes are started and timed.
    var processConfiguration: ChildProcessConfiguration {
        ChildProcessConfiguration(
            role: "external adapter", name: name, command: command, commandLine: commandLine,
            startTimeout: startTimeout, requestTimeout: requestTimeout)
    }

    /// The harness adapter for this description; probes the handshake the first time (see the type's discussion).
    package func adapter() -> Adapter {
        let pool = self.pool
        switch pool.probe() {
        case .success(let handshake):
            var summary = "out of process: \(handshake.name) \(handshake.version) (\(commandLine)); one store shared by native side and web view"
            if !handshake.ignoredCapabilities.isEmpty {
                summary += "; ignored capabilities: " + handshake.ignoredCapabilities.joined(separator: ", ")
            }
            return Adapter(
                info: AdapterInfo(name: name, version: handshake.version, profile: "", specProfile: "rfc6265bis"),
                summary: summary, capabilities: handshake.capabilities
            ) { environment in
                let clock = environment.cookieClock
                return try SharedStoreApp(environment: environment) { try ExternalCookieStore(pool: pool, clock: clock) }
            }
        case .failure(let error):
            return Self.unavailable(name: name, summary: "out of process: cannot start (\(commandLine)): \(error.message)", error: error)
        }
    }

    /// Stops the idle processes of this description's pool (the harness's exit would end them anyway: an adapter
    /// exits at end-of-file on its stdin).
    package func stopIdleProcesses() {
        pool.stopIdle()
    }

    /// Stops the idle processes of every description used in this process: each gets `stop` (PROTOCOL.md, "Life
    /// cycle") and is killed if it has not exited within a second. The commands call it when a run is over.
    package static func stopAllIdleProcesses() {
        let all = pools.withLock { Array($0.values) }
        for pool in all { pool.stopIdle() }
    }

    /// An adapter whose every scenario is an error saying why it is unavailable.
    ///
    /// It claims every capability, so that no scenario is skipped: each one reports the error instead.
    static func unavailable(name: String, summary: String, error: any Error & Sendable) -> Adapter {
        Adapter(
            info: AdapterInfo(name: name, version: "unavailable", profile: "", specProfile: "rfc6265bis"),
            summary: summary, capabilities: Set(Capability.allCases)
        ) { _ in throw error }
    }

    // MARK: Pools

    private static let pools = Locked<[ExternalAdapter: AdapterProcessPool]>([:])

    /// The process pool shared by every use of an equal description.
    var pool: AdapterProcessPool {
        Self.pools.withLock { pools in
            if let pool = pools[self] { return pool }
            let pool = AdapterProcessPool(configuration: self)
            pools[self] = pool
            // Whoever runs scenarios stops the idle processes when a run ends, without knowing this family.
            RunResources.register(RunResources.Family(name: "out-of-process adapters", runEnded: {
                ExternalAdapter.stopAllIdleProcesses()
                return []
            }))
            return pool
        }
    }

    // MARK: Quoting

    static func shellQuoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "-_./=:@%+,".unicodeScalars.contains(scalar)
        }
        guard !plain || argument.isEmpty else { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
