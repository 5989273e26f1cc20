// unsharp mask as ordinary C: `int` sizes and counters (sign extensions and truncations in
// every subscript), `float *` arguments, subscripts linearized by hand over a 3-channel image
// with a 2-pixel border, a ternary for the threshold. polyprop must transform it and remove
// every temporary; outputs are identical with and without the plugin, for disjoint and
// overlapping buffers and for small sizes.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM: polyprop: function unsharp, function body: transformed: 4 temporaries removed
#include "Inputs/harness.h"
#include <math.h>

void unsharp(int R, int C, float weight, float threshold, float *img, float *out) {
  float *blurx = malloc(sizeof(float) * 3 * R * (C + 4));
  float *blury = malloc(sizeof(float) * 3 * R * C);
  float *sharpen = malloc(sizeof(float) * 3 * R * C);
  for (int c = 0; c < 3; c++)
    for (int i = 2; i < R + 2; i++)
      for (int j = 0; j < C + 4; j++)
        blurx[c * R * (C + 4) + (i - 2) * (C + 4) + j] =
            img[c * (R + 4) * (C + 4) + (i - 2) * (C + 4) + j] * 0.0625f +
            img[c * (R + 4) * (C + 4) + (i - 1) * (C + 4) + j] * 0.25f +
            img[c * (R + 4) * (C + 4) + i * (C + 4) + j] * 0.375f +
            img[c * (R + 4) * (C + 4) + (i + 1) * (C + 4) + j] * 0.25f +
            img[c * (R + 4) * (C + 4) + (i + 2) * (C + 4) + j] * 0.0625f;
  for (int c = 0; c < 3; c++)
    for (int i = 2; i < R + 2; i++)
      for (int j = 2; j < C + 2; j++)
        blury[c * R * C + (i - 2) * C + (j - 2)] =
            blurx[c * R * (C + 4) + (i - 2) * (C + 4) + (j - 2)] * 0.0625f +
            blurx[c * R * (C + 4) + (i - 2) * (C + 4) + (j - 1)] * 0.25f +
            blurx[c * R * (C + 4) + (i - 2) * (C + 4) + j] * 0.375f +
            blurx[c * R * (C + 4) + (i - 2) * (C + 4) + (j + 1)] * 0.25f +
            blurx[c * R * (C + 4) + (i - 2) * (C + 4) + (j + 2)] * 0.0625f;
  for (int c = 0; c < 3; c++)
    for (int i = 2; i < R + 2; i++)
      for (int j = 2; j < C + 2; j++) {
        float s = img[c * (R + 4) * (C + 4) + i * (C + 4) + j] * (1 + weight) -
                  blury[c * R * C + (i - 2) * C + (j - 2)] * weight;
        sharpen[c * R * C + (i - 2) * C + (j - 2)] = s;
      }
  for (int c = 0; c < 3; c++)
    for (int i = 2; i < R + 2; i++)
      for (int j = 2; j < C + 2; j++) {
        float o = img[c * (R + 4) * (C + 4) + i * (C + 4) + j];
        float b = blury[c * R * C + (i - 2) * C + (j - 2)];
        out[c * R * C + (i - 2) * C + (j - 2)] =
            fabsf(o - b) < threshold ? o : sharpen[c * R * C + (i - 2) * C + (j - 2)];
      }
  free(blurx);
  free(blury);
  free(sharpen);
}

int main(void) {
  int R = 29, C = 37;
  long in_size = 3L * (R + 4) * (C + 4), out_size = 3L * R * C;
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
