/* Local Laplacian filter: 68 stages (PolyMage benchmark 7).
 *
 * in:  RGB image of 16-bit samples, R x C, 3 planes (in[c*(R*C) + i*C + j]).
 * out: the same shape.
 * R and C are multiples of 128: level l of the 8-level pyramids is
 * (R >> l) x (C >> l).  K = 8 intensity levels.  Borders are clamped.
 *
 * Stages (68 arrays written):
 *   gray          luminance in [0, 1];
 *   remap         lookup table of alpha * x * exp(-x*x/2) for x = v/256,
 *                 v in [-1792, 1792];
 *   gp0           the K remapped intensity levels of gray (K planes; a
 *                 lookup in remap at a data-dependent index);
 *   gp_dx_l, gp_l     for l = 1..7: Gaussian pyramid of gp0, 4-tap
 *                 [1 3 3 1]/8 blur-and-downsample along rows then columns: 14;
 *   ing_dx_l, ing_l   the same for gray: 14;
 *   lap_ux_l, lap_l   for l = 0..6: Laplacian pyramid, gp_l minus the
 *                 upsampling of gp_{l+1} (rows then columns; 1/4, 3/4
 *                 interpolation; lap_7 is gp_7): 14;
 *   outl_l        for l = 0..7: interpolation between the two intensity
 *                 levels around ing_l (a gather along the level dimension): 8;
 *   outg_ux_l, outg_l for l = 6..0: collapse, outl_l plus the upsampling of
 *                 outg_{l+1} (outg_7 is outl_7): 14;
 *   out           colour reconstruction: outg_0 * (colour + 0.01) /
 *                 (gray + 0.01), clamped to [0, 1], as 16-bit samples.
 */
#include "pipeline_common.h"

#define K 8
#define AT(a, rows, cols, c, i, j) a[(c) * ((rows) * (cols)) + (i) * (cols) + (j)]
#define ALLOC(nch, rows, cols) (float *)malloc(sizeof(float) * (nch) * (rows) * (cols))

/* dst (Rn x Cp) = [1 3 3 1]/8 blur-and-downsample of src (Rp x Cp), rows. */
#define DOWN_X(dst, src, NCH, Rp, Cp, Rn)                                      \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cp; j++)                                            \
        AT(dst, Rn, Cp, c, i, j) =                                             \
            (AT(src, Rp, Cp, c, max(2 * i - 1, 0), j) +                        \
             AT(src, Rp, Cp, c, 2 * i, j) * 3.0f +                             \
             AT(src, Rp, Cp, c, 2 * i + 1, j) * 3.0f +                         \
             AT(src, Rp, Cp, c, min(2 * i + 2, Rp - 1), j)) * 0.125f;

/* dst (Rn x Cn) = the same along columns of src (Rn x Cp). */
#define DOWN_Y(dst, src, NCH, Rn, Cp, Cn)                                      \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++)                                            \
        AT(dst, Rn, Cn, c, i, j) =                                             \
            (AT(src, Rn, Cp, c, i, max(2 * j - 1, 0)) +                        \
             AT(src, Rn, Cp, c, i, 2 * j) * 3.0f +                             \
             AT(src, Rn, Cp, c, i, 2 * j + 1) * 3.0f +                         \
             AT(src, Rn, Cp, c, i, min(2 * j + 2, Cp - 1))) * 0.125f;

/* dst (2Rn x Cn) = linear upsampling of src (Rn x Cn) along rows. */
#define UP_X(dst, src, NCH, Rn, Cn)                                            \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, 2 * Rn, Cn, c, 2 * i, j) =                                     \
            AT(src, Rn, Cn, c, max(i - 1, 0), j) * 0.25f +                     \
            AT(src, Rn, Cn, c, i, j) * 0.75f;                                  \
        AT(dst, 2 * Rn, Cn, c, 2 * i + 1, j) =                                 \
            AT(src, Rn, Cn, c, min(i + 1, Rn - 1), j) * 0.25f +                \
            AT(src, Rn, Cn, c, i, j) * 0.75f;                                  \
      }

/* dst (Rl x 2Cn) = base OP linear upsampling of ux (Rl x Cn) along columns. */
#define UP_Y_COMBINE(dst, base, OP, ux, NCH, Rl, Cn)                           \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rl; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j) =                                     \
            AT(base, Rl, 2 * Cn, c, i, 2 * j) OP                               \
            (AT(ux, Rl, Cn, c, i, max(j - 1, 0)) * 0.25f +                     \
             AT(ux, Rl, Cn, c, i, j) * 0.75f);                                 \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j + 1) =                                 \
            AT(base, Rl, 2 * Cn, c, i, 2 * j + 1) OP                           \
            (AT(ux, Rl, Cn, c, i, min(j + 1, Cn - 1)) * 0.25f +                \
             AT(ux, Rl, Cn, c, i, j) * 0.75f);                                 \
      }

