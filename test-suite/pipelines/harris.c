/* Harris corner detection: 11 stages (PolyMage benchmark 2).
 *
 * in:  grey float image with a 1-pixel border, (R+2) x (C+2):
 *      in[i*(C+2) + j].
 * out: float response, (R+2) x (C+2), written for i in [2, R-1],
 *      j in [2, C-1] (the border is left as the caller initialised it).
 *
 * Stages: Iy and Ix (3x3 Sobel gradients scaled by 1/12) over [1,R]x[1,C];
 * the products Ixx, Ixy, Iyy; the 3x3 box sums Sxx, Sxy, Syy over
 * [2,R-1]x[2,C-1]; det = Sxx*Syy - Sxy*Sxy; trace = Sxx + Syy;
 * harris = det - 0.04*trace*trace (the output).
 */
#include "pipeline_common.h"

#define IMG(i, j) img[(i) * (C + 2) + (j)]
#define AT(a, i, j) a[(i) * (C + 2) + (j)]

void pipeline_harris(long R, long C, void *in_void, void *out_void) {
  float *img = (float *)in_void;
  float *harris = (float *)out_void;

  float *Iy = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Ix = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Ixx = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Ixy = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Iyy = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Sxx = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Sxy = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *Syy = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *det = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));
  float *trace = (float *)malloc(sizeof(float) * (R + 2) * (C + 2));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 1; i <= R; i++)
    for (long j = 1; j <= C; j++)
      AT(Iy, i, j) = IMG(i - 1, j - 1) * (-0.0833333358f) +
                     IMG(i - 1, j + 1) * 0.0833333358f +
                     IMG(i, j - 1) * (-0.166666672f) +
                     IMG(i, j + 1) * 0.166666672f +
                     IMG(i + 1, j - 1) * (-0.0833333358f) +
                     IMG(i + 1, j + 1) * 0.0833333358f;

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 1; i <= R; i++)
    for (long j = 1; j <= C; j++)
      AT(Ix, i, j) = IMG(i - 1, j - 1) * (-0.0833333358f) +
                     IMG(i + 1, j - 1) * 0.0833333358f +
                     IMG(i - 1, j) * (-0.166666672f) +
                     IMG(i + 1, j) * 0.166666672f +
                     IMG(i - 1, j + 1) * (-0.0833333358f) +
                     IMG(i + 1, j + 1) * 0.0833333358f;

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 1; i <= R; i++)
    for (long j = 1; j <= C; j++)
      AT(Ixx, i, j) = AT(Ix, i, j) * AT(Ix, i, j);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 1; i <= R; i++)
    for (long j = 1; j <= C; j++)
      AT(Ixy, i, j) = AT(Ix, i, j) * AT(Iy, i, j);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 1; i <= R; i++)
    for (long j = 1; j <= C; j++)
      AT(Iyy, i, j) = AT(Iy, i, j) * AT(Iy, i, j);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(Sxx, i, j) = AT(Ixx, i - 1, j - 1) + AT(Ixx, i - 1, j) +
                      AT(Ixx, i - 1, j + 1) + AT(Ixx, i, j - 1) +
                      AT(Ixx, i, j) + AT(Ixx, i, j + 1) +
                      AT(Ixx, i + 1, j - 1) + AT(Ixx, i + 1, j) +
                      AT(Ixx, i + 1, j + 1);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(Sxy, i, j) = AT(Ixy, i - 1, j - 1) + AT(Ixy, i - 1, j) +
                      AT(Ixy, i - 1, j + 1) + AT(Ixy, i, j - 1) +
                      AT(Ixy, i, j) + AT(Ixy, i, j + 1) +
                      AT(Ixy, i + 1, j - 1) + AT(Ixy, i + 1, j) +
                      AT(Ixy, i + 1, j + 1);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(Syy, i, j) = AT(Iyy, i - 1, j - 1) + AT(Iyy, i - 1, j) +
                      AT(Iyy, i - 1, j + 1) + AT(Iyy, i, j - 1) +
                      AT(Iyy, i, j) + AT(Iyy, i, j + 1) +
                      AT(Iyy, i + 1, j - 1) + AT(Iyy, i + 1, j) +
                      AT(Iyy, i + 1, j + 1);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(det, i, j) = AT(Sxx, i, j) * AT(Syy, i, j) - AT(Sxy, i, j) * AT(Sxy, i, j);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(trace, i, j) = AT(Sxx, i, j) + AT(Syy, i, j);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 2; i <= R - 1; i++)
    for (long j = 2; j <= C - 1; j++)
      AT(harris, i, j) = AT(det, i, j) - 0.04f * AT(trace, i, j) * AT(trace, i, j);

  free(Iy);
  free(Ix);
  free(Ixx);
  free(Ixy);
  free(Iyy);
  free(Sxx);
  free(Sxy);
  free(Syy);
  free(det);
  free(trace);
}
