/* Camera pipe: 27 stages (PolyMage benchmark 4).
 *
 * in:  raw Bayer mosaic (GRBG) of 10-bit samples in 16-bit words,
 *      (R+48) x (C+64): in[row*(C+64) + col]; the output's pixel (0, 0) is
 *      raw (12, 16), as the usual 2592x1968 -> 2528x1920 crop.
 * out: 8-bit RGB, R x C, interleaved: out[i*(3*C) + 3*j + channel].
 * R and C are even; the demosaic works on 2x2 pairs, R2 = R/2 by C2 = C/2
 * of them, in arrays of (R2+2) x (C2+2) pairs: pair (y, x) holds raw rows
 * 10+2y, 11+2y and columns 14+2x, 15+2x (one pair of margin on each side).
 *
 * Stages (27 arrays written):
 *   denoise_lo, denoise_hi, denoised  hot-pixel suppression: each sample is
 *                clamped between the min and max of its four same-colour
 *                neighbours at distance 2;
 *   g_gr, r_r, b_b, g_gb              deinterleave (stride 2);
 *   g_r, g_b                          green at red and blue sites: the
 *                average along the direction with the smaller absolute
 *                difference;
 *   r_gr, b_gr, r_gb, b_gb            red/blue at green sites from colour
 *                differences;
 *   r_b, b_r                          red at blue and blue at red sites,
 *                along the diagonal with the smaller absolute difference;
 *   r, g, b                           interleave back to full resolution;
 *   matrix                            fixed-point (x256) colour matrix
 *                interpolated between 3200K and 7000K by 1/temperature;
 *   corrected_r, corrected_g, corrected_b  colour correction;
 *   curve                             65536-entry tone curve (gamma, contrast);
 *   processed_r, processed_g, processed_b  lookups in the curve (a
 *                data-dependent gather);
 *   out                               interleaved 8-bit RGB.
 */
#include "pipeline_common.h"

#define RAW(a, row, col) a[(row) * (C + 64) + (col)]
#define PAIR(a, y, x) a[(y) * (C2 + 2) + (x)]
#define AVG(a, b) (((a) + (b) + 1) >> 1)
#define ABSD(a, b) ((a) > (b) ? (a) - (b) : (b) - (a))

static const float matrix_3200[3][4] = {{1.6697f, -0.2693f, -0.4004f, -42.4346f},
                                        {-0.3576f, 1.0615f, 1.5949f, -37.1158f},
                                        {-0.2175f, -1.8751f, 6.9640f, -26.6970f}};
static const float matrix_7000[3][4] = {{2.2997f, -0.4478f, 0.1706f, -39.0923f},
                                        {-0.3826f, 1.5906f, -0.2080f, -25.4311f},
                                        {-0.0888f, -0.7344f, 2.2832f, -20.0826f}};

