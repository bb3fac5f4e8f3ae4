import Foundation

/// The app's run loop in the simulated engine: work items ordered by due time on the app's virtual clock, then by
/// the order they were scheduled (FIFO among equals).
struct EventQueue {
    struct Event {
        let due: Date
        let handle: Int
        let work: () -> Void
    }

    private var events: [Event] = []

    var isEmpty: Bool { events.isEmpty }

    mutating func add(due: Date, handle: Int, work: @escaping () -> Void) {
        events.append(Event(due: due, handle: handle, work: work))
    }

    mutating func cancel(_ handle: Int) {
        events.removeAll { $0.handle == handle }
    }

    mutating func removeAll() {
        events.removeAll()
    }

    /// The earliest event (handles grow with scheduling order, so they break ties FIFO).
    mutating func popNext() -> Event? {
        guard let index = events.indices.min(by: { (events[$0].due, events[$0].handle) < (events[$1].due, events[$1].handle) }) else {
            return nil
        }
        return events.remove(at: index)
    }
}
