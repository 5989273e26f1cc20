// Rebuilt integer arithmetic keeps its source instruction's wrap flags (issue 22): the `int`
// stages compute with `add nsw`, `shl nsw`, `mul nsw`, `sub nsw` and so does the generated
// code into which they were propagated; the `unsigned` twin has no `nsw` on its arithmetic
// in the source, and none in the generated code (`udiv` by 4 becomes `lshr` in both); the
// `short` twin computes in `int` after promotion, with `nsw`, between its extensions and
// truncations. The
// generated loop's counter is `add nsw` where the source's `int` counter was. The address
// arithmetic of generated accesses (one-term subscripts and the linearized offset of a
// delinearized array) is `nsw` too. Outputs are identical with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.out.ll
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM-DAG: polyprop: function smooth_int, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function smooth_unsigned, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function smooth_short, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function blur_rows, function body: transformed: 1 temporaries removed
// CHECK-LABEL: define internal void @smooth_int.polyprop(
// CHECK: polyprop.body:
// CHECK: shl nsw i32
// CHECK: add nsw i32
// CHECK: add nsw i32
// CHECK: sdiv i32 %{{[0-9]+}}, 4
// CHECK: mul nsw i32 %{{[0-9]+}}, 3
// CHECK: sub nsw i32
// CHECK: ashr i32 %{{[0-9]+}}, 1
// CHECK: store i32
// CHECK: add nsw i64 %c0, 1
// CHECK-LABEL: define internal void @smooth_unsigned.polyprop(
// CHECK: polyprop.body:
// CHECK-NOT: nsw i32
// CHECK-NOT: nuw i32
// CHECK: lshr i32 %{{[0-9]+}}, 2
// CHECK-NOT: nsw i32
// CHECK-NOT: nuw i32
// CHECK: store i32
// CHECK: add nsw i64 %c0, 1
// CHECK: ret void
// CHECK-LABEL: define internal void @smooth_short.polyprop(
// CHECK: polyprop.body:
// CHECK: sext i16 %{{[0-9]+}} to i32
// CHECK: shl nsw i32
// CHECK: add nsw i32
// CHECK: add nsw i32
// CHECK: trunc i32 %{{[0-9]+}} to i16
// CHECK: mul nsw i32 %{{[0-9]+}}, 3
// CHECK: sub nsw i32
// CHECK: sdiv i32 %{{[0-9]+}}, 2
// CHECK: trunc i32 %{{[0-9]+}} to i16
// CHECK: store i16
// Address arithmetic of a delinearized access: subscripts and the linearized offset take nsw.
// CHECK-LABEL: define internal void @blur_rows.polyprop(
// CHECK: polyprop.body{{[0-9]+}}:
// CHECK: [[ROW:%[0-9]+]] = add nsw i64 {{[0-9]+}}, %c0
// CHECK: [[COL:%[0-9]+]] = add nsw i64 {{[0-9]+}}, %c1
// CHECK: [[SCALED:%[0-9]+]] = mul nsw i64 [[ROW]], %{{[0-9]+}}
// CHECK: [[OFFSET:%[0-9]+]] = add nsw i64 [[SCALED]], [[COL]]
// CHECK: getelementptr float, float* %{{[0-9]+}}, i64 [[OFFSET]]
#include "Inputs/harness.h"

void smooth_int(int n, int *restrict out, const int *restrict in) {
  int *t = malloc(sizeof(int) * n);
  for (int i = 1; i < n - 1; i++)
    t[i] = (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
  for (int i = 2; i < n - 2; i++)
    out[i] = (t[i - 1] * 3 - t[i + 1]) >> 1;
  free(t);
}

void smooth_unsigned(int n, unsigned *restrict out, const unsigned *restrict in) {
  unsigned *t = malloc(sizeof(unsigned) * n);
  for (int i = 1; i < n - 1; i++)
    t[i] = (in[i - 1] + 2 * in[i] + in[i + 1]) / 4;
  for (int i = 2; i < n - 2; i++)
    out[i] = (t[i - 1] * 3 - t[i + 1]) >> 1;
  free(t);
}

void smooth_short(int n, short *restrict out, const short *restrict in) {
  short *t = malloc(sizeof(short) * n);
  for (int i = 1; i < n - 1; i++)
    t[i] = (short)((in[i - 1] + 2 * in[i] + in[i + 1]) >> 2);
  for (int i = 2; i < n - 2; i++)
    out[i] = (short)((t[i - 1] * 3 - t[i + 1]) / 2);
  free(t);
}

/* Flattened 2-D subscripts with a parametric row size: delinearized, so the generated
 * address arithmetic is `row * w + col` with `nsw` (the subscripts of in-bounds accesses, inner
 * ones in [0, w) by the model's assumption). */
void blur_rows(long h, long w, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * h * w);
  for (long i = 0; i < h; i++)
    for (long j = 1; j < w - 1; j++)
      t[i * w + j] = in[i * w + j - 1] + in[i * w + j + 1];
  for (long i = 1; i < h - 1; i++)
    for (long j = 1; j < w - 1; j++)
      out[i * w + j] = t[(i - 1) * w + j] + t[(i + 1) * w + j];
  free(t);
}

int main(void) {
  enum { N = 1000 };
  static int in[N], out[N];
  static unsigned uin[N], uout[N];
  static short short_in[N], short_out[N];
  for (int k = 0; k < N; k++) {
    in[k] = (int)(harness_next() * 100000.0) - 60000;
    uin[k] = (unsigned)(harness_next() * 4000000000.0);
    short_in[k] = (short)(harness_next() * 20000.0) - 12000;
  }
  smooth_int(N, out, in);
  smooth_unsigned(N, uout, uin);
  smooth_short(N, short_out, short_in);
  harness_print("int", out, sizeof out);
  harness_print("unsigned", uout, sizeof uout);
  harness_print("short", short_out, sizeof short_out);
  enum { H = 20, W = 30 };
  static float fin[H * W], fout[H * W];
  for (int k = 0; k < H * W; k++)
    fin[k] = (float)harness_next();
  blur_rows(H, W, fout, fin);
  harness_print("rows", fout, sizeof fout);
  return 0;
}