void pipeline_camera_pipe(long R, long C, float color_temp, float gamma,
                          float contrast, void *in_void, void *out_void) {
  unsigned short *raw = (unsigned short *)in_void;
  unsigned char *out = (unsigned char *)out_void;
  long R2 = R / 2;
  long C2 = C / 2;

  short *denoise_lo = (short *)malloc(sizeof(short) * (R + 48) * (C + 64));
  short *denoise_hi = (short *)malloc(sizeof(short) * (R + 48) * (C + 64));
  short *denoised = (short *)malloc(sizeof(short) * (R + 48) * (C + 64));
  short *g_gr = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *r_r = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *b_b = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *g_gb = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *g_r = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *g_b = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *r_gr = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *b_gr = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *r_gb = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *b_gb = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *r_b = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *b_r = (short *)malloc(sizeof(short) * (R2 + 2) * (C2 + 2));
  short *r = (short *)malloc(sizeof(short) * R * C);
  short *g = (short *)malloc(sizeof(short) * R * C);
  short *b = (short *)malloc(sizeof(short) * R * C);
  int *matrix = (int *)malloc(sizeof(int) * 12);
  short *corrected_r = (short *)malloc(sizeof(short) * R * C);
  short *corrected_g = (short *)malloc(sizeof(short) * R * C);
  short *corrected_b = (short *)malloc(sizeof(short) * R * C);
  unsigned char *curve = (unsigned char *)malloc(65536);
  unsigned char *processed_r = (unsigned char *)malloc(R * C);
  unsigned char *processed_g = (unsigned char *)malloc(R * C);
  unsigned char *processed_b = (unsigned char *)malloc(R * C);

  /* hot-pixel suppression over raw rows [10, R+13], columns [14, C+17] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long row = 10; row <= R + 13; row++)
    for (long col = 14; col <= C + 17; col++)
      RAW(denoise_lo, row, col) =
          min(min(RAW(raw, row - 2, col), RAW(raw, row + 2, col)),
              min(RAW(raw, row, col - 2), RAW(raw, row, col + 2)));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long row = 10; row <= R + 13; row++)
    for (long col = 14; col <= C + 17; col++)
      RAW(denoise_hi, row, col) =
          max(max(RAW(raw, row - 2, col), RAW(raw, row + 2, col)),
              max(RAW(raw, row, col - 2), RAW(raw, row, col + 2)));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long row = 10; row <= R + 13; row++)
    for (long col = 14; col <= C + 17; col++)
      RAW(denoised, row, col) = clamp((short)RAW(raw, row, col),
                                      RAW(denoise_lo, row, col),
                                      RAW(denoise_hi, row, col));

  /* deinterleave into 2x2 pairs, y in [0, R2+1], x in [0, C2+1] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 + 1; y++)
    for (long x = 0; x <= C2 + 1; x++)
      PAIR(g_gr, y, x) = RAW(denoised, 10 + 2 * y, 14 + 2 * x);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 + 1; y++)
    for (long x = 0; x <= C2 + 1; x++)
      PAIR(r_r, y, x) = RAW(denoised, 10 + 2 * y, 15 + 2 * x);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 + 1; y++)
    for (long x = 0; x <= C2 + 1; x++)
      PAIR(b_b, y, x) = RAW(denoised, 11 + 2 * y, 14 + 2 * x);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 + 1; y++)
    for (long x = 0; x <= C2 + 1; x++)
      PAIR(g_gb, y, x) = RAW(denoised, 11 + 2 * y, 15 + 2 * x);

  /* green at red sites, y in [1, R2+1], x in [0, C2] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2 + 1; y++)
    for (long x = 0; x <= C2; x++) {
      int gv = AVG(PAIR(g_gb, y - 1, x), PAIR(g_gb, y, x));
      int gvd = ABSD(PAIR(g_gb, y - 1, x), PAIR(g_gb, y, x));
      int gh = AVG(PAIR(g_gr, y, x + 1), PAIR(g_gr, y, x));
      int ghd = ABSD(PAIR(g_gr, y, x + 1), PAIR(g_gr, y, x));
      PAIR(g_r, y, x) = (short)(ghd < gvd ? gh : gv);
    }

  /* green at blue sites, y in [0, R2], x in [1, C2+1] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2; y++)
    for (long x = 1; x <= C2 + 1; x++) {
      int gv = AVG(PAIR(g_gr, y + 1, x), PAIR(g_gr, y, x));
      int gvd = ABSD(PAIR(g_gr, y + 1, x), PAIR(g_gr, y, x));
      int gh = AVG(PAIR(g_gb, y, x - 1), PAIR(g_gb, y, x));
      int ghd = ABSD(PAIR(g_gb, y, x - 1), PAIR(g_gb, y, x));
      PAIR(g_b, y, x) = (short)(ghd < gvd ? gh : gv);
    }

  /* red and blue at green sites, y in [1, R2], x in [1, C2] */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++)
      PAIR(r_gr, y, x) = (short)(PAIR(g_gr, y, x) -
                                 AVG(PAIR(g_r, y, x), PAIR(g_r, y, x - 1)) +
                                 AVG(PAIR(r_r, y, x), PAIR(r_r, y, x - 1)));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++)
      PAIR(b_gr, y, x) = (short)(PAIR(g_gr, y, x) -
                                 AVG(PAIR(g_b, y, x), PAIR(g_b, y - 1, x)) +
                                 AVG(PAIR(b_b, y, x), PAIR(b_b, y - 1, x)));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++)
      PAIR(r_gb, y, x) = (short)(PAIR(g_gb, y, x) -
                                 AVG(PAIR(g_r, y, x), PAIR(g_r, y + 1, x)) +
                                 AVG(PAIR(r_r, y, x), PAIR(r_r, y + 1, x)));

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++)
      PAIR(b_gb, y, x) = (short)(PAIR(g_gb, y, x) -
                                 AVG(PAIR(g_b, y, x), PAIR(g_b, y, x + 1)) +
                                 AVG(PAIR(b_b, y, x), PAIR(b_b, y, x + 1)));

  /* red at blue sites along the better diagonal */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++) {
      int rp = PAIR(g_b, y, x) - AVG(PAIR(g_r, y, x), PAIR(g_r, y + 1, x - 1)) +
               AVG(PAIR(r_r, y, x), PAIR(r_r, y + 1, x - 1));
      int rpd = ABSD(PAIR(r_r, y, x), PAIR(r_r, y + 1, x - 1));
      int rn = PAIR(g_b, y, x) - AVG(PAIR(g_r, y, x - 1), PAIR(g_r, y + 1, x)) +
               AVG(PAIR(r_r, y, x - 1), PAIR(r_r, y + 1, x));
      int rnd = ABSD(PAIR(r_r, y, x - 1), PAIR(r_r, y + 1, x));
      PAIR(r_b, y, x) = (short)(rpd < rnd ? rp : rn);
    }

  /* blue at red sites along the better diagonal */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 1; y <= R2; y++)
    for (long x = 1; x <= C2; x++) {
      int bp = PAIR(g_r, y, x) - AVG(PAIR(g_b, y, x), PAIR(g_b, y - 1, x + 1)) +
               AVG(PAIR(b_b, y, x), PAIR(b_b, y - 1, x + 1));
      int bpd = ABSD(PAIR(b_b, y, x), PAIR(b_b, y - 1, x + 1));
      int bn = PAIR(g_r, y, x) - AVG(PAIR(g_b, y - 1, x), PAIR(g_b, y, x + 1)) +
               AVG(PAIR(b_b, y - 1, x), PAIR(b_b, y, x + 1));
      int bnd = ABSD(PAIR(b_b, y - 1, x), PAIR(b_b, y, x + 1));
      PAIR(b_r, y, x) = (short)(bpd < bnd ? bp : bn);
    }

  /* interleave back to full resolution */
