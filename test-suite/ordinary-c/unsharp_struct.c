/* Unsharp mask written with image structs, as much C image code is: `struct image { int w,
 * h, channels; float *data; }` passed by pointer, the fields read inside the loops
 * (`in->data[...]`, `in->w`), `int` counters, planar channels with a 2-pixel border, the
 * temporaries images of their own. The same computation as unsharp_int.c, so the same output;
 * scripts/bench-ordinary-c.sh unsharp_struct benchmarks it. */
#include <stdlib.h>
#include <math.h>

typedef struct image { int w, h, channels; float *data; } image;

static image new_image(int w, int h, int channels) {
  image r = { w, h, channels, malloc(sizeof(float) * channels * w * h) };
  return r;
}

/* in: w = C + 4, h = R + 4 (the border included); out: w = C, h = R. */
void unsharp_image(const image *in, image *out, float weight, float threshold) {
  image blurx = new_image(in->w, out->h, in->channels);
  image blury = new_image(out->w, out->h, in->channels);
  image sharpen = new_image(out->w, out->h, in->channels);
  for (int c = 0; c < in->channels; c++)
    for (int i = 2; i < out->h + 2; i++)
      for (int j = 0; j < in->w; j++)
        blurx.data[(c * out->h + i - 2) * in->w + j] =
            in->data[(c * in->h + i - 2) * in->w + j] * 0.0625f +
            in->data[(c * in->h + i - 1) * in->w + j] * 0.25f +
            in->data[(c * in->h + i) * in->w + j] * 0.375f +
            in->data[(c * in->h + i + 1) * in->w + j] * 0.25f +
            in->data[(c * in->h + i + 2) * in->w + j] * 0.0625f;
  for (int c = 0; c < in->channels; c++)
    for (int i = 0; i < out->h; i++)
      for (int j = 2; j < out->w + 2; j++)
        blury.data[(c * out->h + i) * out->w + j - 2] =
            blurx.data[(c * out->h + i) * in->w + j - 2] * 0.0625f +
            blurx.data[(c * out->h + i) * in->w + j - 1] * 0.25f +
            blurx.data[(c * out->h + i) * in->w + j] * 0.375f +
            blurx.data[(c * out->h + i) * in->w + j + 1] * 0.25f +
            blurx.data[(c * out->h + i) * in->w + j + 2] * 0.0625f;
  for (int c = 0; c < in->channels; c++)
    for (int i = 0; i < out->h; i++)
      for (int j = 0; j < out->w; j++)
        sharpen.data[(c * out->h + i) * out->w + j] =
            in->data[(c * in->h + i + 2) * in->w + j + 2] * (1 + weight) - blury.data[(c * out->h + i) * out->w + j] * weight;
  for (int c = 0; c < in->channels; c++)
    for (int i = 0; i < out->h; i++)
      for (int j = 0; j < out->w; j++) {
        float o = in->data[(c * in->h + i + 2) * in->w + j + 2];
        float b = blury.data[(c * out->h + i) * out->w + j];
        out->data[(c * out->h + i) * out->w + j] = fabsf(o - b) < threshold ? o : sharpen.data[(c * out->h + i) * out->w + j];
      }
  free(blurx.data);
  free(blury.data);
  free(sharpen.data);
}

/* The driver's entry (test-suite/ordinary-c/main.c). */
void unsharp(int R, int C, float weight, float threshold, float *img, float *out) {
  image in = { C + 4, R + 4, 3, img }, result = { C, R, 3, out };
  unsharp_image(&in, &result, weight, threshold);
}
