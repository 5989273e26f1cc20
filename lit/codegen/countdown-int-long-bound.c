// A loop counting an `int` down to 0 from a `long` bound, `for (int i = R - 1; i >= 0; i--)`, as
// C mixes widths. indvars widens the counter to 64 bits and instcombine writes the exit test
// `i >= 0` as a mask, `(i & 2^31) == 0`, which scalar evolution reads as an unsigned division
// of i: an assumption that i >= 0 on every iteration, the exiting one (i = -1) included, which
// failed for every R, so that the transformed function never ran its new code.
// Canonicalization writes the mask as the sign test it is, `trunc(i to i32) >= 0`
// (polyprop-sign-bit-tests). The new code runs (trace-checks), outputs identical; found by
// gen-scop seed 34087 with trace-checks.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "8 38" "1 1" "3 0" "0 3" "17 5"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "8 38" "1 1" "3 0" "0 3" "17 5"; do %t.polyprop $s; done' > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize)' -S %t.ll | FileCheck %s --check-prefix=IR
// CHECK: polyprop: function columns_up, function body: transformed: 1 temporaries removed
// RAN: polyprop: new code of columns_up
// IR-LABEL: define {{.*}} @columns_up
// IR-NOT: and i64 {{.*}}, 2147483648
// IR: icmp sge i32
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void columns_up(long R, long C, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (R * C > 0 ? R * C : 1));
  for (long j = 0; j < C; j++)
    for (int i = R - 1; i >= 0; i--)
      t[i * C + j] = in[i * C + j] * 0.125f + in[i * C + j] * 0.375f;
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = t[i * C + j] + 1.0f;
  free(t);
}

int main(int argc, char **argv) {
  long R = atol(argv[1]), C = atol(argv[2]);
  long n = R * C > 0 ? R * C : 1;
  float *in = malloc(sizeof(float) * n), *out = calloc(n, sizeof(float));
  for (long k = 0; k < n; k++)
    in[k] = (float)((k * 108 + 619) % 1025 - 512) * 0.5f;
  columns_up(R, C, in, out);
  uint64_t h = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (long k = 0; k < (long)sizeof(float) * n; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)h);
  return 0;
}
