// Counts the heap allocations of the calling thread, for the benchmarks' "allocations per operation".
//
// glibc 2.34 removed __malloc_hook, and mallinfo2() reports bytes, not calls; so this target replaces malloc,
// calloc, realloc and free by ELF symbol interposition, as the glibc manual describes ("Replacing malloc"): each
// forwards to glibc's own implementation (__libc_malloc, ...) and, while the calling thread is counting, adds one.
// The allocator stays glibc's, so every pointer, whoever allocated it, is freed by the same code. posix_memalign,
// aligned_alloc and memalign are not replaced (glibc's are consistent with the forwarded free) and not counted:
// Swift uses them only for alignments above 16 bytes.
#ifndef COOKIEHARNESS_MALLOC_COUNTER_H
#define COOKIEHARNESS_MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting this thread's malloc, calloc and realloc calls from zero.
void cookieharness_malloc_counter_start(void);
/// Stops counting and returns the calls counted since the start.
uint64_t cookieharness_malloc_counter_stop(void);
/// 1 when the replacement is the malloc this process calls (checked with one allocation), 0 when not.
int cookieharness_malloc_counter_is_active(void);

#endif
