import Locking

/// What adapter families keep between scenarios (driver pools, idle child processes), released by whoever runs
/// scenarios without knowing the families: each family registers its hooks once, before its first run, so the command
/// line imports no engine to stop one.
public enum RunResources {
    /// One family's hooks.
    public struct Family: Sendable {
        /// Names the family; a second registration under the name replaces the first.
        public var name: String
        /// The first SIGINT, SIGTERM, SIGHUP or SIGQUIT of a command that finishes partially: stop at once what the
        /// family runs (its scenarios then end as interrupted).
        public var interrupt: @Sendable () -> Void
        /// A run has ended, however it ended: release what waits idle (out-of-process adapters told to `stop`), and
        /// say what the console should hear of the run (e.g. a driver that crashed while starting and was replaced),
        /// once.
        public var runEnded: @Sendable () -> [String]

        public init(
            name: String, interrupt: @escaping @Sendable () -> Void = {}, runEnded: @escaping @Sendable () -> [String] = { [] }
        ) {
            self.name = name
            self.interrupt = interrupt
            self.runEnded = runEnded
        }
    }

    private static let families = Locked<[Family]>([])

    public static func register(_ family: Family) {
        families.withLock { families in
            families.removeAll { $0.name == family.name }
            families.append(family)
        }
    }

    /// Every family's ``Family/interrupt``.
    public static func interruptAll() {
        for family in families.withLock({ $0 }) { family.interrupt() }
    }

    /// Every family's ``Family/runEnded``: what they released, and their notes of the run that ended.
    public static func runEnded() -> [String] {
        families.withLock { $0 }.flatMap { $0.runEnded() }
    }
}
