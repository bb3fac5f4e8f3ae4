import ChildProcesses

/// One running store adapter: a ``ChildProcess`` past its `start` handshake, with what the handshake said.
final class AdapterProcess: Sendable {
    let child: ChildProcess
    /// What the adapter said in its reply to `start`.
    let handshake: AdapterHandshake

    private init(child: ChildProcess, handshake: AdapterHandshake) {
        self.child = child
        self.handshake = handshake
    }

    /// Spawns the adapter's command and completes the `start` handshake of protocol 1.
    ///
    /// - Throws: ``ExternalAdapterError`` ``ExternalAdapterError/Code/cannotStart`` naming the command: not found,
    ///   not executable, or a handshake that timed out, died, was invalid or asked for another protocol version.
    static func launch(_ configuration: ExternalAdapter) throws(ExternalAdapterError) -> AdapterProcess {
        let started = try ChildProcess.launch(
            configuration.processConfiguration,
            startFields: [
                "protocol": .integer(AdapterProtocol.version),
                "harness": .object(["name": "cookie-harness", "protocol": .integer(AdapterProtocol.version)]),
            ],
            handshake: { (result) throws(AdapterProtocol.Violation) in try AdapterHandshake(result: result) }
        )
        return AdapterProcess(child: started.process, handshake: started.handshake)
    }

    var configuration: ChildProcessConfiguration { child.configuration }
    var pid: Int32 { child.pid }
    var isUsable: Bool { child.isUsable }

    func call(
        _ operation: AdapterProtocol.Operation, _ fields: [String: JSONValue] = [:], timeout: Duration? = nil
    ) throws(ExternalAdapterError) -> (request: AdapterProtocol.Request, outcome: AdapterProtocol.Outcome) {
        try child.call(operation, fields, timeout: timeout)
    }

    func stop() { child.stop() }
    func kill() { child.kill() }
}

/// Failures of an out-of-process adapter are those of any child process the harness talks to.
package typealias ExternalAdapterError = ChildProcessError
