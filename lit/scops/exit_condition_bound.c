// Loops whose iterations SCEV cannot count are bounded by their exit condition, as Polly
// does: the iterations up to the first where the latch's condition leaves the loop (lexmin
// with isl). `k > 17 && i < m` has an invariant conjunct SCEV does not count through; a
// `while (more)` flag; both styles are transformed and run identically. An exit that may
// never be taken (`c != n` with an `unsigned short` counter and a negative or large n) is
// not modeled.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>,print<polyprop-detect>' %t.ll | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-LABEL: polyprop-scops: function guarded
// CHECK: domain: [k, m] -> { S0[i0] : k >= 18 and 0 <= i0 < m }
// CHECK-LABEL: polyprop-scops: function flagged
// CHECK: domain: [n] -> { S0[i0] : n >= 4 and 0 <= i0 <= -4 + n }
// CHECK-LABEL: polyprop-detect: function never
// CHECK: rejected function body: non-affine loop bound: trip count not computable: the exit condition may never hold
// TRANSFORM-DAG: polyprop: function guarded, function body: transformed
// TRANSFORM-DAG: polyprop: function flagged, function body: transformed
#include <stdio.h>
#include <stdlib.h>

// `k > 17 && i < m`: SCEV counts no iterations through the invariant conjunct.
void guarded(int k, int m, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * (m > 0 ? m : 1));
  for (int i = 0; k > 17 && i < m; i++)
    t[i] = in[i] * 2.0f;
  for (int i = 0; k > 17 && i < m; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

// A flag recomputed at the end of each iteration, as a `while (more)` loop.
void flagged(long n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * (n > 3 ? n : 1));
  int more = 3 < n;
  for (long i = 0; more; i++) {
    t[i] = in[i] - 0.5f;
    more = i + 4 < n;
  }
  more = 3 < n;
  for (long i = 0; more; i++) {
    out[i] = t[i] * t[i];
    more = i + 4 < n;
  }
  free(t);
}

// `c != n` with an `unsigned short` counter never stops when n is negative or too big.
void never(int n, float *restrict out, const float *restrict in) {
  for (unsigned short c = 0; c != n; c++)
    out[c] = in[c] * 2.0f;
}

int main(void) {
  static float in[64], out[64];
  for (int i = 0; i < 64; i++) in[i] = i * 0.25f;
  guarded(20, 40, out, in);
  guarded(10, 40, out + 20, in);
  flagged(30, out + 2, in);
  flagged(2, out + 5, in);
  never(9, out + 50, in);
  for (int i = 0; i < 64; i++) printf("%a ", out[i]);
  printf("\n");
  return 0;
}
