// Signed division and remainder by constants of values that are negative in part of the
// domain: C truncates towards zero, so `(i - n) / 2` is the floor for i >= n and the
// ceiling below it. The model writes the truncation exactly,
// min(ceil(x/d), max(floor(x/d), 0)) with ceil(x/d) = -floor(-x/d), and `x % 3` as
// x - 3 * (x / 3); a model that took the floor would read the wrong element for every odd
// negative dividend. Here the temporary is propagated and the outputs are identical.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop: function centered_halves, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function centered_halves
// MODEL-DAG: read: [n] -> { S1[i0] -> t[n + min(-floor((-i0 + n)/2), max(floor((i0 - n)/2), 0))] }
// MODEL-DAG: read: [n] -> { S1[i0] -> t[i0 - 3*min(-floor((-i0 + n)/3), max(floor((i0 - n)/3), 0))] }
// MODEL-NOT: t[n + floor((i0 - n)/2)]
#include "../codegen/Inputs/harness.h"

void centered_halves(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (2 * n + 1));
  for (int i = 0; i <= 2 * n; i++)
    t[i] = in[i] * 0.5f + 1.0f;
  for (int i = 0; i < 2 * n; i++)
    out[i] = t[(i - n) / 2 + n] + t[(i - n) % 3 + n] * 0.25f;
  free(t);
}

int main(void) {
  enum { N = 37 };
  float in[2 * N + 1], out[2 * N];
  harness_fill_float(in, 2 * N + 1);
  centered_halves(N, in, out);
  harness_print("centered halves", out, sizeof out);
  return 0;
}
