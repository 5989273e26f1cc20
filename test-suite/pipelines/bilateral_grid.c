/* Bilateral grid: 6 stages (PolyMage benchmark 3).
 *
 * in:  grey float image, R x C: in[i*C + j] (values are clamped to [0, 1]);
 *      borders are handled by clamping coordinates.
 * out: float, R x C.
 *
 * Spatial sampling 8 (s_sigma), range sampling 0.1 (r_sigma).  The grid has
 * GX = (R-1)/8 + 2 by GY = (C-1)/8 + 2 cells, 16 intensity bins (11 used,
 * offset by 2 so that the 5-tap blur along z needs no clamp) and 2 channels
 * (sum of values, count).
 *
 * Stages: grid (a histogram: every cell sums the 8x8 pixels around it into
 * the bin chosen by each pixel's value, a scatter to a data-dependent z),
 * blurz, blurx, blury (5-tap [1 4 6 4 1]/16), interpolated (trilinear
 * slicing: a gather at the data-dependent z of each pixel), out
 * (normalisation: value sum / count).
 */
#include "pipeline_common.h"

#define GZ 16

void pipeline_bilateral_grid(long R, long C, void *in_void, void *out_void) {
  float *img = (float *)in_void;
  float *out = (float *)out_void;
  long GX = (R - 1) / 8 + 2;
  long GY = (C - 1) / 8 + 2;

  float *grid = (float *)malloc(sizeof(float) * 2 * GX * GY * GZ);
  float *blurz = (float *)malloc(sizeof(float) * 2 * GX * GY * GZ);
  float *blurx = (float *)malloc(sizeof(float) * 2 * GX * GY * GZ);
  float *blury = (float *)malloc(sizeof(float) * 2 * GX * GY * GZ);
  float *interpolated = (float *)malloc(sizeof(float) * 2 * R * C);

  /* grid: zero, then the histogram of each cell's 8x8 pixels */
  for (long c = 0; c < 2; c++)
    for (long x = 0; x < GX; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 0; z < GZ; z++)
          grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] = 0.0f;

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long x = 0; x < GX; x++)
    for (long y = 0; y < GY; y++)
      for (long rx = 0; rx < 8; rx++)
        for (long ry = 0; ry < 8; ry++) {
          float val = img[clamp(x * 8 + rx - 4, 0, R - 1) * C +
                          clamp(y * 8 + ry - 4, 0, C - 1)];
          val = clamp(val, 0.0f, 1.0f);
          long zi = (long)(val * 10.0f + 0.5f);
          grid[x * (GY * GZ) + y * GZ + (zi + 2)] += val;
          grid[GX * GY * GZ + x * (GY * GZ) + y * GZ + (zi + 2)] += 1.0f;
        }

  /* blurz over the used bins z in [2, 13] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 2; c++)
    for (long x = 0; x < GX; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 2; z <= 13; z++)
          blurz[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] =
              grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + (z - 2)] * 0.0625f +
              grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + (z - 1)] * 0.25f +
              grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] * 0.375f +
              grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + (z + 1)] * 0.25f +
              grid[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + (z + 2)] * 0.0625f;

  /* blurx with clamped cell coordinates */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 2; c++)
    for (long x = 0; x < GX; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 2; z <= 13; z++)
          blurx[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] =
              blurz[c * (GX * GY * GZ) + max(x - 2, 0) * (GY * GZ) + y * GZ + z] * 0.0625f +
              blurz[c * (GX * GY * GZ) + max(x - 1, 0) * (GY * GZ) + y * GZ + z] * 0.25f +
              blurz[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] * 0.375f +
              blurz[c * (GX * GY * GZ) + min(x + 1, GX - 1) * (GY * GZ) + y * GZ + z] * 0.25f +
              blurz[c * (GX * GY * GZ) + min(x + 2, GX - 1) * (GY * GZ) + y * GZ + z] * 0.0625f;

  /* blury with clamped cell coordinates */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 2; c++)
    for (long x = 0; x < GX; x++)
      for (long y = 0; y < GY; y++)
        for (long z = 2; z <= 13; z++)
          blury[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] =
              blurx[c * (GX * GY * GZ) + x * (GY * GZ) + max(y - 2, 0) * GZ + z] * 0.0625f +
              blurx[c * (GX * GY * GZ) + x * (GY * GZ) + max(y - 1, 0) * GZ + z] * 0.25f +
              blurx[c * (GX * GY * GZ) + x * (GY * GZ) + y * GZ + z] * 0.375f +
              blurx[c * (GX * GY * GZ) + x * (GY * GZ) + min(y + 1, GY - 1) * GZ + z] * 0.25f +
              blurx[c * (GX * GY * GZ) + x * (GY * GZ) + min(y + 2, GY - 1) * GZ + z] * 0.0625f;

  /* interpolated: trilinear slicing at each pixel's own intensity */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < R; i++)
      for (long j = 0; j < C; j++) {
        float val = clamp(img[i * C + j], 0.0f, 1.0f);
        float zv = val * 10.0f;
        long zi = (long)zv;
        float zf = zv - (float)zi;
        float xf = (float)(i % 8) * 0.125f;
        float yf = (float)(j % 8) * 0.125f;
        long xi = i / 8;
        long yi = j / 8;
        long base = c * (GX * GY * GZ) + (zi + 2);
        float v000 = blury[base + xi * (GY * GZ) + yi * GZ];
        float v100 = blury[base + (xi + 1) * (GY * GZ) + yi * GZ];
        float v010 = blury[base + xi * (GY * GZ) + (yi + 1) * GZ];
        float v110 = blury[base + (xi + 1) * (GY * GZ) + (yi + 1) * GZ];
        float v001 = blury[base + xi * (GY * GZ) + yi * GZ + 1];
        float v101 = blury[base + (xi + 1) * (GY * GZ) + yi * GZ + 1];
        float v011 = blury[base + xi * (GY * GZ) + (yi + 1) * GZ + 1];
        float v111 = blury[base + (xi + 1) * (GY * GZ) + (yi + 1) * GZ + 1];
        float low = (v000 * (1.0f - xf) + v100 * xf) * (1.0f - yf) +
                    (v010 * (1.0f - xf) + v110 * xf) * yf;
        float high = (v001 * (1.0f - xf) + v101 * xf) * (1.0f - yf) +
                     (v011 * (1.0f - xf) + v111 * xf) * yf;
        interpolated[c * (R * C) + i * C + j] = low * (1.0f - zf) + high * zf;
      }

  /* out: normalisation */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = interpolated[i * C + j] / interpolated[R * C + i * C + j];

  free(grid);
  free(blurz);
  free(blurx);
  free(blury);
  free(interpolated);
}
