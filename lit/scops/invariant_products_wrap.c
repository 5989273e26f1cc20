// A product of invariant values that wraps: unsigned n * m is computed modulo 2^32 (or 2^64
// for unsigned long), and the parameter P0 = n * m is that wrapped value, computed in the
// source's type before the region (n = m = 65536: 0 in 32 bits; n = m = 2^32: 0 in 64 bits),
// so the generated code accesses what the source does. Where the wrapped 32-bit product is
// not a non-negative int, the zero extension's assumption fails and the original code runs.
// Outputs are identical with and without the plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 65536 65536 4294967296 4294967296 > %t.naive.wrap
// RUN: %t.polyprop 65536 65536 4294967296 4294967296 > %t.polyprop.wrap
// RUN: cmp %t.naive.wrap %t.polyprop.wrap
// RUN: %t.naive 3 5 2 7 > %t.naive.small
// RUN: %t.polyprop 3 5 2 7 > %t.polyprop.small
// RUN: cmp %t.naive.small %t.polyprop.small
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function wrap_u32, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function wrap_u64, function body: transformed: 1 temporaries removed
#include <stdio.h>
#include <stdlib.h>

// MODEL-LABEL: polyprop-scops: function wrap_u32
// MODEL: parameter P0 = n * m (i32)
// MODEL: no wrap: i0 + P0 fits in 32 unsigned bits
// MODEL: read: [w, n, m, P0] -> { S0[i0] -> in[i0 + P0] }
void wrap_u32(unsigned n, unsigned m, unsigned w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w);
  for (unsigned j = 0; j < w; j++)
    t[j] = in[n * m + j] * 0.5f;
  for (unsigned j = 0; j < w; j++)
    out[n * m + j] = t[j] + 1.0f;
  free(t);
}

// MODEL-LABEL: polyprop-scops: function wrap_u64
// MODEL: parameter P0 = n * m (i64)
// MODEL: read: [w, n, m, P0] -> { S0[i0] -> in[i0 + P0] }
void wrap_u64(unsigned long n, unsigned long m, long w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w);
  for (long j = 0; j < w; j++)
    t[j] = in[n * m + j] * 0.5f;
  for (long j = 0; j < w; j++)
    out[n * m + j] = t[j] + 1.0f;
  free(t);
}

int main(int argc, char **argv) {
  unsigned long n = strtoul(argv[1], 0, 0), m = strtoul(argv[2], 0, 0);
  unsigned long n2 = strtoul(argv[3], 0, 0), m2 = strtoul(argv[4], 0, 0);
  float in[64], out[64] = {0};
  for (int k = 0; k < 64; k++)
    in[k] = k * 0.5f;
  wrap_u32((unsigned)n, (unsigned)m, 9, in, out);
  wrap_u64(n2, m2, 9, in + 20, out + 20);
  for (int k = 0; k < 64; k++)
    printf("%g ", out[k]);
  printf("\n");
  return 0;
}
