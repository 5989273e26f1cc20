/* Multiscale interpolation: 38 stages (PolyMage benchmark 6).
 *
 * in:  RGBA float image, R x C, 4 planes (a[c*(R*C) + i*C + j]); plane 3
 *      is alpha.
 * out: RGB float, R x C, 3 planes.
 * R and C are multiples of 512: level l of the 10-level pyramid is
 * (R >> l) x (C >> l).  Borders are clamped.
 *
 * Stages (38 arrays written):
 *   d0            premultiplied alpha (colour times alpha; alpha kept);
 *   dx_l, d_l     for l = 1..9: 3-tap [1 2 1]/4 blur-and-downsample along
 *                 rows, then along columns: 18;
 *   ux_l, ip_l    for l = 8..0: upsample the coarser interpolated level along
 *                 rows (even rows copy, odd rows average two), then along
 *                 columns, and interpolate: ip_l = d_l + (1 - alpha(d_l)) *
 *                 upsampled (ip_9 is d_9 itself): 18;
 *   out           division by alpha.
 */
#include "pipeline_common.h"

#define AT(a, rows, cols, c, i, j) a[(c) * ((rows) * (cols)) + (i) * (cols) + (j)]
#define ALLOC(rows, cols) (float *)malloc(sizeof(float) * 4 * (rows) * (cols))

/* dst (Rn x Cp) = [1 2 1]/4 blur-and-downsample of src (Rp x Cp) along rows. */
#define DOWN_X(dst, src, Rp, Cp, Rn)                                           \
  OMP_FOR                                                                      \
  for (long c = 0; c < 4; c++)                                                 \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cp; j++)                                            \
        AT(dst, Rn, Cp, c, i, j) =                                             \
            (AT(src, Rp, Cp, c, max(2 * i - 1, 0), j) +                        \
             AT(src, Rp, Cp, c, 2 * i, j) * 2.0f +                             \
             AT(src, Rp, Cp, c, 2 * i + 1, j)) * 0.25f;

/* dst (Rn x Cn) = the same along columns of src (Rn x Cp). */
#define DOWN_Y(dst, src, Rn, Cp, Cn)                                           \
  OMP_FOR                                                                      \
  for (long c = 0; c < 4; c++)                                                 \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++)                                            \
        AT(dst, Rn, Cn, c, i, j) =                                             \
            (AT(src, Rn, Cp, c, i, max(2 * j - 1, 0)) +                        \
             AT(src, Rn, Cp, c, i, 2 * j) * 2.0f +                             \
             AT(src, Rn, Cp, c, i, 2 * j + 1)) * 0.25f;

/* dst (2Rn x Cn): even rows copy src (Rn x Cn), odd rows average two rows. */
#define UP_X(dst, src, Rn, Cn)                                                 \
  OMP_FOR                                                                      \
  for (long c = 0; c < 4; c++)                                                 \
    for (long i = 0; i < Rn; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, 2 * Rn, Cn, c, 2 * i, j) = AT(src, Rn, Cn, c, i, j);          \
        AT(dst, 2 * Rn, Cn, c, 2 * i + 1, j) =                                 \
            (AT(src, Rn, Cn, c, i, j) +                                        \
             AT(src, Rn, Cn, c, min(i + 1, Rn - 1), j)) * 0.5f;                \
      }

/* dst (Rl x 2Cn) = d + (1 - alpha(d)) * (column upsampling of ux (Rl x Cn)). */
#define INTERPOLATE(dst, d, ux, Rl, Cn)                                        \
  OMP_FOR                                                                      \
  for (long c = 0; c < 4; c++)                                                 \
    for (long i = 0; i < Rl; i++)                                              \
      for (long j = 0; j < Cn; j++) {                                          \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j) =                                     \
            AT(d, Rl, 2 * Cn, c, i, 2 * j) +                                   \
            (1.0f - AT(d, Rl, 2 * Cn, 3, i, 2 * j)) * AT(ux, Rl, Cn, c, i, j); \
        AT(dst, Rl, 2 * Cn, c, i, 2 * j + 1) =                                 \
            AT(d, Rl, 2 * Cn, c, i, 2 * j + 1) +                               \
            (1.0f - AT(d, Rl, 2 * Cn, 3, i, 2 * j + 1)) *                      \
                ((AT(ux, Rl, Cn, c, i, j) +                                    \
                  AT(ux, Rl, Cn, c, i, min(j + 1, Cn - 1))) * 0.5f);           \
      }

