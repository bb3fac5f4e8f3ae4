// prctl(2) is variadic, and Swift imports no variadic C function: these fixed-argument wrappers are what Swift calls.
#include <sys/prctl.h>

/// Makes the calling process a child subreaper: orphans below it are re-parented to it, not to init.
/// Returns 0, or -1 with errno set (EINVAL before Linux 3.4).
static inline int cookie_harness_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}
