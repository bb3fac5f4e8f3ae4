import Foundation

/// The app's run loop in an engine (simulated or real): work items ordered by due time on the app's virtual
/// clock, then by the order they were scheduled (FIFO among equals).
package struct EventQueue {
    package struct Event {
        package let due: Date
        package let handle: Int
        package let work: () -> Void
        /// Work the platform does on its own time (not work the app waits for): it runs once the clock reaches
        /// it, and the run loop never moves the clock forward for it alone.
        package let waitsForClock: Bool
    }

    package init() {}

    private var events: [Event] = []

    package var isEmpty: Bool { events.isEmpty }

    package mutating func add(due: Date, handle: Int, waitsForClock: Bool = false, work: @escaping () -> Void) {
        events.append(Event(due: due, handle: handle, work: work, waitsForClock: waitsForClock))
    }

    package mutating func cancel(_ handle: Int) {
        events.removeAll { $0.handle == handle }
    }

    package mutating func removeAll() {
        events.removeAll()
    }

    /// The earliest event (handles grow with scheduling order, so they break ties FIFO).
    package mutating func popNext() -> Event? {
        earliestIndex().map { events.remove(at: $0) }
    }

    /// The earliest event to run at `now`: as ``popNext()``, except that an event that waits for the clock and
    /// lies ahead runs only when other work would carry the clock past it; nil when only such events are left.
    package mutating func popNext(at now: Date) -> Event? {
        guard let index = earliestIndex() else { return nil }
        if events[index].waitsForClock, events[index].due > now, !events.contains(where: { !$0.waitsForClock }) {
            return nil
        }
        return events.remove(at: index)
    }

    /// The earliest event, if it is due at `now`.
    package mutating func popDue(at now: Date) -> Event? {
        guard let index = earliestIndex(), events[index].due <= now else { return nil }
        return events.remove(at: index)
    }

    private func earliestIndex() -> Int? {
        events.indices.min { (events[$0].due, events[$0].handle) < (events[$1].due, events[$1].handle) }
    }
}
