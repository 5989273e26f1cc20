// A phi at the join of a data-dependent branch (if/else, ternary) whose value is read in
// another statement: after an affine branch of the same iteration, or after the loop. Only
// one edge into the join is taken, on data that no domain expresses, so the scalar is
// written once, at the join, as a select of the branch's condition (before the fix both
// edges' writes were unconditional and the arm's won: diamond_affine stored 3, not 9).
// `int` and `long` counters, a loop-varying and an invariant condition, run on two inputs.
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function then_affine, function body: transformed
// CHECK-DAG: polyprop: function diamond_affine, function body: transformed
#include <stdio.h>
#include <stdlib.h>
void then_affine(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) t[i] = in[i] * 2.0f;
  for (int i = 0; i < n; i++)
    out[0] = (in[i] < 0.5f ? t[i] : 7.0f) + (i % 2 ? in[1] : 0.0f);
  free(t);
}
void diamond_affine(long n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) t[i] = in[i] * 3.0f;
  float v = 0.0f, w = 0.0f;
  for (long i = 0; i < n; i++) {
    if (in[0] > 0.5f) v = t[i]; else v = 9.0f;
    if (i >= 2) w = in[i - 2];
  }
  out[0] = v;
  out[1] = w;
  free(t);
}
int main(void) {
  enum { N = 40 };
  static float in[N], o1[2], o2[2];
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < N; i++) in[i] = ((i * 7 + 1 + round * 4) % 11) / 10.0f;
    then_affine(N, o1, in);
    diamond_affine(N, o2, in);
    printf("%a %a %a\n", o1[0], o2[0], o2[1]);
  }
  return 0;
}
