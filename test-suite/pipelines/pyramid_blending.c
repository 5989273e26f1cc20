/* Pyramid blending: 40 stages (PolyMage benchmark 5).
 *
 * in:  two images a, b of 3 float channels, R x C each, planar
 *      (a[c*(R*C) + i*C + j]), and a float mask, R x C, in [0, 1].
 * out: 3 float channels, R x C, planar.
 * R and C are multiples of 8: level l of the 4-level pyramids is
 * (R >> l) x (C >> l).  Borders are clamped.
 *
 * Stages (40 arrays written):
 *   Gaussian pyramids of a, b and the mask, levels 1..3, each level a
 *     5-tap [1 4 6 4 1]/16 blur-and-downsample along rows (down_x) then
 *     along columns (down_y): 3 x 3 x 2 = 18;
 *   Laplacian pyramids of a and b, levels 0..2: even/odd upsampling along
 *     rows of the next level (up_x: [1 6 1]/8 at even rows, [1 1]/2 at odd
 *     rows), then the level minus the same upsampling along columns (lap):
 *     2 x 3 x 2 = 12;
 *   blend at each level l = 0..3: lap_a*mask_l + lap_b*(1 - mask_l) (at
 *     level 3 the Gaussian levels themselves): 4;
 *   collapse from level 3 down: up_x of the coarser result, then blend_l
 *     plus its column upsampling (the last one writes out): 3 x 2 = 6.
 */
#include "pipeline_common.h"

/* Element (c, i, j) of a planar array with rows x cols planes. */
#define AT(a, rows, cols, c, i, j) a[(c) * ((rows) * (cols)) + (i) * (cols) + (j)]

/* dst (Rn x Cp) = blur-and-downsample of src (Rp x Cp) along rows. */
#define DOWN_X(dst, src, NCH, Rp, Cp, Rn)                                      \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cp; j++)                                            \
        AT(dst, Rn, Cp, c, i, j) =                                             \
            AT(src, Rp, Cp, c, max(2 * i - 2, 0), j) * 0.0625f +               \
            AT(src, Rp, Cp, c, max(2 * i - 1, 0), j) * 0.25f +                 \
            AT(src, Rp, Cp, c, 2 * i, j) * 0.375f +                            \
            AT(src, Rp, Cp, c, min(2 * i + 1, Rp - 1), j) * 0.25f +            \
            AT(src, Rp, Cp, c, min(2 * i + 2, Rp - 1), j) * 0.0625f;

/* dst (Rn x Cn) = blur-and-downsample of src (Rn x Cp) along columns. */
#define DOWN_Y(dst, src, NCH, Rn, Cp, Cn)                                      \
  OMP_FOR                                                                      \
  for (long c = 0; c < NCH; c++)                                               \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++)                                            \
        AT(dst, Rn, Cn, c, i, j) =                                             \
            AT(src, Rn, Cp, c, i, max(2 * j - 2, 0)) * 0.0625f +               \
            AT(src, Rn, Cp, c, i, max(2 * j - 1, 0)) * 0.25f +                 \
            AT(src, Rn, Cp, c, i, 2 * j) * 0.375f +                            \
            AT(src, Rn, Cp, c, i, min(2 * j + 1, Cp - 1)) * 0.25f +            \
            AT(src, Rn, Cp, c, i, min(2 * j + 2, Cp - 1)) * 0.0625f;

/* dst (2Rn x Cn) = even/odd upsampling of src (Rn x Cn) along rows. */
#define UP_X(dst, src, Rn, Cn)                                                 \
  OMP_FOR                                                                      \
  for (long c = 0; c < 3; c++)                                                 \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, 2 * Rn, Cn, c, 2 * i, j) =                                     \
            (AT(src, Rn, Cn, c, max(i - 1, 0), j) +                            \
             AT(src, Rn, Cn, c, i, j) * 6.0f +                                 \
             AT(src, Rn, Cn, c, min(i + 1, Rn - 1), j)) * 0.125f;              \
        AT(dst, 2 * Rn, Cn, c, 2 * i + 1, j) =                                 \
            (AT(src, Rn, Cn, c, i, j) +                                        \
             AT(src, Rn, Cn, c, min(i + 1, Rn - 1), j)) * 0.5f;                \
      }

