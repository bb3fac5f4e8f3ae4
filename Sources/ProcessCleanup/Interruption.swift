#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Locking

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT: the first asks the command to stop and finish its reports, a second ends
/// the process at once.
///
/// The four ways a person or a machine stops a command — Ctrl-C, `kill` or a CI job's cancel, a terminal or SSH
/// session closed, Ctrl-\ — are handled alike, so none of them leaves a temporary file, a scratch folder or a process
/// behind. ``installSignalHandling()`` blocks them in the calling thread (call it first thing in `main`, before any
/// other thread exists, so every thread inherits the mask) and waits for them with `sigwait` on a thread of its own,
/// so nothing runs in signal-handler context. A signal the harness was started with ignored (`nohup` ignores
/// SIGHUP, a shell script's background job SIGINT and SIGQUIT) stays ignored: whoever started it chose so. Child
/// processes are spawned with all four (and SIGPIPE, blocked here) unblocked and at their default action.
///
/// On the first signal: if a command said it can stop gracefully (``beginGracefulHandling(_:)``), the signal is
/// recorded (``signal``), every child process group is killed (running scenarios end at once) and the command's
/// handler runs; the command then writes what it has and exits with 128 + the signal. Otherwise, or on a second
/// signal, every child group and every orphan is killed, every scratch path removed, one line printed, and the
/// process exits with 128 + the signal at once.
public enum Interruption {
    private struct State {
        var signal: Int32?
        var graceful: (@Sendable (Int32) -> Void)?
        /// How many ``deferringSignals(_:)`` sections are running.
        var deferring = 0
        /// A signal that would have ended the process inside a section: it does when the last one ends.
        var pending: Int32?
        /// The process is ending on a signal: no section may start.
        var exiting = false
    }

    private static let state = Locked(State())

    /// The signals that stop a command, with their names.
    public static let handledSignals: [(signal: Int32, name: String)] = [
        (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT"),
    ]

    /// The first handled signal received, if any.
    public static var signal: Int32? { state.withLock { $0.signal } }

    /// Whether the run was asked to stop.
    public static var isInterrupted: Bool { signal != nil }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`, or the number.
    public static func name(of signal: Int32) -> String {
        handledSignals.first { $0.signal == signal }?.name ?? "signal \(signal)"
    }

    /// The command can stop gracefully from now on: `handler` runs (on the signal thread) on the first signal.
    public static func beginGracefulHandling(_ handler: @escaping @Sendable (Int32) -> Void) {
        state.withLock { $0.graceful = handler }
    }

    /// Blocks the handled signals (those not ignored at start) in the calling thread and starts the thread that
    /// waits for them.
    public static func installSignalHandling() {
        let handled = handledSignals.map(\.signal).filter { !isIgnored($0) }
        // SIGPIPE is blocked too, never waited for: a write to a closed terminal or pipe (the SSH session that sent
        // SIGHUP is gone) then fails with EPIPE instead of ending the process before it has cleaned up.
        var blocked = signalSet(handled + [SIGPIPE])
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let waiter = Thread {
            var waitedFor = signalSet(handled)
            while true {
                var received: Int32 = 0
                guard sigwait(&waitedFor, &received) == 0 else { continue }
                handle(received)
            }
        }
        waiter.name = "signals"
        waiter.stackSize = 256 << 10
        waiter.start()
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Whether `signal`'s action is `SIG_IGN` (inherited from whoever started the process).
    private static func isIgnored(_ signal: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return false }
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private enum Action {
        case graceful(@Sendable (Int32) -> Void)
        case deferred
        case exit
    }

    private static func handle(_ received: Int32) {
        let action = state.withLock { state -> Action in
            let first = state.signal == nil
            if first { state.signal = received }
            if first, let graceful = state.graceful { return .graceful(graceful) }
            if state.deferring > 0 {
                if state.pending == nil { state.pending = received }
                return .deferred
            }
            state.exiting = true
            return .exit
        }
        switch action {
        case .graceful(let graceful):
            ProcessCleanup.killAllGroups()
            graceful(received)
        case .deferred:
            return
        case .exit:
            exitNow(received)
        }
    }

    /// Runs `body` with the signals that would end the process at once held back: one that arrives meanwhile ends
    /// it when `body` is done (and every enclosing section with it).
    ///
    /// For the few steps that must not be cut in two: replacing several files all or none is a series of renames,
    /// and a signal between two of them (its clean-up removing the copies of the old files) would leave some
    /// replaced and nothing to put them back with. The steps inside must be short; a signal waits for them.
    public static func deferringSignals<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let entered = state.withLock { state -> Bool in
            guard !state.exiting else { return false }
            state.deferring += 1
            return true
        }
        // The signal thread is ending the process (clean-up, then _exit): nothing may start that it would cut.
        if !entered { while true { pause() } }
        defer {
            let pending = state.withLock { state -> Int32? in
                state.deferring -= 1
                guard state.deferring == 0, let pending = state.pending else { return nil }
                state.pending = nil
                state.exiting = true
                return pending
            }
            if let pending { exitNow(pending, stoppedWhen: "once what it was replacing was all in place") }
        }
        return try body()
    }

    /// Kills every child group and orphan, removes every scratch path, prints one line and exits with 128 + `signal`.
    /// - Parameter moment: When it stopped, for the line: "at once", or after a ``deferringSignals(_:)`` section.
    public static func exitNow(_ signal: Int32, stoppedWhen moment: String = "at once") -> Never {
        ProcessCleanup.cleanUpEverything()
        let line = "cookie-harness: \(name(of: signal)): stopped \(moment); temporary files removed\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
        _exit(128 + signal)
    }
}
