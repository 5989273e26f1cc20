// AST and subscript arithmetic takes `nsw` where its value range proves it (issue 22,
// pass/src/value_ranges.rs): `int` parameters lie in their type's range, `long` ones in
// [-2^40, 2^40], which the run-time check tests first; AST iterators lie between their
// loop's init and bound. So the loop bound h - 2 is `sub nsw`, and the two-term subscript
// 2 * i + n is `mul nsw` and `add nsw`, for int and long sizes alike. The run-time check's
// own arithmetic on `long` parameters takes no `nsw` (it runs before their bound is known).
// `shifted` called with start = 2^50 fails the bound and runs the original code. Outputs are
// identical with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.out.ll
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM-DAG: polyprop: function blur_int, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function blur_long, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function pairs_int, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function pairs_long, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function shifted, function body: transformed: 1 temporaries removed
// The check bounds both long parameters before anything else; its own arithmetic has no nsw.
// CHECK-LABEL: define dso_local void @blur_long(
// CHECK-NEXT: polyprop.check:
// CHECK-NEXT: icmp sge i64 %0, -1099511627776
// CHECK-NEXT: icmp sle i64 %0, 1099511627776
// CHECK: icmp sge i64 %1, -1099511627776
// CHECK-NEXT: icmp sle i64 %1, 1099511627776
// CHECK-NOT: sub nsw
// CHECK: sub i64 %0, 2
// CHECK-NOT: sub nsw
// CHECK: br i1 %{{[0-9]+}}, label %polyprop.optimized
// CHECK-LABEL: define internal void @blur_int.polyprop(i32 %0, i32 %1,
// CHECK: [[H:%[0-9]+]] = sext i32 %0 to i64
// CHECK: polyprop.loop:
// CHECK-NEXT: %c0 = phi i64
// CHECK-NEXT: [[HB:%[0-9]+]] = sub nsw i64 [[H]], 2
// CHECK-NEXT: icmp slt i64 %c0, [[HB]]
// CHECK-LABEL: define internal void @blur_long.polyprop(i64 %0, i64 %1,
// CHECK: polyprop.loop:
// CHECK-NEXT: %c0 = phi i64
// CHECK-NEXT: [[HB:%[0-9]+]] = sub nsw i64 %0, 2
// CHECK-NEXT: icmp slt i64 %c0, [[HB]]
// CHECK-LABEL: define internal void @pairs_int.polyprop(
// CHECK: [[N:%[0-9]+]] = sext i32 %0 to i64
// CHECK: [[TWICE:%[0-9]+]] = mul nsw i64 2, %c0
// CHECK-NEXT: [[SUM:%[0-9]+]] = add nsw i64 0, [[TWICE]]
// CHECK-NEXT: [[AT:%[0-9]+]] = add nsw i64 [[SUM]], [[N]]
// CHECK-NEXT: getelementptr float, float* %1, i64 [[AT]]
// CHECK-LABEL: define internal void @pairs_long.polyprop(
// CHECK: [[TWICE:%[0-9]+]] = mul nsw i64 2, %c0
// CHECK-NEXT: [[SUM:%[0-9]+]] = add nsw i64 0, [[TWICE]]
// CHECK-NEXT: [[AT:%[0-9]+]] = add nsw i64 [[SUM]], %0
// CHECK-NEXT: getelementptr float, float* %1, i64 [[AT]]

#include <stdio.h>
#include <stdlib.h>

/* A 3x3 box blur in two stages over a w-wide image, inner pixels only: loop bounds h - 1
 * and w - 1, and subscripts (i + di) * w + j + dj of several terms. */
void blur_int(int h, int w, const float *in, float *out) {
  float *rows = malloc(sizeof(float) * h * w);
  for (int i = 0; i < h; i++)
    for (int j = 1; j < w - 1; j++)
      rows[i * w + j] = in[i * w + j - 1] + in[i * w + j] + in[i * w + j + 1];
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      out[i * w + j] = (rows[(i - 1) * w + j] + rows[i * w + j] + rows[(i + 1) * w + j]) / 9.0f;
  free(rows);
}

/* The same with 64-bit sizes: their bound comes from the run-time check. */
void blur_long(long h, long w, const float *in, float *out) {
  float *rows = malloc(sizeof(float) * h * w);
  for (long i = 0; i < h; i++)
    for (long j = 1; j < w - 1; j++)
      rows[i * w + j] = in[i * w + j - 1] + in[i * w + j] + in[i * w + j + 1];
  for (long i = 1; i < h - 1; i++)
    for (long j = 1; j < w - 1; j++)
      out[i * w + j] = (rows[(i - 1) * w + j] + rows[i * w + j] + rows[(i + 1) * w + j]) / 9.0f;
  free(rows);
}

/* Pairs of in: the subscript 2 * i + n has two variable terms (in has 3n elements). */
void pairs_int(int n, const float *in, float *out) {
  float *sum = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    sum[i] = in[i] + in[2 * i + n];
  for (int i = 0; i < n; i++)
    out[i] = sum[i] * 0.5f;
  free(sum);
}

void pairs_long(long n, const float *in, float *out) {
  float *sum = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    sum[i] = in[i] + in[2 * i + n];
  for (long i = 0; i < n; i++)
    out[i] = sum[i] * 0.5f;
  free(sum);
}

/* Four elements from start to start + 3, start beyond the run-time check's bound 2^40: the
 * original code runs, with the same output. */
void shifted(long start, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * 4);
  for (long i = start; i < start + 4; i++)
    tmp[i - start] = in[i - start] * 2.0f;
  for (long i = start; i < start + 4; i++)
    out[i - start] = tmp[i - start] + 1.0f;
  free(tmp);
}

int main(void) {
  enum { H = 23, W = 37 };
  static float in[H * W], a[H * W], b[H * W], s[4];
  for (int k = 0; k < H * W; k++)
    in[k] = (float)((k * 7919) % 1000) / 10.0f;
  blur_int(H, W, in, a);
  blur_long(H, W, in, b);
  shifted(5, in, s);
  pairs_int(H * W / 3, in, a + 1);
  pairs_long(H * W / 3, in, b + 2);
  double sum = 0;
  for (int k = 0; k < H * W; k++)
    sum += a[k] * 3 + b[k];
  printf("%.6f %a %a\n", sum, a[W + 1], b[(H - 2) * W + W - 2]);
  shifted(1L << 50, in, s);
  printf("%a %a %a %a\n", s[0], s[1], s[2], s[3]);
  return 0;
}
