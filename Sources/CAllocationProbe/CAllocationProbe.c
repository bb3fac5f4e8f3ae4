#include "CAllocationProbe.h"

#include <stddef.h>

// CMallocCounter's functions, weak: resolved when the binary links it, null when it does not.
extern void cookieharness_malloc_counter_start(void) __attribute__((weak));
extern uint64_t cookieharness_malloc_counter_stop(void) __attribute__((weak));
extern int cookieharness_malloc_counter_is_active(void) __attribute__((weak));

int cookieharness_allocation_probe_is_active(void) {
    return cookieharness_malloc_counter_is_active != NULL && cookieharness_malloc_counter_is_active() == 1;
}

void cookieharness_allocation_probe_start(void) {
    if (cookieharness_malloc_counter_start != NULL) cookieharness_malloc_counter_start();
}

uint64_t cookieharness_allocation_probe_stop(void) {
    return cookieharness_malloc_counter_stop != NULL ? cookieharness_malloc_counter_stop() : 0;
}
