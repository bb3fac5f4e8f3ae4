import ChildProcesses
import Foundation
import HarnessCore

/// One WebKitGTK driver process (`harness_drivers/webkit.py`, protocol in `harness_drivers/PROTOCOL.md`): typed calls over the
/// JSON-lines machinery every child process of the harness shares.
///
/// A driver serves one engine (one scenario) at a time; ``WebKitGTKDrivers`` leases it and resets it before the
/// next. A driver that timed out, died or broke the protocol is killed with its process group (WebKit's processes
/// and its Xvfb included) and never leased again.
package final class WebKitGTKDriver: Sendable {
    /// The protocol version this harness speaks.
    static let protocolVersion = 1

    let process: ChildProcess
    /// What the driver said in its reply to `start`.
    package let handshake: Handshake

    /// The driver's `start` result.
    package struct Handshake: Sendable, Hashable {
        /// e.g. `2.50.6 (libsoup 3.2.3)`.
        package var version: String
        /// libfaketime is preloaded into WebKit's processes: `set-clock` moves their clock.
        package var movesClock: Bool
    }

    private init(process: ChildProcess, handshake: Handshake) {
        self.process = process
        self.handshake = handshake
    }

    /// Starts a driver and completes its handshake.
    /// - Throws: ``ChildProcessError`` (`cannotStart`) with the driver's own reason (no display, no WebKit).
    static func launch(_ configuration: ChildProcessConfiguration) throws(ChildProcessError) -> WebKitGTKDriver {
        let started = try ChildProcess.launch(
            configuration, startFields: ["protocol": .integer(protocolVersion)],
            handshake: { (result) throws(LineProtocol.Violation) -> Handshake in
                let spoken = try result.integer("protocol")
                guard spoken == protocolVersion else {
                    throw LineProtocol.Violation("the driver speaks protocol \(spoken); this harness speaks \(protocolVersion)")
                }
                let movesClock = if case .bool(true)? = result.fields["faketime"] { true } else { false }
                return Handshake(version: try result.string("version"), movesClock: movesClock)
            }
        )
        return WebKitGTKDriver(process: started.process, handshake: started.handshake)
    }

    var isUsable: Bool { process.isUsable }

    /// Sends one request and returns its result.
    ///
    /// - Throws: ``WebKitGTKDriverError/skipped(_:)`` when the driver cannot do it (a POST load),
    ///   ``WebKitGTKDriverError/errored(_:)`` when WebKit reported an error (a JavaScript exception), and
    ///   ``ChildProcessError`` when the driver hung, died or broke the protocol.
    @discardableResult
    func call(_ operation: String, _ fields: [String: JSONValue] = [:], timeout: Duration? = nil) throws -> LineProtocol.Result {
        let started = DriverProfile.isRecording ? ContinuousClock.now : nil
        defer {
            if let started {
                let elapsed = ContinuousClock.now - started
                DriverProfile.record(operation, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        let (_, outcome) = try process.call(LineProtocol.Operation(operation), fields, timeout: timeout)
        switch outcome {
        case .ok(let result): return result
        case .skipped(let reason): throw WebKitGTKDriverError.skipped(reason)
        case .errored(let message, let details): throw WebKitGTKDriverError.errored(message + (details.map { "\n\($0)" } ?? ""))
        }
    }

    func stop() { process.stop() }
    func kill() { process.kill() }
}

/// What the driver answered instead of a result.
enum WebKitGTKDriverError: Error, Sendable, CustomStringConvertible {
    /// The driver cannot do this on WebKitGTK (the scenario is skipped with the reason).
    case skipped(String)
    /// WebKit reported an error (a JavaScript exception, a failed cookie operation).
    case errored(String)

    var description: String {
        switch self {
        case .skipped(let reason): "the WebKitGTK driver cannot do this: \(reason)"
        case .errored(let message): "the WebKitGTK driver reported an error: \(message)"
        }
    }
}
