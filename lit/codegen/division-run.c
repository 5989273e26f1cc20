// Integer division and shifts by constants in subscripts, as image pyramids write them: a
// downsampled temporary read at i / 2 and (i + 1) >> 1 (floor divisions, exact in the model)
// (floor divisions, exact in the model; `n / 2` is floor(n / 2) under the assumption n >= 0,
// checked at run time) and a signed division of negative values (C truncates towards zero:
// modeled exactly as the floor for non-negative and the ceiling for negative dividends, see
// lit/division/). The temporary is propagated; outputs are identical with and without the
// plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>,print<polyprop-detect>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop: function upsample, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function upsample
// MODEL: no wrap: n fits in 63 unsigned bits
// MODEL: read: [n{{.*}}] -> { S1[i0] -> half[floor((i0)/2)] }
// MODEL: read: [n{{.*}}] -> { S1[i0] -> half[floor((i0 + 1)/2)] }
// MODEL-LABEL: polyprop-scops: function signed_division
// MODEL: read: [n] -> { S0[i0] -> in[n + min(-floor((-i0 + n)/2), max(floor((i0 - n)/2), 0))] }
// MODEL-LABEL: polyprop-detect: function signed_division
// MODEL-NEXT: SCoP function body: 1 statements, 2 arrays
#include "Inputs/harness.h"

void upsample(int n, const float *in, float *out) {
  float *half = malloc(sizeof(float) * (n / 2 + 1));
  for (int i = 0; i <= n / 2; i++)
    half[i] = in[2 * i] * 0.5f + in[2 * i + 1] * 0.5f;
  for (int i = 0; i < n; i++)
    out[i] = half[i / 2] * 0.75f + half[(i + 1) >> 1] * 0.25f;
  free(half);
}

void signed_division(int n, const float *in, float *out) {
  for (int i = -n; i < n; i++)
    out[i + n] = in[i / 2 + n];
}

int main(void) {
  enum { N = 37 };
  float in[2 * N + 2], out[2 * N];
  harness_fill_float(in, 2 * N + 2);
  upsample(N, in, out);
  harness_print("upsample", out, sizeof(float) * N);
  signed_division(N, in, out);
  harness_print("signed division", out, sizeof out);
  return 0;
}