#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 - 1; y++)
    for (long x = 0; x <= C2 - 1; x++) {
      r[(2 * y) * C + 2 * x] = PAIR(r_gr, y + 1, x + 1);
      r[(2 * y) * C + 2 * x + 1] = PAIR(r_r, y + 1, x + 1);
      r[(2 * y + 1) * C + 2 * x] = PAIR(r_b, y + 1, x + 1);
      r[(2 * y + 1) * C + 2 * x + 1] = PAIR(r_gb, y + 1, x + 1);
    }

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 - 1; y++)
    for (long x = 0; x <= C2 - 1; x++) {
      g[(2 * y) * C + 2 * x] = PAIR(g_gr, y + 1, x + 1);
      g[(2 * y) * C + 2 * x + 1] = PAIR(g_r, y + 1, x + 1);
      g[(2 * y + 1) * C + 2 * x] = PAIR(g_b, y + 1, x + 1);
      g[(2 * y + 1) * C + 2 * x + 1] = PAIR(g_gb, y + 1, x + 1);
    }

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long y = 0; y <= R2 - 1; y++)
    for (long x = 0; x <= C2 - 1; x++) {
      b[(2 * y) * C + 2 * x] = PAIR(b_gr, y + 1, x + 1);
      b[(2 * y) * C + 2 * x + 1] = PAIR(b_r, y + 1, x + 1);
      b[(2 * y + 1) * C + 2 * x] = PAIR(b_b, y + 1, x + 1);
      b[(2 * y + 1) * C + 2 * x + 1] = PAIR(b_gb, y + 1, x + 1);
    }

  /* colour matrix for this temperature, fixed point x256 */
  float alpha = (1.0f / color_temp - 1.0f / 3200.0f) / (1.0f / 7000.0f - 1.0f / 3200.0f);
  for (long k = 0; k < 3; k++)
    for (long l = 0; l < 4; l++)
      matrix[k * 4 + l] = (int)((matrix_3200[k][l] * (1.0f - alpha) +
                                 matrix_7000[k][l] * alpha) * 256.0f);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      corrected_r[i * C + j] = (short)((matrix[3] + matrix[0] * r[i * C + j] +
                                        matrix[1] * g[i * C + j] +
                                        matrix[2] * b[i * C + j]) >> 8);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      corrected_g[i * C + j] = (short)((matrix[7] + matrix[4] * r[i * C + j] +
                                        matrix[5] * g[i * C + j] +
                                        matrix[6] * b[i * C + j]) >> 8);

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      corrected_b[i * C + j] = (short)((matrix[11] + matrix[8] * r[i * C + j] +
                                        matrix[9] * g[i * C + j] +
                                        matrix[10] * b[i * C + j]) >> 8);

  /* tone curve over every 16-bit value: black level 25, white level 1023 */
  float curve_b = 2.0f - powf(2.0f, contrast / 100.0f);
  float curve_a = 2.0f - 2.0f * curve_b;
  for (long v = 0; v < 65536; v++) {
    float xf = clamp((float)(v - 25) / (1023.0f - 25.0f), 0.0f, 1.0f);
    float gv = powf(xf, 1.0f / gamma);
    float z = gv > 0.5f ? 1.0f - (curve_a * (1.0f - gv) * (1.0f - gv) + curve_b * (1.0f - gv))
                        : curve_a * gv * gv + curve_b * gv;
    unsigned char val = (unsigned char)clamp(z * 256.0f, 0.0f, 255.0f);
    curve[v] = v <= 25 ? 0 : (v > 1023 ? 255 : val);
  }

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      processed_r[i * C + j] = curve[clamp((int)corrected_r[i * C + j], 0, 65535)];

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      processed_g[i * C + j] = curve[clamp((int)corrected_g[i * C + j], 0, 65535)];

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      processed_b[i * C + j] = curve[clamp((int)corrected_b[i * C + j], 0, 65535)];

#ifdef POLYPROP_OMP
#pragma omp parallel for
#endif
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++) {
      out[i * (3 * C) + 3 * j] = processed_r[i * C + j];
      out[i * (3 * C) + 3 * j + 1] = processed_g[i * C + j];
      out[i * (3 * C) + 3 * j + 2] = processed_b[i * C + j];
    }

  free(denoise_lo);
  free(denoise_hi);
  free(denoised);
  free(g_gr);
  free(r_r);
  free(b_b);
  free(g_gb);
  free(g_r);
  free(g_b);
  free(r_gr);
  free(b_gr);
  free(r_gb);
  free(b_gb);
  free(r_b);
  free(b_r);
  free(r);
  free(g);
  free(b);
  free(matrix);
  free(corrected_r);
  free(corrected_g);
  free(corrected_b);
  free(curve);
  free(processed_r);
  free(processed_g);
  free(processed_b);
}
