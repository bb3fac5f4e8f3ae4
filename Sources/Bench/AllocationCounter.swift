import CAllocationProbe

/// Heap allocations (malloc, calloc and realloc calls) made by the calling thread, counted by `CMallocCounter` when
/// the binary links it (the `cookie-harness` executable, the tests) and not at all otherwise: a binary built from the
/// library products keeps its own allocator (`CAllocationProbe` says why), and `bench stores` there reports
/// allocations as not counted.
package enum AllocationCounter {
    /// Whether calls are really counted here: the counting malloc is linked and is the one every library calls.
    package static let isActive: Bool = cookieharness_allocation_probe_is_active() == 1

    /// The allocations `body` makes on this thread, or nil when they cannot be counted (see ``isActive``).
    package static func count(_ body: () -> Void) -> Int? {
        guard isActive else { return nil }
        cookieharness_allocation_probe_start()
        body()
        return Int(cookieharness_allocation_probe_stop())
    }
}
