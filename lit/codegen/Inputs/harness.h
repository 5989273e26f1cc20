// Shared by the end-to-end tests of lit/codegen: seeded inputs and an FNV-1a hash of bytes.
// The fill loops may be transformed too, once harness_next is inlined into them; the tests'
// checks name the functions they are about.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t harness_state = 2463534242u;

// A deterministic value in [0.25, 1.25): never zero, so divisions stay finite.
static inline double harness_next(void) {
  harness_state = harness_state * 1664525u + 1013904223u;
  return 0.25 + (double)(harness_state >> 8) / 16777216.0;
}

static inline void harness_fill_float(float *x, long n) {
  for (long k = 0; k < n; k++)
    x[k] = (float)harness_next();
}

static inline void harness_fill_double(double *x, long n) {
  for (long k = 0; k < n; k++)
    x[k] = harness_next();
}

static inline uint64_t harness_fnv1a(const void *data, size_t bytes) {
  const unsigned char *b = (const unsigned char *)data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < bytes; k++) {
    h ^= b[k];
    h *= 0x100000001b3ull;
  }
  return h;
}

static inline void harness_print(const char *name, const void *data, size_t bytes) {
  printf("%s %016llx\n", name, (unsigned long long)harness_fnv1a(data, bytes));
}
