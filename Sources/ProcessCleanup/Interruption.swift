#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Synchronization

/// SIGINT and SIGTERM: the first asks the run to stop and finish its reports, a second ends the process at once.
///
/// ``installSignalHandling()`` blocks both signals in the calling thread (call it first thing in `main`, before
/// any other thread exists, so every thread inherits the mask) and waits for them with `sigwait` on a thread of
/// its own, so nothing runs in signal-handler context. Child processes are spawned with both signals unblocked
/// and at their default action.
///
/// On the first signal: if a command said it can stop gracefully (``beginGracefulHandling(_:)``), the signal is
/// recorded (``signal``), every child process group is killed (running scenarios end at once) and the command's
/// handler runs; the command then writes what it has and exits with 128 + the signal. Otherwise, or on a second
/// signal, every child group is killed, every scratch path removed, one line printed, and the process exits
/// with 128 + the signal at once.
public enum Interruption {
    private struct State {
        var signal: Int32?
        var graceful: (@Sendable (Int32) -> Void)?
    }

    private static let state = Mutex(State())

    /// The first SIGINT or SIGTERM received, if any.
    public static var signal: Int32? { state.withLock { $0.signal } }

    /// Whether the run was asked to stop.
    public static var isInterrupted: Bool { signal != nil }

    /// `SIGINT`, `SIGTERM`, or the number.
    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    /// The command can stop gracefully from now on: `handler` runs (on the signal thread) on the first signal.
    public static func beginGracefulHandling(_ handler: @escaping @Sendable (Int32) -> Void) {
        state.withLock { $0.graceful = handler }
    }

    /// Blocks SIGINT and SIGTERM in the calling thread and starts the thread that waits for them.
    public static func installSignalHandling() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waiter = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            while true {
                var received: Int32 = 0
                guard sigwait(&signals, &received) == 0 else { continue }
                handle(received)
            }
        }
        waiter.name = "signals"
        waiter.stackSize = 256 << 10
        waiter.start()
    }

    private static func handle(_ received: Int32) {
        let (first, graceful) = state.withLock { state -> (Bool, (@Sendable (Int32) -> Void)?) in
            let first = state.signal == nil
            if first { state.signal = received }
            return (first, state.graceful)
        }
        if first, let graceful {
            ProcessCleanup.killAllGroups()
            graceful(received)
            return
        }
        exitNow(received)
    }

    /// Kills every child group, removes every scratch path, prints one line and exits with 128 + `signal`.
    public static func exitNow(_ signal: Int32) -> Never {
        ProcessCleanup.cleanUpEverything()
        let line = "cookie-harness: \(name(of: signal)): stopped at once; temporary files removed\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
        _exit(128 + signal)
    }
}