/* dst (Rl x 2Cn) = base OP even/odd upsampling of ux (Rl x Cn) along
 * columns; OP is - for a Laplacian level, + for the collapse. */
#define UP_Y_COMBINE(dst, base, OP, ux, Rl, Cn)                                \
  OMP_FOR                                                                      \
  for (long c = 0; c < 3; c++)                                                 \
    for (long i = 0; i < Rl; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j) =                                     \
            AT(base, Rl, 2 * Cn, c, i, 2 * j) OP                               \
            (AT(ux, Rl, Cn, c, i, max(j - 1, 0)) +                             \
             AT(ux, Rl, Cn, c, i, j) * 6.0f +                                  \
             AT(ux, Rl, Cn, c, i, min(j + 1, Cn - 1))) * 0.125f;               \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j + 1) =                                 \
            AT(base, Rl, 2 * Cn, c, i, 2 * j + 1) OP                           \
            (AT(ux, Rl, Cn, c, i, j) +                                         \
             AT(ux, Rl, Cn, c, i, min(j + 1, Cn - 1))) * 0.5f;                 \
      }

/* dst (Rl x Cl) = la * m + lb * (1 - m). */
#define BLEND(dst, la, lb, m, Rl, Cl)                                          \
  OMP_FOR                                                                      \
  for (long c = 0; c < 3; c++)                                                 \
    for (long i = 0; i < Rl; i++)                                              \
      for (long j = 0; j < Cl; j++)                                            \
        AT(dst, Rl, Cl, c, i, j) =                                             \
            AT(la, Rl, Cl, c, i, j) * AT(m, Rl, Cl, 0, i, j) +                 \
            AT(lb, Rl, Cl, c, i, j) * (1.0f - AT(m, Rl, Cl, 0, i, j));

#define ALLOC(nch, rows, cols) (float *)malloc(sizeof(float) * (nch) * (rows) * (cols))

