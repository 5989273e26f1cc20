// unsharp mask as ordinary C, interleaved: `int` counters, channels interleaved in each pixel
// (`img[(y * cols + x) * 3 + c]`), borders clamped by a helper function with ternaries,
// `const float *` input, the result clamped by nested ternaries. After canonicalization the
// index is `sext(trunc(3 * (y * cols + x)))` without the `int` arithmetic's no-wrap flags: its
// polynomial is read under the assumption, checked at run time, that it fits in 32 bits on
// the domain (bounded through `(rows - 1) * cols`, `Affinator::assume_polynomial_fits`). The
// body is transformed (its clamped reads replaced whole, one statement), and outputs are
// identical with and without the plugin.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function unsharp, function body: transformed: 4 temporaries removed, 1 statements
#include "Inputs/harness.h"
#include <math.h>

static inline int clampi(int x, int lo, int hi) { return x < lo ? lo : (x > hi ? hi : x); }
void unsharp(int rows, int cols, float weight, float threshold, const float *img, float *out) {
  float *blurx = malloc(sizeof(float) * rows * cols * 3);
  float *blury = malloc(sizeof(float) * rows * cols * 3);
  float *sharpen = malloc(sizeof(float) * rows * cols * 3);
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      for (int c = 0; c < 3; c++)
        blurx[(y * cols + x) * 3 + c] =
            img[(clampi(y - 2, 0, rows - 1) * cols + x) * 3 + c] * 0.0625f +
            img[(clampi(y - 1, 0, rows - 1) * cols + x) * 3 + c] * 0.25f +
            img[(y * cols + x) * 3 + c] * 0.375f +
            img[(clampi(y + 1, 0, rows - 1) * cols + x) * 3 + c] * 0.25f +
            img[(clampi(y + 2, 0, rows - 1) * cols + x) * 3 + c] * 0.0625f;
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      for (int c = 0; c < 3; c++)
        blury[(y * cols + x) * 3 + c] =
            blurx[(y * cols + clampi(x - 2, 0, cols - 1)) * 3 + c] * 0.0625f +
            blurx[(y * cols + clampi(x - 1, 0, cols - 1)) * 3 + c] * 0.25f +
            blurx[(y * cols + x) * 3 + c] * 0.375f +
            blurx[(y * cols + clampi(x + 1, 0, cols - 1)) * 3 + c] * 0.25f +
            blurx[(y * cols + clampi(x + 2, 0, cols - 1)) * 3 + c] * 0.0625f;
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      for (int c = 0; c < 3; c++) {
        int k = (y * cols + x) * 3 + c;
        float v = img[k] * (1.0f + weight) - blury[k] * weight;
        sharpen[k] = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
      }
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < cols; x++)
      for (int c = 0; c < 3; c++) {
        int k = (y * cols + x) * 3 + c;
        out[k] = fabsf(img[k] - blury[k]) < threshold ? img[k] : sharpen[k];
      }
  free(blurx);
  free(blury);
  free(sharpen);
}

int main(void) {
  int R = 29, C = 37;
  long in_size = 3L * R * C, out_size = 3L * R * C;
  float *img = malloc(sizeof(float) * in_size);
  float *out = calloc(out_size, sizeof(float));
  harness_fill_float(img, in_size);
  unsharp(R, C, 3.0f, 0.3f, img, out);
  harness_print("disjoint out", out, sizeof(float) * out_size);
  // out overlapping img: the run-time check must run the original code.
  float *shared = malloc(sizeof(float) * (in_size + out_size));
  harness_fill_float(shared, in_size + out_size);
  unsharp(R, C, 3.0f, 0.3f, shared, shared + in_size / 2);
  harness_print("overlapping out = img + half", shared, sizeof(float) * (in_size + out_size));
  int sizes[][2] = {{1, 1}, {2, 5}, {0, 3}, {7, 1}};
  for (int s = 0; s < 4; s++) {
    harness_fill_float(img, in_size);
    unsharp(sizes[s][0], sizes[s][1], 3.0f, 0.3f, img, out);
    printf("R=%d C=%d ", sizes[s][0], sizes[s][1]);
    harness_print("out", out, sizeof(float) * out_size);
  }
  free(shared);
  free(img);
  free(out);
  return 0;
}