void pipeline_interpolate(long R, long C, void *in_void, void *out_void) {
  float *img = (float *)in_void;
  float *out = (float *)out_void;
  long R1 = R / 2, R2 = R / 4, R3 = R / 8, R4 = R / 16, R5 = R / 32;
  long R6 = R / 64, R7 = R / 128, R8 = R / 256, R9 = R / 512;
  long C1 = C / 2, C2 = C / 4, C3 = C / 8, C4 = C / 16, C5 = C / 32;
  long C6 = C / 64, C7 = C / 128, C8 = C / 256, C9 = C / 512;

  float *d0 = ALLOC(R, C);
  float *dx1 = ALLOC(R1, C), *d1 = ALLOC(R1, C1);
  float *dx2 = ALLOC(R2, C1), *d2 = ALLOC(R2, C2);
  float *dx3 = ALLOC(R3, C2), *d3 = ALLOC(R3, C3);
  float *dx4 = ALLOC(R4, C3), *d4 = ALLOC(R4, C4);
  float *dx5 = ALLOC(R5, C4), *d5 = ALLOC(R5, C5);
  float *dx6 = ALLOC(R6, C5), *d6 = ALLOC(R6, C6);
  float *dx7 = ALLOC(R7, C6), *d7 = ALLOC(R7, C7);
  float *dx8 = ALLOC(R8, C7), *d8 = ALLOC(R8, C8);
  float *dx9 = ALLOC(R9, C8), *d9 = ALLOC(R9, C9);
  float *ux8 = ALLOC(R8, C9), *ip8 = ALLOC(R8, C8);
  float *ux7 = ALLOC(R7, C8), *ip7 = ALLOC(R7, C7);
  float *ux6 = ALLOC(R6, C7), *ip6 = ALLOC(R6, C6);
  float *ux5 = ALLOC(R5, C6), *ip5 = ALLOC(R5, C5);
  float *ux4 = ALLOC(R4, C5), *ip4 = ALLOC(R4, C4);
  float *ux3 = ALLOC(R3, C4), *ip3 = ALLOC(R3, C3);
  float *ux2 = ALLOC(R2, C3), *ip2 = ALLOC(R2, C2);
  float *ux1 = ALLOC(R1, C2), *ip1 = ALLOC(R1, C1);
  float *ux0 = ALLOC(R, C1), *ip0 = ALLOC(R, C);

  /* premultiplied alpha */
  OMP_FOR
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++) {
      for (long c = 0; c < 3; c++)
        AT(d0, R, C, c, i, j) = AT(img, R, C, c, i, j) * AT(img, R, C, 3, i, j);
      AT(d0, R, C, 3, i, j) = AT(img, R, C, 3, i, j);
    }

  /* downsampling */
  DOWN_X(dx1, d0, R, C, R1)
  DOWN_Y(d1, dx1, R1, C, C1)
  DOWN_X(dx2, d1, R1, C1, R2)
  DOWN_Y(d2, dx2, R2, C1, C2)
  DOWN_X(dx3, d2, R2, C2, R3)
  DOWN_Y(d3, dx3, R3, C2, C3)
  DOWN_X(dx4, d3, R3, C3, R4)
  DOWN_Y(d4, dx4, R4, C3, C4)
  DOWN_X(dx5, d4, R4, C4, R5)
  DOWN_Y(d5, dx5, R5, C4, C5)
  DOWN_X(dx6, d5, R5, C5, R6)
  DOWN_Y(d6, dx6, R6, C5, C6)
  DOWN_X(dx7, d6, R6, C6, R7)
  DOWN_Y(d7, dx7, R7, C6, C7)
  DOWN_X(dx8, d7, R7, C7, R8)
  DOWN_Y(d8, dx8, R8, C7, C8)
  DOWN_X(dx9, d8, R8, C8, R9)
  DOWN_Y(d9, dx9, R9, C8, C9)

  /* upsampling and interpolation */
  UP_X(ux8, d9, R9, C9)
  INTERPOLATE(ip8, d8, ux8, R8, C9)
  UP_X(ux7, ip8, R8, C8)
  INTERPOLATE(ip7, d7, ux7, R7, C8)
  UP_X(ux6, ip7, R7, C7)
  INTERPOLATE(ip6, d6, ux6, R6, C7)
  UP_X(ux5, ip6, R6, C6)
  INTERPOLATE(ip5, d5, ux5, R5, C6)
  UP_X(ux4, ip5, R5, C5)
  INTERPOLATE(ip4, d4, ux4, R4, C5)
  UP_X(ux3, ip4, R4, C4)
  INTERPOLATE(ip3, d3, ux3, R3, C4)
  UP_X(ux2, ip3, R3, C3)
  INTERPOLATE(ip2, d2, ux2, R2, C3)
  UP_X(ux1, ip2, R2, C2)
  INTERPOLATE(ip1, d1, ux1, R1, C2)
  UP_X(ux0, ip1, R1, C1)
  INTERPOLATE(ip0, d0, ux0, R, C1)

  /* division by alpha */
  OMP_FOR
  for (long c = 0; c < 3; c++)
    for (long i = 0; i < R; i++)
      for (long j = 0; j < C; j++)
        AT(out, R, C, c, i, j) = AT(ip0, R, C, c, i, j) / AT(ip0, R, C, 3, i, j);

  free(d0);
  free(dx1); free(d1); free(dx2); free(d2); free(dx3); free(d3);
  free(dx4); free(d4); free(dx5); free(d5); free(dx6); free(d6);
  free(dx7); free(d7); free(dx8); free(d8); free(dx9); free(d9);
  free(ux8); free(ip8); free(ux7); free(ip7); free(ux6); free(ip6);
  free(ux5); free(ip5); free(ux4); free(ip4); free(ux3); free(ip3);
  free(ux2); free(ip2); free(ux1); free(ip1); free(ux0); free(ip0);
}
