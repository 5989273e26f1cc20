// A pointwise stage written as a flat loop over a count kept apart from the sizes: `img->n`
// of a struct image, an `int n` parameter next to `int w, h`, or Rodinia's srad `size_I`
// with flat loops before and after the stencil nest. Nothing relates n to w * h in
// the IR, so the flat loop was modeled as row 0 of arrays the stencil nests walk in rows, and
// the new code ran only where n <= w (never for an image), although print=transform said
// "transformed". Canonicalization now runs the flat loop as the nest `y < h, x < w` of the
// function's stencil nests where `w >= 0, h >= 0, n == w * h` (polyprop-rows-of-flat-loops,
// countOfNests), the flat loop elsewhere: the new code runs at every image size, and where n is
// not w * h the original code or the one-row case runs, with the same output.
// RUN: clang-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang-14 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "64 48 0" "7 5 0" "1 1 0" "0 4 0" "300 200 0" "9 6 -3" "9 6 -50"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "64 48 0" "7 5 0" "1 1 0" "0 4 0" "300 200 0" "9 6 -3" "9 6 -50"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of unsharp_struct$' %t.trace | FileCheck %s --check-prefix=RAN-STRUCT
// RUN: grep -c 'new code of unsharp_count$' %t.trace | FileCheck %s --check-prefix=RAN-COUNT
// RUN: grep -c 'new code of srad_size_I$' %t.trace | FileCheck %s --check-prefix=RAN-COUNT
// RUN: %t.pp 300 200 0 2>&1 >/dev/null | FileCheck %s --check-prefix=IMAGE
// CHECK-DAG: polyprop: function unsharp_struct, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function unsharp_count, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function srad_size_I, function body: transformed: 2 temporaries removed
// Every size where n = w * h, and 9 x 6 with n = 4 (the one-row case, n <= w), run the new
// code; 9 x 6 with n = 51 runs the original. At 0 x 4 the struct's run-time check fails.
// RAN-STRUCT: 5
// RAN-COUNT: 6
// IMAGE: polyprop: new code of unsharp_struct
// IMAGE: polyprop: new code of unsharp_count
// IMAGE: polyprop: new code of srad_size_I
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int w, h; long n; float *px; } image;

__attribute__((noinline)) void unsharp_struct(const image *in, image *out, float amount) {
  int w = in->w, h = in->h;
  float *bx = malloc(sizeof(float) * ((long)w * h + 1)), *by = malloc(sizeof(float) * ((long)w * h + 1));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      bx[y * w + x] = (in->px[y * w + (x > 0 ? x - 1 : 0)] + 2.0f * in->px[y * w + x] + in->px[y * w + (x < w - 1 ? x + 1 : w - 1)]) * 0.25f;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      by[y * w + x] = (bx[(y > 0 ? y - 1 : 0) * w + x] + 2.0f * bx[y * w + x] + bx[(y < h - 1 ? y + 1 : h - 1) * w + x]) * 0.25f;
  for (long i = 0; i < in->n; ++i)
    out->px[i] = in->px[i] + amount * (in->px[i] - by[i]);
  free(bx);
  free(by);
}

__attribute__((noinline)) void unsharp_count(int w, int h, int n, const float *in, float *out) {
  float *bx = malloc(sizeof(float) * (w * h + 1)), *by = malloc(sizeof(float) * (w * h + 1));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      bx[y * w + x] = (in[y * w + (x > 0 ? x - 1 : 0)] + 2.0f * in[y * w + x] + in[y * w + (x < w - 1 ? x + 1 : w - 1)]) * 0.25f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      by[y * w + x] = (bx[(y > 0 ? y - 1 : 0) * w + x] + 2.0f * bx[y * w + x] + bx[(y < h - 1 ? y + 1 : h - 1) * w + x]) * 0.25f;
  for (int i = 0; i < n; i++)
    out[i] = in[i] + 0.7f * (in[i] - by[i]);
  free(bx);
  free(by);
}

__attribute__((noinline)) void srad_size_I(int rows, int cols, int size_I, const float *I, float *out) {
  float *J = calloc(rows * cols + 1, sizeof(float)), *c = calloc(rows * cols + 1, sizeof(float));
  for (int k = 0; k < size_I; k++)
    J[k] = I[k] / 255.0f + 1.0f;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      int k = i * cols + j;
      int n = i == 0 ? k : k - cols, s = i == rows - 1 ? k : k + cols;
      int w = j == 0 ? k : k - 1, e = j == cols - 1 ? k : k + 1;
      c[k] = (J[n] + J[s] + J[w] + J[e] - 4.0f * J[k]) / J[k];
    }
  for (int k = 0; k < size_I; k++)
    out[k] = J[k] + 0.25f * c[k];
  free(J);
  free(c);
}

/* argv: w h d, n = max(w * h + d, 0) (d <= 0: every element the flat loop reads is written). */
int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]), d = atoi(argv[3]);
  long n = (long)w * h + d > 0 ? (long)w * h + d : 0;
  float *a = malloc(sizeof(float) * ((long)w * h + 1)), *b = calloc((long)w * h + 1, sizeof(float));
  float *c = calloc((long)w * h + 1, sizeof(float)), *e = calloc((long)w * h + 1, sizeof(float));
  for (long i = 0; i < (long)w * h; i++) a[i] = (float)((i * 7919 + 13) % 1000) / 37.0f;
  image in = {w, h, n, a}, out = {w, h, n, b};
  unsharp_struct(&in, &out, 0.7f);
  unsharp_count(w, h, (int)n, a, c);
  srad_size_I(h, w, (int)n, a, e);
  uint64_t hs = 1469598103934665603ULL;
  for (long i = 0; i < (long)w * h * 4; i++) { hs ^= ((unsigned char *)b)[i]; hs *= 1099511628211ULL; }
  for (long i = 0; i < (long)w * h * 4; i++) { hs ^= ((unsigned char *)c)[i]; hs *= 1099511628211ULL; }
  for (long i = 0; i < (long)w * h * 4; i++) { hs ^= ((unsigned char *)e)[i]; hs *= 1099511628211ULL; }
  printf("%d %d %ld %016llx\n", w, h, n, (unsigned long long)hs);
  return 0;
}
