import Foundation
import Locking

/// Where the jar reads "now" from.
///
/// The model never calls `Date()` itself: expiry, creation order and last-access times all come from the clock it is
/// given, so a scenario (or a corpus from 2011) runs the same way on every machine and every day.
public struct CookieClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `read()` each time it is asked.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current time according to this clock.
    public var now: Date { read() }

    /// The machine's wall clock (for interactive use; tests and scenarios use a frozen or virtual clock).
    public static let system = CookieClock { Date() }

    /// A clock stopped at `date`.
    public static func frozen(at date: Date) -> CookieClock {
        CookieClock { date }
    }

    /// A clock driven by a ``VirtualClock``: it moves only when the owner advances it.
    public static func virtual(_ clock: VirtualClock) -> CookieClock {
        CookieClock { clock.now }
    }
}

/// A clock that moves only when told to; thread-safe, one per scenario (never shared between scenarios).
public final class VirtualClock: Sendable {
    private let current: Locked<Date>

    public init(start: Date) {
        current = Locked(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds` (negative values are refused: time does not run backwards).
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "a virtual clock never runs backwards")
        current.withLock { $0 += seconds }
    }
}
