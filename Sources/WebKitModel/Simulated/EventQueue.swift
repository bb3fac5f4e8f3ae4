import Foundation

/// The app's run loop in an engine (simulated or real): work items ordered by due time on the app's virtual
/// clock, then by the order they were scheduled (FIFO among equals).
package struct EventQueue {
    package struct Event {
        package let due: Date
        package let handle: Int
        package let work: () -> Void
    }

    package init() {}

    private var events: [Event] = []

    package var isEmpty: Bool { events.isEmpty }

    package mutating func add(due: Date, handle: Int, work: @escaping () -> Void) {
        events.append(Event(due: due, handle: handle, work: work))
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

    /// The earliest event, if it is due at `now`.
    package mutating func popDue(at now: Date) -> Event? {
        guard let index = earliestIndex(), events[index].due <= now else { return nil }
        return events.remove(at: index)
    }

    private func earliestIndex() -> Int? {
        events.indices.min { (events[$0].due, events[$0].handle) < (events[$1].due, events[$1].handle) }
    }
}
