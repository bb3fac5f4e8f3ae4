#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import ProcessCleanup

extension ChildProcess {
    /// A process started with `posix_spawn` as the leader of a process group of its own, and the thread that
    /// waits for it.
    ///
    /// Foundation's `Process` leaves the child in the harness's group, so a child that does not call `setsid`
    /// itself (the Python store adapter does not) cannot be killed together with what it started. Here the group
    /// is set at spawn (`POSIX_SPAWN_SETPGROUP`), the child gets stdin/stdout/stderr and no other descriptor
    /// (`closefrom(3)`), an empty signal mask and the default action for SIGINT, SIGTERM, SIGHUP, SIGQUIT and
    /// SIGPIPE, whatever the harness blocks or ignores. A waiter thread sees the exit without reaping (`waitid` with
    /// `WNOWAIT`), then reaps under the lock that ``signal(_:)`` takes: a signal never reaches a pid that was reaped
    /// and reused. Before reaping it, what the child started outside its group is killed and reaped (``Orphans``):
    /// the child carries an ``Orphans/Marker`` in its environment, which its descendants inherit.
    final class Spawned: @unchecked Sendable {
        let pid: Int32
        private let lock = NSLock()
        // Guarded by `lock`.
        private var reaped = false

        private init(pid: Int32) { self.pid = pid }

        /// Spawns `executable` with `arguments` (argv[1...]) and `environment`, its standard streams on the given
        /// descriptors, and starts waiting for it; `terminated` is called once, when it has exited.
        ///
        /// - Throws: ``SyscallError`` from `posix_spawn`.
        static func spawn(
            executable: String, arguments: [String], environment: [String: String],
            stdin: Int32, stdout: Int32, stderr: Int32, terminated: @escaping @Sendable (Output.Termination) -> Void
        ) throws(SyscallError) -> Spawned {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
            Self.closeFrom3(&actions)

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setpgroup(&attributes, 0)
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            // Inherited by everything the child starts: what leaves its process group can still be told apart.
            let marker = Orphans.Marker()
            var environment = environment
            environment[Orphans.Marker.name] = marker.value
            let argv = ([executable] + arguments).map { strdup($0) }
            let envp = environment.map { strdup("\($0.key)=\($0.value)") }
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            var pid: pid_t = 0
            let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
                (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                    posix_spawn(
                        &pid, executable, &actions, &attributes,
                        UnsafeMutablePointer(mutating: argvBuffer.baseAddress!),
                        UnsafeMutablePointer(mutating: envpBuffer.baseAddress!))
                }
            }
            guard result == 0 else { throw SyscallError("posix_spawn", result) }
            ProcessCleanup.registerGroup(pid)
            let spawned = Spawned(pid: pid)
            let waiter = Thread { spawned.waitForExit(marker: marker, terminated) }
            waiter.name = "child \(pid) waiter"
            waiter.stackSize = 128 << 10
            waiter.start()
            return spawned
        }

        /// Adds "close every descriptor from 3 up" (glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which
        /// Swift's Glibc module does not export, so it is found at run time), or, without it, a close action for
        /// each descriptor open now that is not close-on-exec.
        private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
                let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
                if closeFrom(&actions, 3) == 0 { return }
            }
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
                let flags = fcntl(descriptor, F_GETFD)
                if flags >= 0, flags & FD_CLOEXEC == 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }
            }
        }

        /// Whether the process has not been reaped yet.
        var isRunning: Bool {
            lock.lock()
            defer { lock.unlock() }
            return !reaped
        }

        /// Sends `signal` to the process and to its process group (what it started), unless it has been reaped.
        ///
        /// Never after the reaping: once the leader is reaped and its group empties, the pid can be handed to a new
        /// process — another harness child that leads a group of its own — and a late group signal would kill
        /// that stranger's whole group (seen in parallel tests: a fresh WebKit driver lost its helper processes).
        /// What the child started is killed when it exits instead (``waitForExit``).
        func signal(_ signal: Int32) {
            lock.lock()
            defer { lock.unlock() }
            guard !reaped else { return }
            Syscalls.kill(pid, signal)
            Syscalls.killGroup(pid, signal)
        }

        private func waitForExit(marker: Orphans.Marker, _ terminated: @Sendable (Output.Termination) -> Void) {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                if errno != EINTR { break }
            }
            var status: Int32 = 0
            // The leader has exited but is not reaped: its pid, so its group id, cannot be reused yet — the one
            // moment a group signal is sure to reach only what this child started (WebKit's processes, an Xvfb).
            lock.lock()
            Syscalls.killGroup(pid, SIGKILL)
            lock.unlock()
            // What left the group (setsid, a double fork) and was re-parented to the harness goes too, and is
            // reaped, with what the group kill just ended (re-parented here as well).
            Orphans.sweep(after: pid, marker: marker)
            lock.lock()
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped = true
            ProcessCleanup.forgetGroup(pid)
            lock.unlock()
            let signal = status & 0x7f
            terminated(
                signal == 0
                    ? Output.Termination(reason: .exit, status: (status >> 8) & 0xff)
                    : Output.Termination(reason: .uncaughtSignal, status: signal))
        }
    }
}
