// Hand-linearized rows whose length has an integer factor, written one row at a time and read
// two rows at a time, as a Bayer mosaic's planes are: rows of W = 2 * w + 8 (or 4 * w)
// elements. Every stride is a multiple of the row length, so the row keeps its factor:
// den[y][x] with rows of 2w + 8, read as den[2y + 2][2x + 3]. Read as rows of w + 4, the
// inner subscripts would leave the row and the region was rejected ("infeasible assumption:
// delinearization"). Outputs identical to the naive build at 3 sizes; the temporaries go.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function bayer_int, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function quad_rows, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-scops: function bayer_int, function body
// MODEL: array den[*][2*w + 8]
// MODEL: write: [h, w] -> { S0[i0, i1] -> den[i0, i1] }
// MODEL: read: [h, w] -> { S1[i0, i1] -> den[2*i0 + 2, 2*i1 + 3] }
// MODEL-LABEL: polyprop-scops: function quad_rows, function body
// MODEL: array t[*][4*w]
#include <stdio.h>
#include <stdlib.h>

void bayer_int(int h, int w, const float *raw, float *out) {
  int W = 2 * w + 8;
  float *den = malloc(sizeof(float) * (2 * h + 8) * W);
  float *plane = malloc(sizeof(float) * h * w);
  for (int y = 0; y < 2 * h + 8; y++)
    for (int x = 0; x < W; x++)
      den[y * W + x] = raw[y * W + x] * 0.5f + 1.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      plane[y * w + x] = den[(2 * y + 2) * W + 2 * x + 3];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = plane[y * w + x] - 3.0f;
  free(den);
  free(plane);
}

void quad_rows(long h, long w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * 2 * h * 4 * w);
  for (long y = 0; y < 2 * h; y++)
    for (long x = 0; x < 4 * w; x++)
      t[y * (4 * w) + x] = in[y * (4 * w) + x] + 2.0f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < 4 * w; x++)
      out[y * (4 * w) + x] = t[(2 * y + 1) * (4 * w) + x] * 3.0f;
  free(t);
}

int main(void) {
  static const int sizes[][2] = {{1, 1}, {3, 5}, {16, 9}};
  for (int s = 0; s < 3; s++) {
    int h = sizes[s][0], w = sizes[s][1];
    long n = (long)(2 * h + 8) * (2 * w + 8);
    float *raw = malloc(sizeof(float) * n), *a = malloc(sizeof(float) * h * w);
    float *b = malloc(sizeof(float) * h * 4 * w);
    for (long i = 0; i < n; i++)
      raw[i] = (float)((i * 131 + s) % 257) * 0.125f;
    bayer_int(h, w, raw, a);
    quad_rows(h, w, raw, b);
    double sum = 0;
    for (long i = 0; i < h * w; i++)
      sum = sum * 0.5 + a[i];
    for (long i = 0; i < h * 4 * w; i++)
      sum = sum * 0.5 + b[i];
    printf("%d x %d: %.17g\n", h, w, sum);
    free(raw);
    free(a);
    free(b);
  }
  return 0;
}
