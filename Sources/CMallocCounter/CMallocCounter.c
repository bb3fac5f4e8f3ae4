#include "CMallocCounter.h"

#include <stddef.h>
#include <string.h>

// Under a sanitizer the allocator is the sanitizer's: replacing malloc would hand its pointers to glibc's free (a
// crash at the first free) and hide every allocation from it. So a sanitized build (swift test --sanitize=...)
// replaces nothing and counts nothing: cookieharness_malloc_counter_is_active() answers 0, as in a binary that
// does not link this target, and the benchmarks say allocations are not counted.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define COOKIEHARNESS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define COOKIEHARNESS_SANITIZED 1
#endif

#ifdef COOKIEHARNESS_SANITIZED

void cookieharness_malloc_counter_start(void) {}

uint64_t cookieharness_malloc_counter_stop(void) { return 0; }

int cookieharness_malloc_counter_is_active(void) { return 0; }

#else

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

// initial-exec: reading them never allocates (a dynamic TLS access may call malloc, which would recurse).
// volatile: the optimiser knows strdup and friends as library calls that cannot touch a static variable, and would
// fold a count around them.
static __thread volatile int counting __attribute__((tls_model("initial-exec")));
static __thread volatile uint64_t calls __attribute__((tls_model("initial-exec")));

void *malloc(size_t size) {
    if (counting) calls++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) calls++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) calls++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void cookieharness_malloc_counter_start(void) {
    calls = 0;
    counting = 1;
}

uint64_t cookieharness_malloc_counter_stop(void) {
    counting = 0;
    return calls;
}

// Nothing in the program calls the replacements by name (the libraries reach them through the dynamic symbol
// table), so a release build's --gc-sections would drop them: this table, read below, keeps them.
static void *const volatile replacements[] = {(void *)malloc, (void *)calloc, (void *)realloc, (void *)free};

int cookieharness_malloc_counter_is_active(void) {
    if (replacements[0] == 0) return 0;
    // An allocation made inside another library (glibc's strdup): counted only if the replacement interposes.
    static const char *volatile text = "x";
    cookieharness_malloc_counter_start();
    char *copy = strdup(text);
    uint64_t seen = cookieharness_malloc_counter_stop();
    free(copy);
    return seen == 1;
}

#endif
