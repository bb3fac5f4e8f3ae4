// The benchmarks' view of the counting allocator (CMallocCounter), through weak references.
//
// CMallocCounter replaces malloc by symbol interposition, which no library may do to the binary it is linked into:
// only the cookie-harness executable and the tests link it. Bench reaches it through these functions, whose
// references to it are weak: in a binary that links CMallocCounter they call it, in any other (an app's binary built
// from the library products) they find nothing, count nothing, and that binary keeps its own allocator.
#ifndef COOKIEHARNESS_ALLOCATION_PROBE_H
#define COOKIEHARNESS_ALLOCATION_PROBE_H

#include <stdint.h>

/// 1 when this binary links the counting allocator and it is the malloc the process calls, 0 otherwise.
int cookieharness_allocation_probe_is_active(void);
/// Starts counting this thread's malloc, calloc and realloc calls from zero (nothing without the counter).
void cookieharness_allocation_probe_start(void);
/// Stops counting and returns the calls counted since the start (0 without the counter).
uint64_t cookieharness_allocation_probe_stop(void);

#endif
