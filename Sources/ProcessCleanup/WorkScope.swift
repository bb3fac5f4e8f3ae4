#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Locking

/// The child processes one piece of work (a scenario) is waiting on, so that the work can be abandoned for real.
///
/// The runner gives up on a scenario over its time limit and lets a fresh worker go on; without this the
/// scenario's adapter process would be left running (blocked in a request nobody will read). A child process
/// enters the scope of the thread that calls it for as long as the call lasts; ``abandon()`` kills every process
/// group in the scope, which ends the call at once, and any child entering later is killed on entry.
public final class WorkScope: Sendable {
    private struct State {
        var groups: [Int32: Int] = [:]
        var abandoned = false
    }

    private let state = Locked(State())
    private static let current = Locked([UInt: WorkScope]())

    public init() {}

    /// Runs `body` with this scope as the calling thread's current one.
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        let thread = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        Self.current.withLock { $0[thread] = self }
        defer { _ = Self.current.withLock { $0.removeValue(forKey: thread) } }
        return try body()
    }

    /// The scope of the calling thread, if it runs inside one.
    public static var ofCurrentThread: WorkScope? {
        let thread = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        return current.withLock { $0[thread] }
    }

    /// A child's process group is in use by this scope's work; killed at once if the work was already abandoned.
    public func enter(group: Int32) {
        let abandoned = state.withLock { state -> Bool in
            state.groups[group, default: 0] += 1
            return state.abandoned
        }
        if abandoned, group > 1 { kill(-group, SIGKILL) }
    }

    /// The call that used `group` returned.
    public func leave(group: Int32) {
        state.withLock { state in
            if let count = state.groups[group], count > 1 {
                state.groups[group] = count - 1
            } else {
                state.groups[group] = nil
            }
        }
    }

    /// Whether ``abandon()`` was called.
    public var isAbandoned: Bool { state.withLock { $0.abandoned } }

    /// Gives the work up: SIGKILL to every process group it is waiting on, now and on later entry.
    public func abandon() {
        let groups = state.withLock { state -> [Int32] in
            state.abandoned = true
            return Array(state.groups.keys)
        }
        for group in groups where group > 1 { kill(-group, SIGKILL) }
    }
}