void pipeline_pyramid_blending(long R, long C, void *a_void, void *b_void,
                               void *mask_void, void *out_void) {
  float *a0 = (float *)a_void;
  float *b0 = (float *)b_void;
  float *m0 = (float *)mask_void;
  float *out = (float *)out_void;
  long R1 = R / 2, R2 = R / 4, R3 = R / 8;
  long C1 = C / 2, C2 = C / 4, C3 = C / 8;

  float *a_dx1 = ALLOC(3, R1, C), *a1 = ALLOC(3, R1, C1);
  float *a_dx2 = ALLOC(3, R2, C1), *a2 = ALLOC(3, R2, C2);
  float *a_dx3 = ALLOC(3, R3, C2), *a3 = ALLOC(3, R3, C3);
  float *b_dx1 = ALLOC(3, R1, C), *b1 = ALLOC(3, R1, C1);
  float *b_dx2 = ALLOC(3, R2, C1), *b2 = ALLOC(3, R2, C2);
  float *b_dx3 = ALLOC(3, R3, C2), *b3 = ALLOC(3, R3, C3);
  float *m_dx1 = ALLOC(1, R1, C), *m1 = ALLOC(1, R1, C1);
  float *m_dx2 = ALLOC(1, R2, C1), *m2 = ALLOC(1, R2, C2);
  float *m_dx3 = ALLOC(1, R3, C2), *m3 = ALLOC(1, R3, C3);
  float *a_ux0 = ALLOC(3, R, C1), *a_lap0 = ALLOC(3, R, C);
  float *a_ux1 = ALLOC(3, R1, C2), *a_lap1 = ALLOC(3, R1, C1);
  float *a_ux2 = ALLOC(3, R2, C3), *a_lap2 = ALLOC(3, R2, C2);
  float *b_ux0 = ALLOC(3, R, C1), *b_lap0 = ALLOC(3, R, C);
  float *b_ux1 = ALLOC(3, R1, C2), *b_lap1 = ALLOC(3, R1, C1);
  float *b_ux2 = ALLOC(3, R2, C3), *b_lap2 = ALLOC(3, R2, C2);
  float *blend0 = ALLOC(3, R, C), *blend1 = ALLOC(3, R1, C1);
  float *blend2 = ALLOC(3, R2, C2), *blend3 = ALLOC(3, R3, C3);
  float *col_ux2 = ALLOC(3, R2, C3), *col2 = ALLOC(3, R2, C2);
  float *col_ux1 = ALLOC(3, R1, C2), *col1 = ALLOC(3, R1, C1);
  float *col_ux0 = ALLOC(3, R, C1);

  /* Gaussian pyramids */
  DOWN_X(a_dx1, a0, 3, R, C, R1)
  DOWN_Y(a1, a_dx1, 3, R1, C, C1)
  DOWN_X(a_dx2, a1, 3, R1, C1, R2)
  DOWN_Y(a2, a_dx2, 3, R2, C1, C2)
  DOWN_X(a_dx3, a2, 3, R2, C2, R3)
  DOWN_Y(a3, a_dx3, 3, R3, C2, C3)
  DOWN_X(b_dx1, b0, 3, R, C, R1)
  DOWN_Y(b1, b_dx1, 3, R1, C, C1)
  DOWN_X(b_dx2, b1, 3, R1, C1, R2)
  DOWN_Y(b2, b_dx2, 3, R2, C1, C2)
  DOWN_X(b_dx3, b2, 3, R2, C2, R3)
  DOWN_Y(b3, b_dx3, 3, R3, C2, C3)
  DOWN_X(m_dx1, m0, 1, R, C, R1)
  DOWN_Y(m1, m_dx1, 1, R1, C, C1)
  DOWN_X(m_dx2, m1, 1, R1, C1, R2)
  DOWN_Y(m2, m_dx2, 1, R2, C1, C2)
  DOWN_X(m_dx3, m2, 1, R2, C2, R3)
  DOWN_Y(m3, m_dx3, 1, R3, C2, C3)

  /* Laplacian pyramids */
  UP_X(a_ux0, a1, R1, C1)
  UP_Y_COMBINE(a_lap0, a0, -, a_ux0, R, C1)
  UP_X(a_ux1, a2, R2, C2)
  UP_Y_COMBINE(a_lap1, a1, -, a_ux1, R1, C2)
  UP_X(a_ux2, a3, R3, C3)
  UP_Y_COMBINE(a_lap2, a2, -, a_ux2, R2, C3)
  UP_X(b_ux0, b1, R1, C1)
  UP_Y_COMBINE(b_lap0, b0, -, b_ux0, R, C1)
  UP_X(b_ux1, b2, R2, C2)
  UP_Y_COMBINE(b_lap1, b1, -, b_ux1, R1, C2)
  UP_X(b_ux2, b3, R3, C3)
  UP_Y_COMBINE(b_lap2, b2, -, b_ux2, R2, C3)

  /* blend per level */
  BLEND(blend0, a_lap0, b_lap0, m0, R, C)
  BLEND(blend1, a_lap1, b_lap1, m1, R1, C1)
  BLEND(blend2, a_lap2, b_lap2, m2, R2, C2)
  BLEND(blend3, a3, b3, m3, R3, C3)

  /* collapse */
  UP_X(col_ux2, blend3, R3, C3)
  UP_Y_COMBINE(col2, blend2, +, col_ux2, R2, C3)
  UP_X(col_ux1, col2, R2, C2)
  UP_Y_COMBINE(col1, blend1, +, col_ux1, R1, C2)
  UP_X(col_ux0, col1, R1, C1)
  UP_Y_COMBINE(out, blend0, +, col_ux0, R, C1)

  free(a_dx1); free(a1); free(a_dx2); free(a2); free(a_dx3); free(a3);
  free(b_dx1); free(b1); free(b_dx2); free(b2); free(b_dx3); free(b3);
  free(m_dx1); free(m1); free(m_dx2); free(m2); free(m_dx3); free(m3);
  free(a_ux0); free(a_lap0); free(a_ux1); free(a_lap1); free(a_ux2); free(a_lap2);
  free(b_ux0); free(b_lap0); free(b_ux1); free(b_lap1); free(b_ux2); free(b_lap2);
  free(blend0); free(blend1); free(blend2); free(blend3);
  free(col_ux2); free(col2); free(col_ux1); free(col1); free(col_ux0);
}
