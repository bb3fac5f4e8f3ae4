import CMallocCounter

/// Heap allocations (malloc, calloc and realloc calls) made by the calling thread, through `CMallocCounter`.
public enum AllocationCounter {
    /// Whether calls are really counted here: the replacement malloc must be the one every library calls.
    public static let isActive: Bool = cookieharness_malloc_counter_is_active() == 1

    /// The allocations `body` makes on this thread, or nil when they cannot be counted (see ``isActive``).
    public static func count(_ body: () -> Void) -> Int? {
        guard isActive else { return nil }
        cookieharness_malloc_counter_start()
        body()
        return Int(cookieharness_malloc_counter_stop())
    }
}
