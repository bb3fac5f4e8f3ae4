#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CProcessControl
import Foundation
import Locking
import Synchronization

/// What a child process started and that left its process group (`setsid`, `setpgid`, a double fork, Python's
/// `start_new_session=True`): no group signal reaches it, so it is found below the harness and killed.
///
/// The harness is a child subreaper (``becomeSubreaper()``, first thing in `main`): an orphan anywhere below it is
/// re-parented to it instead of to init, so it stays in the harness's tree and can be found by parent ids. Then:
/// - when a spawned child ends, ``sweep(after:marker:)`` kills what it left — the orphans re-parented to the harness
///   that carry the child's ``Marker`` in their environment or sit in its process group, with everything below
///   them — and reaps them;
/// - when the harness ends, by a signal or not, ``killAllDescendants()`` kills every process below it.
///
/// Reaping never steals an exit status somebody else waits for: only a pid a sweep killed because it belongs to
/// the ended child is reaped, never another child (`ChildProcess` waits for its own, Foundation's `Process` for
/// its own). An orphan that dropped the marker (started with a cleared environment) and left the group is not
/// attributed to any child: it lives until the harness ends.
public enum Orphans {
    /// Whether ``becomeSubreaper()`` succeeded: only then are orphans re-parented to this process.
    private static let subreaper = Atomic(false)

    /// Makes this process a child subreaper. Call it in the executable's `main`, never in a library used by tests:
    /// a subreaper must reap every orphan below it.
    /// - Returns: Whether it worked (Linux 3.4 and later).
    @discardableResult
    public static func becomeSubreaper() -> Bool {
        let made = cookie_harness_set_child_subreaper() == 0
        subreaper.store(made, ordering: .sequentiallyConsistent)
        return made
    }

    /// Whether orphans below this process are re-parented to it.
    public static var isSubreaper: Bool { subreaper.load(ordering: .sequentiallyConsistent) }

    /// The environment variable a spawned child carries, and every process it starts inherits, so that what it
    /// leaves behind can be told apart from what another child left.
    public struct Marker: Sendable, Hashable {
        public static let name = "COOKIE_HARNESS_CHILD"
        private static let counter = Atomic(0)

        /// `<harness pid>.<n>`: unique for this harness's children.
        public let value: String

        /// A fresh marker, for one child about to be spawned.
        public init() {
            value = "\(getpid()).\(Self.counter.add(1, ordering: .relaxed).newValue)"
        }

        /// `COOKIE_HARNESS_CHILD=<value>`, as the environment holds it.
        public var variable: String { "\(Self.name)=\(value)" }
    }

    /// One sweep at a time: two children ending together must not both reap the same orphan.
    private static let sweeping = Locked(())

    /// Kills and reaps what the child `leader` left behind; call it once `leader` has exited, before it is reaped
    /// (so its pid, and so its process group's id, cannot have been reused). Does nothing unless this process is a
    /// subreaper.
    ///
    /// An orphan belongs to the child when it is a child of this process now (re-parented), not `leader`, and it
    /// carries `marker` or is in the process group `leader` led, or a sweep has killed it; everything below such an
    /// orphan goes with it. Rounds repeat until none is left (what a killed orphan started is re-parented in its
    /// turn), for two seconds at most.
    public static func sweep(after leader: Int32, marker: Marker) {
        guard isSubreaper else { return }
        sweeping.withLock { _ in
            let me = getpid()
            let ownGroup = getpgrp()
            var condemned = Set<Int32>()
            var groups: Set<Int32> = [leader]
            let deadline = ContinuousClock.now + .seconds(2)
            while ContinuousClock.now < deadline {
                let table = ProcessTable.read()
                let roots = table.children(of: me).filter { entry in
                    entry.pid != leader
                        && (condemned.contains(entry.pid) || groups.contains(entry.group)
                            || (!entry.isZombie && ProcessTable.environment(of: entry.pid, contains: marker.variable)))
                }
                guard !roots.isEmpty else { return }
                for entry in roots + table.descendants(of: roots.map(\.pid)) {
                    condemned.insert(entry.pid)
                    if entry.group == entry.pid { groups.insert(entry.pid) }
                    guard !entry.isZombie else { continue }
                    kill(entry.pid, SIGKILL)
                    if entry.group == entry.pid, entry.group != ownGroup, entry.group > 1 { kill(-entry.group, SIGKILL) }
                }
                var reapedAny = false
                for root in roots {
                    var status: Int32 = 0
                    if waitpid(root.pid, &status, WNOHANG) == root.pid {
                        // Reaped: its pid is free for anyone now, so it no longer stands for this child.
                        condemned.remove(root.pid)
                        reapedAny = true
                    }
                }
                if !reapedAny { usleep(2_000) }
            }
        }
    }

    /// SIGKILL to every process below this one, round after round until none is left running (what a killed
    /// process started is re-parented here, a subreaper, in its turn), for two seconds at most. For the end of the
    /// process only: it kills every child, those somebody waits for included, and reaps none.
    public static func killAllDescendants() {
        let me = getpid()
        let ownGroup = getpgrp()
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            let running = ProcessTable.read().descendants(of: [me]).filter { !$0.isZombie }
            guard !running.isEmpty else { return }
            for entry in running {
                kill(entry.pid, SIGKILL)
                if entry.group == entry.pid, entry.group != ownGroup, entry.group > 1 { kill(-entry.group, SIGKILL) }
            }
            usleep(5_000)
        }
    }
}
