// Helper functions with a loop of their own, called inside a loop (a convolution's taps, a
// dot product over a row): canonicalization inlines them, as -O3's inliner would, so that
// their loop nests in the caller's and the nest is one SCoP. Three styles: int counters and a
// flattened image with a 5-tap helper taking a stride (the separable blur's temporary is
// propagated away); long counters and `float (*)[W]` rows with a dot-product helper whose
// result fills a temporary the next stage reads: modeled (no call in the way), and the
// temporary kept, since a reduction's result is no expression to recompute (the reload test);
// row kernels, helpers that read rows and write one through pointers (`blur_row(in + y * w,
// b + y * w, w)`, `size_t` offsets), called once per row: the unsharp mask's blurred rows are
// propagated away.
// A helper the source marks noinline stays a call, and the nest around it a reject naming it.
// Outputs identical with and without the plugin at two sizes.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out && %t.naive 61 >> %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out && %t.polyprop 61 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function blur_flat, function body: transformed: {{[1-9][0-9]*}} temporaries removed
// CHECK-DAG: polyprop: function project_rows, function body: not transformed: nothing propagated: no temporary array removed
// CHECK-DAG: polyprop: function unsharp_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function kept_call, function body: not transformed: rejected: call with side effects: call to taps_noinline may write memory

#include <stdio.h>
#include <stdlib.h>

#define W 48

static const float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

static float convolve5(const float *p, int stride) {
  float s = 0.0f;
  for (int t = 0; t < 5; t++)
    s += taps[t] * p[(t - 2) * stride];
  return s;
}

void blur_flat(int w, int h, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * (size_t)w * (size_t)h);
  for (int y = 0; y < h; y++)
    for (int x = 2; x < w - 2; x++)
      tmp[y * w + x] = convolve5(&in[y * w + x], 1);
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++)
      out[y * w + x] = convolve5(&tmp[y * w + x], w);
  free(tmp);
}

static float dot(const float *a, const float *b, long n) {
  float s = 0.0f;
  for (long k = 0; k < n; k++)
    s += a[k] * b[k];
  return s;
}

void project_rows(long h, const float (*rows)[W], const float *axis, float *out) {
  float *along = malloc(sizeof(float) * (size_t)h);
  for (long y = 0; y < h; y++)
    along[y] = dot(rows[y], axis, W);
  for (long y = 0; y < h; y++)
    out[y] = along[y] * 0.5f + 1.0f;
  free(along);
}

static void blur_row(const float *in, float *out, int w) {
  for (int x = 1; x < w - 1; x++)
    out[x] = (in[x - 1] + in[x] + in[x + 1]) * (1.0f / 3.0f);
}

static void sharpen_row(const float *in, const float *blurred, float *out, int w) {
  for (int x = 1; x < w - 1; x++)
    out[x] = in[x] + 0.5f * (in[x] - blurred[x]);
}

void unsharp_rows(int w, int h, const float *in, float *out) {
  float *b = malloc(sizeof(float) * (size_t)w * (size_t)h);
  for (int y = 0; y < h; y++)
    blur_row(in + (size_t)y * w, b + (size_t)y * w, w);
  for (int y = 0; y < h; y++)
    sharpen_row(in + (size_t)y * w, b + (size_t)y * w, out + (size_t)y * w, w);
  free(b);
}

__attribute__((noinline)) static float taps_noinline(const float *p) {
  float s = 0.0f;
  for (int t = 0; t < 3; t++)
    s += p[t];
  return s;
}

void kept_call(int n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n - 2; i++)
    tmp[i] = taps_noinline(&in[i]);
  for (int i = 0; i < n - 2; i++)
    out[i] = tmp[i] * 0.5f;
  free(tmp);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 23;
  int w = n + 5, h = n;
  float *in = malloc(sizeof(float) * (size_t)(w * h)), *out = calloc((size_t)(w * h), sizeof(float));
  for (int i = 0; i < w * h; i++)
    in[i] = (float)((i * 7919) % 1000) / 1000.0f;
  blur_flat(w, h, in, out);
  float (*rows)[W] = malloc(sizeof(float[W]) * (size_t)h);
  float axis[W];
  for (int k = 0; k < W; k++)
    axis[k] = (float)(k % 5) - 2.0f;
  for (int y = 0; y < h; y++)
    for (int k = 0; k < W; k++)
      rows[y][k] = in[(y * W + k) % (w * h)];
  float *projected = malloc(sizeof(float) * (size_t)h);
  project_rows(h, rows, axis, projected);
  float *kept = calloc((size_t)n, sizeof(float));
  kept_call(n, in, kept);
  float *sharp = calloc((size_t)(w * h), sizeof(float));
  unsharp_rows(w, h, in, sharp);
  double s = 0.0;
  for (int i = 0; i < w * h; i++)
    s += out[i] * (1 + i % 7);
  for (int y = 0; y < h; y++)
    s += projected[y] * (1 + y % 3);
  for (int i = 0; i < n; i++)
    s += kept[i];
  for (int i = 0; i < w * h; i++)
    s += sharp[i] * (1 + i % 5);
  printf("%d %a\n", n, s);
  return 0;
}
