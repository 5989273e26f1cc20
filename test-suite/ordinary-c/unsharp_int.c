/* Unsharp mask written as ordinary C: `int` sizes and counters, `float *` arguments,
 * subscripts linearized by hand over 3 planar channels with a 2-pixel border, a ternary for
 * the threshold. The benchmark of issue-style C that is not written for polyprop
 * (scripts/bench-ordinary-c.sh); the lit test lit/codegen/unsharp-int.c checks the same
 * function for identical outputs. */
#include <stdlib.h>
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
