/* Linked into every build of test-suite/styles/run.sh: counts the process's calls of malloc
 * and calloc (C++'s operator new calls malloc) and writes the count at exit to the file that
 * POLYPROP_ALLOCATIONS names. A pipeline whose temporaries the transform removed allocates
 * fewer arrays where the new code runs than where the run-time check sent it to the original
 * code: run.sh compares the counts of the two builds to tell which ran. */
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);

static long allocations;

void *malloc(size_t n) {
  allocations++;
  return __libc_malloc(n);
}

void *calloc(size_t n, size_t size) {
  allocations++;
  return __libc_calloc(n, size);
}

__attribute__((destructor)) static void report(void) {
  const char *file = getenv("POLYPROP_ALLOCATIONS");
  long counted = allocations;
  FILE *out = file ? fopen(file, "w") : NULL;
  if (out) {
    fprintf(out, "%ld\n", counted);
    fclose(out);
  }
}
