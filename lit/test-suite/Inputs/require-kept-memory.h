/* Included into a pipeline by a --variant of lit/test-suite/keep-freed-memory.test: the
 * process stops at once unless glibc's tunables that keep freed memory are set. */
#include <stdlib.h>
__attribute__((constructor)) static void require_kept_memory(void) {
  const char *mmap = getenv("MALLOC_MMAP_THRESHOLD_"), *trim = getenv("MALLOC_TRIM_THRESHOLD_");
  if (!mmap || !trim || atol(mmap) < 1000000000L || atol(trim) < 1000000000L)
    abort();
}
