/* Unsharp mask: 4 stages (PolyMage benchmark 1).
 *
 * in:  3 channels of float, (R+4) x (C+4) each (the image with a 2-pixel
 *      border), planar: in[c*((R+4)*(C+4)) + i*(C+4) + j].
 * out: 3 channels of float, R x C each, planar.
 *
 * Stages: blurx (5-tap binomial [1 4 6 4 1]/16 along rows i), blury (the
 * same along columns j), sharpen (img*(1+w) - blury*w), masked (threshold
 * select: where |img - blury| < threshold keep img, else the sharpened value;
 * writes the output).
 */
#include "pipeline_common.h"

void pipeline_unsharp_mask(long R, long C, float weight, float threshold,
                           void *in_void, void *out_void) {
  float *img = (float *)in_void;
  float *out = (float *)out_void;

  float *blurx = (float *)malloc(sizeof(float) * 3 * R * (C + 4));
  float *blury = (float *)malloc(sizeof(float) * 3 * R * C);
  float *sharpen = (float *)malloc(sizeof(float) * 3 * R * C);

  /* blurx(c, i, j) for i in [2, R+1], j in [0, C+3] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 3; c++)
    for (long i = 2; i <= R + 1; i++)
      for (long j = 0; j <= C + 3; j++)
        blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + j] =
            img[c * ((R + 4) * (C + 4)) + (i - 2) * (C + 4) + j] * 0.0625f +
            img[c * ((R + 4) * (C + 4)) + (i - 1) * (C + 4) + j] * 0.25f +
            img[c * ((R + 4) * (C + 4)) + i * (C + 4) + j] * 0.375f +
            img[c * ((R + 4) * (C + 4)) + (i + 1) * (C + 4) + j] * 0.25f +
            img[c * ((R + 4) * (C + 4)) + (i + 2) * (C + 4) + j] * 0.0625f;

  /* blury(c, i, j) for i in [2, R+1], j in [2, C+1] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 3; c++)
    for (long i = 2; i <= R + 1; i++)
      for (long j = 2; j <= C + 1; j++)
        blury[c * (R * C) + (i - 2) * C + (j - 2)] =
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + (j - 2)] * 0.0625f +
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + (j - 1)] * 0.25f +
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + j] * 0.375f +
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + (j + 1)] * 0.25f +
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + (j + 2)] * 0.0625f;

  /* sharpen(c, i, j) = img * (1 + weight) - blury * weight */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 3; c++)
    for (long i = 2; i <= R + 1; i++)
      for (long j = 2; j <= C + 1; j++)
        sharpen[c * (R * C) + (i - 2) * C + (j - 2)] =
            img[c * ((R + 4) * (C + 4)) + i * (C + 4) + j] * (1.0f + weight) -
            blury[c * (R * C) + (i - 2) * C + (j - 2)] * weight;

  /* masked(c, i, j): keep the input where the detail is below threshold */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 3; c++)
    for (long i = 2; i <= R + 1; i++)
      for (long j = 2; j <= C + 1; j++)
        out[c * (R * C) + (i - 2) * C + (j - 2)] =
            fabsf(img[c * ((R + 4) * (C + 4)) + i * (C + 4) + j] -
                  blury[c * (R * C) + (i - 2) * C + (j - 2)]) < threshold
                ? img[c * ((R + 4) * (C + 4)) + i * (C + 4) + j]
                : sharpen[c * (R * C) + (i - 2) * C + (j - 2)];

  free(blurx);
  free(blury);
  free(sharpen);
}
