// A stencil tap written once as a helper over a pointer and an `int` stride, called with 1
// along a row and with `(int)w` down a column of a `long`-sized image (blur3): `p[-s]`
// reaches the pass as `ashr exact (mul w, -1 << 32), 32`, which SCEV leaves unknown. The
// model took it for a parameter of its own, the column offset of a row, assumed it between -1
// and 1, and found nothing to propagate. It is now `-(int)w`, affine in w (assumed to fit in
// 32 bits, checked at run time): the new code runs at every size. blur5 has `int` sizes, so
// its stride is w itself, `p[-2 * s]` the sign extension of an `int` product, as before.
// Differential: outputs identical to the naive build at seven sizes.
// RUN: clang-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang-14 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "64 48" "7 5" "1 1" "0 4" "3 3" "5 17" "301 203"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "64 48" "7 5" "1 1" "0 4" "3 3" "5 17" "301 203"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of blur3$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of blur5$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function blur3, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function blur5, function body: transformed: 1 temporaries removed
// RAN: 7
#include "Inputs/harness.h"

static inline float tap3(const float *p, int s) {
  double a = 0.25 * p[-s] + 0.5 * p[0] + 0.25 * p[s];
  return (float)a;
}

static inline float tap5(const float *p, int s) {
  return 0.0625f * p[-2 * s] + 0.25f * p[-s] + 0.375f * p[0] + 0.25f * p[s] + 0.0625f * p[2 * s];
}

void blur3(long w, long h, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = 1; x < w - 1; x++)
      t[y * w + x] = tap3(&in[y * w + x], 1);
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      out[y * w + x] = tap3(&t[y * w + x], (int)w);
  free(t);
}

void blur5(int w, int h, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 2; x < w - 2; x++)
      t[y * w + x] = tap5(&in[y * w + x], 1);
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++)
      out[y * w + x] = tap5(&t[y * w + x], w);
  free(t);
}

int main(int argc, char **argv) {
  long w = argc > 2 ? atol(argv[1]) : 64, h = argc > 2 ? atol(argv[2]) : 48;
  long n = w * h + 1;
  float *in = (float *)malloc(sizeof(float) * n), *out = (float *)calloc(n, sizeof(float));
  harness_fill_float(in, n);
  blur3(w, h, in, out);
  harness_print("blur3", out, sizeof(float) * n);
  blur5((int)w, (int)h, in, out);
  harness_print("blur5", out, sizeof(float) * n);
  free(in);
  free(out);
  return 0;
}
