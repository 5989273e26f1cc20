// Border clamps written as C ternaries whose arms are not the clamp's bound: `i + 1 < n ?
// i + 1 : i` is min(i + 1, n - 1) and `i > 0 ? i - 1 : i` is max(i - 1, 0) where 0 <= i < n.
// Each is read as that min or max (an arm clamped at a side of its condition, checked on
// the use's domain). With `int` counters instcombine writes `i < n - 1 ? i + 1 : i` as
// `i + (i < n - 1)`, a comparison used as a number: `min(max(n - 1 - i, 0), 1)`. Either way
// the pipeline is one SCoP and its temporaries are propagated. The negative twin selects
// between arms that are no clamp of each other (`i < n / 2 ? 2 * i : n - 1 - i`) and stays
// rejected. Outputs are identical with and without the plugin, also for sizes whose borders
// meet (n = 1, 2, 3).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function blur_long, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function blur_int, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function not_a_clamp, function body: not transformed: rejected: non-affine subscript: value computed inside the region
// MODEL-LABEL: polyprop-scops: function blur_long, function body
// MODEL: value: v[i0][i1] = ((h[max(1, i0) - 1][i1] + h[i0][i1]) + h[min(i0 + 1, R - 1)][i1])
// MODEL-LABEL: polyprop-scops: function blur_int, function body
// MODEL: value: v[i0][i1] = ((h[max(1, i0) - 1][i1] + h[i0][i1]) + h[i0 + min(-i0 + R - 1, 1)][i1])
// MODEL-NOT: polyprop-scops: function not_a_clamp, function body
#include "../codegen/Inputs/harness.h"

void blur_long(long R, long C, const float *in, float *out) {
  float *h = malloc(sizeof(float) * R * C), *v = malloc(sizeof(float) * R * C);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      h[i * C + j] = in[i * C + (j > 0 ? j - 1 : j)] + in[i * C + j] + in[i * C + (j + 1 < C ? j + 1 : j)];
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      v[i * C + j] = h[(i > 0 ? i - 1 : i) * C + j] + h[i * C + j] + h[(i + 1 < R ? i + 1 : i) * C + j];
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = v[i * C + j] * 0.25f - in[i * C + j];
  free(h);
  free(v);
}

void blur_int(int R, int C, const float *in, float *out) {
  float *h = malloc(sizeof(float) * R * C), *v = malloc(sizeof(float) * R * C);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      h[i * C + j] = in[i * C + (j == 0 ? 0 : j - 1)] + in[i * C + j] + in[i * C + (j == C - 1 ? j : j + 1)];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      v[i * C + j] = h[(i == 0 ? i : i - 1) * C + j] + h[i * C + j] + h[(i < R - 1 ? i + 1 : i) * C + j];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      out[i * C + j] = v[i * C + j] * 0.25f - in[i * C + j];
  free(h);
  free(v);
}

void not_a_clamp(long R, long C, const float *in, float *out) {
  float *h = malloc(sizeof(float) * R * C);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      h[i * C + j] = in[i * C + j] * 2.0f;
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = h[(i < R / 2 ? 2 * i : R - 1 - i) * C + j];
  free(h);
}

int main(void) {
  enum { N = 9 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const long sizes[][2] = {{1, 1}, {1, 5}, {2, 2}, {3, 7}, {9, 9}, {7, 3}};
  for (int k = 0; k < 6; k++) {
    long R = sizes[k][0], C = sizes[k][1];
    __builtin_memset(out, 0, sizeof out);
    blur_long(R, C, in, out);
    harness_print("long", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    blur_int((int)R, (int)C, in, out);
    harness_print("int", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    not_a_clamp(R, C, in, out);
    harness_print("not a clamp", out, sizeof out);
  }
  return 0;
}