/* dst (Rl x Cl): the Laplacian level lap (K x Rl x Cl) interpolated between
 * the two intensity levels around ing (Rl x Cl). */
#define OUT_LAPLACIAN(dst, lap, ing, Rl, Cl)                                   \
  OMP_FOR                                                                      \
  for (long i = 0; i < Rl; i++)                                                \
    for (long j = 0; j < Cl; j++) {                                            \
      float level = AT(ing, Rl, Cl, 0, i, j) * (float)(K - 1);                 \
      long li = clamp((long)level, 0, K - 2);                                  \
      float lf = level - (float)li;                                            \
      AT(dst, Rl, Cl, 0, i, j) = (1.0f - lf) * AT(lap, Rl, Cl, li, i, j) +     \
                                 lf * AT(lap, Rl, Cl, li + 1, i, j);           \
    }

void pipeline_local_laplacian(long R, long C, float alpha, float beta,
                              void *in_void, void *out_void) {
  unsigned short *img = (unsigned short *)in_void;
  unsigned short *out = (unsigned short *)out_void;
  long R1 = R / 2, R2 = R / 4, R3 = R / 8, R4 = R / 16, R5 = R / 32;
  long R6 = R / 64, R7 = R / 128;
  long C1 = C / 2, C2 = C / 4, C3 = C / 8, C4 = C / 16, C5 = C / 32;
  long C6 = C / 64, C7 = C / 128;

  float *gray = ALLOC(1, R, C);
  float *remap = ALLOC(1, 1, 2 * 1792 + 1);
  float *gp0 = ALLOC(K, R, C);
  float *gp_dx1 = ALLOC(K, R1, C), *gp1 = ALLOC(K, R1, C1);
  float *gp_dx2 = ALLOC(K, R2, C1), *gp2 = ALLOC(K, R2, C2);
  float *gp_dx3 = ALLOC(K, R3, C2), *gp3 = ALLOC(K, R3, C3);
  float *gp_dx4 = ALLOC(K, R4, C3), *gp4 = ALLOC(K, R4, C4);
  float *gp_dx5 = ALLOC(K, R5, C4), *gp5 = ALLOC(K, R5, C5);
  float *gp_dx6 = ALLOC(K, R6, C5), *gp6 = ALLOC(K, R6, C6);
  float *gp_dx7 = ALLOC(K, R7, C6), *gp7 = ALLOC(K, R7, C7);
  float *ing_dx1 = ALLOC(1, R1, C), *ing1 = ALLOC(1, R1, C1);
  float *ing_dx2 = ALLOC(1, R2, C1), *ing2 = ALLOC(1, R2, C2);
  float *ing_dx3 = ALLOC(1, R3, C2), *ing3 = ALLOC(1, R3, C3);
  float *ing_dx4 = ALLOC(1, R4, C3), *ing4 = ALLOC(1, R4, C4);
  float *ing_dx5 = ALLOC(1, R5, C4), *ing5 = ALLOC(1, R5, C5);
  float *ing_dx6 = ALLOC(1, R6, C5), *ing6 = ALLOC(1, R6, C6);
  float *ing_dx7 = ALLOC(1, R7, C6), *ing7 = ALLOC(1, R7, C7);
  float *lap_ux0 = ALLOC(K, R, C1), *lap0 = ALLOC(K, R, C);
  float *lap_ux1 = ALLOC(K, R1, C2), *lap1 = ALLOC(K, R1, C1);
  float *lap_ux2 = ALLOC(K, R2, C3), *lap2 = ALLOC(K, R2, C2);
  float *lap_ux3 = ALLOC(K, R3, C4), *lap3 = ALLOC(K, R3, C3);
  float *lap_ux4 = ALLOC(K, R4, C5), *lap4 = ALLOC(K, R4, C4);
  float *lap_ux5 = ALLOC(K, R5, C6), *lap5 = ALLOC(K, R5, C5);
  float *lap_ux6 = ALLOC(K, R6, C7), *lap6 = ALLOC(K, R6, C6);
  float *outl0 = ALLOC(1, R, C), *outl1 = ALLOC(1, R1, C1);
  float *outl2 = ALLOC(1, R2, C2), *outl3 = ALLOC(1, R3, C3);
  float *outl4 = ALLOC(1, R4, C4), *outl5 = ALLOC(1, R5, C5);
  float *outl6 = ALLOC(1, R6, C6), *outl7 = ALLOC(1, R7, C7);
  float *outg_ux6 = ALLOC(1, R6, C7), *outg6 = ALLOC(1, R6, C6);
  float *outg_ux5 = ALLOC(1, R5, C6), *outg5 = ALLOC(1, R5, C5);
  float *outg_ux4 = ALLOC(1, R4, C5), *outg4 = ALLOC(1, R4, C4);
  float *outg_ux3 = ALLOC(1, R3, C4), *outg3 = ALLOC(1, R3, C3);
  float *outg_ux2 = ALLOC(1, R2, C3), *outg2 = ALLOC(1, R2, C2);
  float *outg_ux1 = ALLOC(1, R1, C2), *outg1 = ALLOC(1, R1, C1);
  float *outg_ux0 = ALLOC(1, R, C1), *outg0 = ALLOC(1, R, C);

  /* luminance */
  OMP_FOR
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      gray[i * C + j] = 0.299f * ((float)AT(img, R, C, 0, i, j) / 65535.0f) +
                        0.587f * ((float)AT(img, R, C, 1, i, j) / 65535.0f) +
                        0.114f * ((float)AT(img, R, C, 2, i, j) / 65535.0f);

  /* remapping function, v in [-1792, 1792] at remap[v + 1792] */
  for (long v = -1792; v <= 1792; v++) {
    float fx = (float)v / 256.0f;
    remap[v + 1792] = alpha * fx * expf(-fx * fx / 2.0f);
  }

  /* the K remapped intensity levels */
  OMP_FOR
  for (long k = 0; k < K; k++)
    for (long i = 0; i < R; i++)
      for (long j = 0; j < C; j++) {
        float level = (float)k * (1.0f / (float)(K - 1));
        long idx = clamp((long)(gray[i * C + j] * (float)(K - 1) * 256.0f), 0,
                         (K - 1) * 256);
        AT(gp0, R, C, k, i, j) = beta * (gray[i * C + j] - level) + level +
                                 remap[idx - 256 * k + 1792];
      }

  /* Gaussian pyramid of the remapped levels */
  DOWN_X(gp_dx1, gp0, K, R, C, R1)
  DOWN_Y(gp1, gp_dx1, K, R1, C, C1)
  DOWN_X(gp_dx2, gp1, K, R1, C1, R2)
  DOWN_Y(gp2, gp_dx2, K, R2, C1, C2)
  DOWN_X(gp_dx3, gp2, K, R2, C2, R3)
  DOWN_Y(gp3, gp_dx3, K, R3, C2, C3)
  DOWN_X(gp_dx4, gp3, K, R3, C3, R4)
  DOWN_Y(gp4, gp_dx4, K, R4, C3, C4)
  DOWN_X(gp_dx5, gp4, K, R4, C4, R5)
  DOWN_Y(gp5, gp_dx5, K, R5, C4, C5)
  DOWN_X(gp_dx6, gp5, K, R5, C5, R6)
  DOWN_Y(gp6, gp_dx6, K, R6, C5, C6)
  DOWN_X(gp_dx7, gp6, K, R6, C6, R7)
  DOWN_Y(gp7, gp_dx7, K, R7, C6, C7)

  /* Gaussian pyramid of the input luminance */
  DOWN_X(ing_dx1, gray, 1, R, C, R1)
  DOWN_Y(ing1, ing_dx1, 1, R1, C, C1)
  DOWN_X(ing_dx2, ing1, 1, R1, C1, R2)
  DOWN_Y(ing2, ing_dx2, 1, R2, C1, C2)
  DOWN_X(ing_dx3, ing2, 1, R2, C2, R3)
  DOWN_Y(ing3, ing_dx3, 1, R3, C2, C3)
  DOWN_X(ing_dx4, ing3, 1, R3, C3, R4)
  DOWN_Y(ing4, ing_dx4, 1, R4, C3, C4)
  DOWN_X(ing_dx5, ing4, 1, R4, C4, R5)
  DOWN_Y(ing5, ing_dx5, 1, R5, C4, C5)
  DOWN_X(ing_dx6, ing5, 1, R5, C5, R6)
  DOWN_Y(ing6, ing_dx6, 1, R6, C5, C6)
  DOWN_X(ing_dx7, ing6, 1, R6, C6, R7)
  DOWN_Y(ing7, ing_dx7, 1, R7, C6, C7)

  /* Laplacian pyramid of the remapped levels */
  UP_X(lap_ux0, gp1, K, R1, C1)
  UP_Y_COMBINE(lap0, gp0, -, lap_ux0, K, R, C1)
  UP_X(lap_ux1, gp2, K, R2, C2)
  UP_Y_COMBINE(lap1, gp1, -, lap_ux1, K, R1, C2)
  UP_X(lap_ux2, gp3, K, R3, C3)
  UP_Y_COMBINE(lap2, gp2, -, lap_ux2, K, R2, C3)
  UP_X(lap_ux3, gp4, K, R4, C4)
  UP_Y_COMBINE(lap3, gp3, -, lap_ux3, K, R3, C4)
  UP_X(lap_ux4, gp5, K, R5, C5)
  UP_Y_COMBINE(lap4, gp4, -, lap_ux4, K, R4, C5)
  UP_X(lap_ux5, gp6, K, R6, C6)
  UP_Y_COMBINE(lap5, gp5, -, lap_ux5, K, R5, C6)
  UP_X(lap_ux6, gp7, K, R7, C7)
  UP_Y_COMBINE(lap6, gp6, -, lap_ux6, K, R6, C7)

  /* output Laplacian pyramid: gather along the intensity levels */
  OUT_LAPLACIAN(outl0, lap0, gray, R, C)
  OUT_LAPLACIAN(outl1, lap1, ing1, R1, C1)
  OUT_LAPLACIAN(outl2, lap2, ing2, R2, C2)
  OUT_LAPLACIAN(outl3, lap3, ing3, R3, C3)
  OUT_LAPLACIAN(outl4, lap4, ing4, R4, C4)
  OUT_LAPLACIAN(outl5, lap5, ing5, R5, C5)
  OUT_LAPLACIAN(outl6, lap6, ing6, R6, C6)
  OUT_LAPLACIAN(outl7, gp7, ing7, R7, C7)

  /* collapse */
  UP_X(outg_ux6, outl7, 1, R7, C7)
  UP_Y_COMBINE(outg6, outl6, +, outg_ux6, 1, R6, C7)
  UP_X(outg_ux5, outg6, 1, R6, C6)
  UP_Y_COMBINE(outg5, outl5, +, outg_ux5, 1, R5, C6)
  UP_X(outg_ux4, outg5, 1, R5, C5)
  UP_Y_COMBINE(outg4, outl4, +, outg_ux4, 1, R4, C5)
  UP_X(outg_ux3, outg4, 1, R4, C4)
  UP_Y_COMBINE(outg3, outl3, +, outg_ux3, 1, R3, C4)
  UP_X(outg_ux2, outg3, 1, R3, C3)
  UP_Y_COMBINE(outg2, outl2, +, outg_ux2, 1, R2, C3)
  UP_X(outg_ux1, outg2, 1, R2, C2)
  UP_Y_COMBINE(outg1, outl1, +, outg_ux1, 1, R1, C2)
  UP_X(outg_ux0, outg1, 1, R1, C1)
  UP_Y_COMBINE(outg0, outl0, +, outg_ux0, 1, R, C1)

  /* colour reconstruction */
  OMP_FOR
  for (long c = 0; c < 3; c++)
    for (long i = 0; i < R; i++)
      for (long j = 0; j < C; j++) {
        float colour = outg0[i * C + j] *
                       ((float)AT(img, R, C, c, i, j) / 65535.0f + 0.01f) /
                       (gray[i * C + j] + 0.01f);
        AT(out, R, C, c, i, j) =
            (unsigned short)(clamp(colour, 0.0f, 1.0f) * 65535.0f);
      }

  free(gray); free(remap); free(gp0);
  free(gp_dx1); free(gp1); free(gp_dx2); free(gp2); free(gp_dx3); free(gp3);
  free(gp_dx4); free(gp4); free(gp_dx5); free(gp5); free(gp_dx6); free(gp6);
  free(gp_dx7); free(gp7);
  free(ing_dx1); free(ing1); free(ing_dx2); free(ing2); free(ing_dx3); free(ing3);
  free(ing_dx4); free(ing4); free(ing_dx5); free(ing5); free(ing_dx6); free(ing6);
  free(ing_dx7); free(ing7);
  free(lap_ux0); free(lap0); free(lap_ux1); free(lap1); free(lap_ux2); free(lap2);
  free(lap_ux3); free(lap3); free(lap_ux4); free(lap4); free(lap_ux5); free(lap5);
  free(lap_ux6); free(lap6);
  free(outl0); free(outl1); free(outl2); free(outl3);
  free(outl4); free(outl5); free(outl6); free(outl7);
  free(outg_ux6); free(outg6); free(outg_ux5); free(outg5); free(outg_ux4); free(outg4);
  free(outg_ux3); free(outg3); free(outg_ux2); free(outg2); free(outg_ux1); free(outg1);
  free(outg_ux0); free(outg0);
}
