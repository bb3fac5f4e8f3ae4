import ChildProcesses
import Foundation
import Locking

/// Where the live engine's wall time goes (`bench live --profile`): the harness's side (each protocol request's
/// round trip, by operation, and the engine's work between them) beside the driver's own (`profile`:
/// PROTOCOL.md), so that a wait is measured before it is removed.
///
/// Off unless ``startRecording()`` was called: a request then costs one clock read and one locked update more.
package enum DriverProfile {
    /// A named total: how many times, and how long in all.
    package struct Total: Sendable, Equatable {
        package var count: Int
        package var seconds: Double

        package init(count: Int, seconds: Double) {
            self.count = count
            self.seconds = seconds
        }
    }

    /// Round trips by operation, as the harness timed them (nil: not recording).
    private static let calls = Locked<[String: Total]?>(nil)

    /// From now on, every driver request's round trip is added to its operation's total.
    package static func startRecording() {
        calls.withLock { $0 = [:] }
    }

    /// The round trips since ``startRecording()``, by operation; recording stops.
    package static func stopRecording() -> [String: Total] {
        calls.withLock { totals in
            defer { totals = nil }
            return totals ?? [:]
        }
    }

    static var isRecording: Bool { calls.withLock { $0 != nil } }

    static func record(_ operation: String, seconds: Double) {
        calls.withLock { totals in
            guard totals != nil else { return }
            totals![operation, default: Total(count: 0, seconds: 0)].count += 1
            totals![operation]!.seconds += seconds
        }
    }

    /// The driver's own totals (`profile`), as `{name: [count, seconds]}`.
    static func totals(in result: LineProtocol.Result) -> [String: Total] {
        guard case .object(let times)? = result.fields["times"] else { return [:] }
        var totals: [String: Total] = [:]
        for (name, value) in times {
            guard case .array(let pair) = value, pair.count == 2, case .integer(let count) = pair[0] else { continue }
            let seconds: Double? =
                switch pair[1] {
                case .number(let seconds): seconds
                case .integer(let seconds): Double(seconds)
                default: nil
                }
            if let seconds { totals[name] = Total(count: count, seconds: seconds) }
        }
        return totals
    }

    /// Adds `more` into `totals`.
    package static func merge(_ more: [String: Total], into totals: inout [String: Total]) {
        for (name, total) in more {
            totals[name, default: Total(count: 0, seconds: 0)].count += total.count
            totals[name]!.seconds += total.seconds
        }
    }
}
