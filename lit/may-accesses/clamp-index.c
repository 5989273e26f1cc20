// A gather at a clamped data-dependent index, done by a helper function: `tmp[i][clamp(d)]`
// with `float (*)[W]` arrays and `long` counters, and the same with a flattened subscript
// `tmp[i * w + clamp(d)]` (a parametric row length) and `int` counters: there the whole
// index is the innermost subscript of the delinearized tmp, `tmp[0][? i * w + ...]`. The
// read is a
// may-read of the whole of tmp, its subscript (a loaded value, converted and clamped by
// the helper) computed in the statement: tmp stays with its writer, the stage read at
// affine subscripts (scale) is propagated, and outputs are identical with and without the
// plugin. The twin clamps the iterator instead (`clamp(j - 1)`, affine): tmp is propagated.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>,print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function gather_2d, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function gather_flat, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function affine_clamp, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function gather_2d
// MODEL: array tmp[*][64]: f32 temporary
// MODEL: may-read: [n] -> { S2[i0, i1] -> tmp[may0, may1] }
// MODEL-LABEL: polyprop-propagation: function gather_2d
// MODEL-DAG: scale (temporary): propagated {{.*}}removed writes S1
// MODEL-DAG: tmp (temporary): not propagated: may-read: S2 reads the location at a data-dependent subscript (the location stays)
// MODEL-LABEL: polyprop-scops: function gather_flat
// MODEL: array tmp[*][w]: f32 temporary
// MODEL: may-read: [n, w] -> { S3[i0, i1] -> tmp[may0, may1] }
// MODEL: value: out[i0][i1] = (tmp[0][? (s_0 + {{.*}})] + scale[i0][i1])
// MODEL-LABEL: polyprop-propagation: function gather_flat
// MODEL-DAG: scale (temporary): propagated {{.*}}removed writes S1
// MODEL-DAG: tmp (temporary): not propagated: may-read: S3 reads the location at a data-dependent subscript (the location stays)
// MODEL-LABEL: polyprop-propagation: function affine_clamp
// MODEL-DAG: tmp (temporary): propagated {{.*}}removed writes S0
#include "../codegen/Inputs/harness.h"

enum { W = 64 };

static inline long clampl(long x, long lo, long hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline int clampi(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }

void gather_2d(long n, const float (*img)[W], float (*out)[W]) {
  float (*tmp)[W] = malloc(sizeof(float) * n * W);
  float (*scale)[W] = malloc(sizeof(float) * n * W);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      tmp[i][j] = img[i][j] * 0.5f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      scale[i][j] = img[i][j] * 80.0f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      out[i][j] = tmp[i][clampl((long)scale[i][j], 0, W - 1)] + scale[i][j];
  free(tmp);
  free(scale);
}

void gather_flat(int n, int w, const float *img, float *out) {
  float *tmp = malloc(sizeof(float) * n * w);
  float *scale = malloc(sizeof(float) * n * w);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w; j++)
      tmp[i * w + j] = img[i * w + j] * 0.5f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w; j++)
      scale[i * w + j] = img[i * w + j] * 80.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w; j++)
      out[i * w + j] = tmp[i * w + clampi((int)scale[i * w + j], 0, w - 1)] + scale[i * w + j];
  free(tmp);
  free(scale);
}

void affine_clamp(long n, const float (*img)[W], float (*out)[W]) {
  float (*tmp)[W] = malloc(sizeof(float) * n * W);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      tmp[i][j] = img[i][j] * 0.5f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      out[i][j] = tmp[i][clampl(j - 1, 0, W - 1)] + img[i][j];
  free(tmp);
}

int main(void) {
  enum { N = 48 };
  static float img[N][W], out[N][W];
  harness_fill_float(&img[0][0], N * W);
  gather_2d(N, img, out);
  harness_print("gather 2d", out, sizeof out);
  gather_flat(N, W, &img[0][0], &out[0][0]);
  harness_print("gather flat", out, sizeof out);
  gather_flat(N - 5, W - 3, &img[0][0], &out[0][0]);
  harness_print("gather flat, other sizes", out, sizeof out);
  affine_clamp(N, img, out);
  harness_print("affine clamp", out, sizeof out);
  return 0;
}
