// A phi between the sides of an affine branch inside one arm of a data-dependent branch:
// `c ? (j == 0 ? 0 : tmp[j - 1]) + x : y`, `(i & 1) == 0 ? ... : ...` then used in the arm,
// and in a loop-carried scalar written under the data-dependent `if`. The arms share the
// data-dependent branch's domain, so the inner phi is a select on the affine condition,
// computed inside the statement (as Polly's non-affine subregions do); before, such a hammock
// was a reject reason (and earlier still, as a phi written on both edges, a miscompile:
// gen-loops-41392.c). inner_open holds a data-dependent branch whose join the affine
// branch's other side also reaches, inside the arm: one select over all three conditions.
// `int` and `long` counters, `float (*)[W]` and pointer arrays, floats and `long`s, two inputs.
// Not yet: ternary_2d's read tmp[i][j - 1] counts for j == 0 too (the arm's accesses have the
// branch's domain), which breaks the delinearization assumption wherever the loops run: the
// region is rejected for that reason.
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function ternary_2d, function body: not transformed: rejected: infeasible assumption: delinearization of {{.*}} never holds when the region runs
// CHECK-DAG: polyprop: function parity_flat, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function carried, function body: transformed
// CHECK-DAG: polyprop: function inner_open, function body: transformed: 1 temporaries removed
// MODEL-NOT: polyprop-scops: function ternary_2d, function body
// MODEL-LABEL: polyprop-scops: function parity_flat, function body
// MODEL: value: out[i0 + 1] = (select((in[i0 + 1] < 0.3f), tmp[i0 + 1], (select((binop_and((i0 + 1L), 1L) == 0L), tmp[i0], (-1.0f)) * 3.0f)) * tmp[i0 + 1])
// MODEL-LABEL: polyprop-scops: function carried, function body
// MODEL: value: s_w = select((in[i0] > 0.6f), (select((binop_and(i32(i0), 3) == 0), tmp[i0], 0.5f) + in[i0]), s_w)
// MODEL-LABEL: polyprop-scops: function inner_open, function body
// MODEL: value: a[i0] = select((b[i0] > 0L), ((select((i0 < m), select((c[i0] > 0L), t[i0], 2L), 3L) * 5L) + t[i0 + 1]), 4L)
#include <stdio.h>
#include <stdlib.h>
#define W 24
void ternary_2d(int h, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*tmp)[W] = malloc(sizeof(float) * h * W);
  for (int i = 0; i < h; i++)
    for (int j = 0; j < W; j++) tmp[i][j] = in[i][j] * 2.0f;
  for (int i = 0; i < h; i++)
    for (int j = 0; j < W; j++)
      out[i][j] = in[i][j] > 0.5f ? (j == 0 ? 0.0f : tmp[i][j - 1]) + tmp[i][j] : tmp[i][j] * 0.25f;
  free(tmp);
}
void parity_flat(long n, float *restrict out, const float *restrict in) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) tmp[i] = in[i] + 1.0f;
  for (long i = 1; i < n; i++) {
    float v;
    if (in[i] < 0.3f)
      v = tmp[i];
    else
      v = ((i & 1) == 0 ? tmp[i - 1] : -1.0f) * 3.0f;
    out[i] = v * tmp[i];
  }
  free(tmp);
}
void carried(int n, float *restrict out, const float *restrict in) {
  float *tmp = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) tmp[i] = in[i] * in[i];
  float w = 0.0f;
  for (int i = 0; i < n; i++) {
    if (in[i] > 0.6f) w = (i % 4 == 0 ? tmp[i] : 0.5f) + in[i];
    out[i] = w + tmp[i];
  }
  out[n] = w;
  free(tmp);
}
void inner_open(long n, long m, long *restrict a, const long *restrict b, const long *restrict c) {
  long *t = malloc(sizeof(long) * (n + 1));
  for (long i = 0; i <= n; i++) t[i] = b[i] * 2 - c[i];
  for (long i = 0; i < n; i++)
    a[i] = b[i] > 0 ? ((i < m ? (c[i] > 0 ? t[i] : 2) : 3) * 5 + t[i + 1]) : 4;
  free(t);
}
int main(void) {
  enum { H = 9, N = 50 };
  static float in2[H][W], o2[H][W], in[N], o[N + 1];
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < H; i++) for (int j = 0; j < W; j++) in2[i][j] = ((i * 13 + j * 7 + round * 3) % 10) / 10.0f;
    for (int i = 0; i < N; i++) in[i] = ((i * 7 + 1 + round * 4) % 11) / 10.0f;
    ternary_2d(H, o2, in2);
    parity_flat(N, o, in);
    for (int i = 0; i < H; i++) for (int j = 0; j < W; j++) printf("%a\n", o2[i][j]);
    for (int i = 1; i < N; i++) printf("%a\n", o[i]);
    carried(N, o, in);
    for (int i = 0; i <= N; i++) printf("%a\n", o[i]);
    static long la[N], lb[N + 1], lc[N + 1];
    for (int i = 0; i <= N; i++) lb[i] = (i * 5 + round) % 7 - 3, lc[i] = (i * 3 + 2 * round) % 5 - 2;
    inner_open(N, N / 2 + round, la, lb, lc);
    for (int i = 0; i < N; i++) printf("%ld\n", la[i]);
  }
  return 0;
}
