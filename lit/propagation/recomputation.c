// The recomputation estimate (propagation/src/recomputation.rs): a denoised raw image is
// deinterleaved into four half-resolution planes, and a demosaic stage reads each plane at
// three rows. Propagated through the planes, the denoising would be evaluated three times per
// element (rows are not carried from one iteration to the next; columns are, by the rotation).
// - recompute-limit=30 (cost=heuristic): the denoised image stays, with the reason and the
//   numbers; its planes, copies of it, are propagated at no cost;
// - propagate=den overrides that limit;
// - recompute-limit=off and the default (the cost model, propagation/src/cost.rs, which
//   prints its prediction): everything is propagated.
// Two styles: int counters with flattened subscripts and a helper function; long counters
// with `float (*)[W]` arrays and ternaries. Outputs identical to the naive build at 4 sizes
// in each setting.
// RUN: %clang -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='recompute-limit=30' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.limit
// RUN: env POLYPROP_OPTIONS='recompute-limit=off' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.off
// RUN: %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.default
// RUN: env POLYPROP_OPTIONS='recompute-limit=30;propagate=den' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.forced
// RUN: %t.naive > %t.naive.out
// RUN: %t.limit > %t.limit.out
// RUN: %t.off > %t.off.out
// RUN: %t.default > %t.default.out
// RUN: %t.forced > %t.forced.out
// RUN: cmp %t.naive.out %t.limit.out
// RUN: cmp %t.naive.out %t.off.out
// RUN: cmp %t.naive.out %t.default.out
// RUN: cmp %t.naive.out %t.forced.out
// RUN: env POLYPROP_OPTIONS='recompute-limit=30;print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: env POLYPROP_OPTIONS='recompute-limit=off;print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env POLYPROP_OPTIONS='print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env POLYPROP_OPTIONS='print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: env POLYPROP_OPTIONS='recompute-limit=30;propagate=den;print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env POLYPROP_OPTIONS='recompute-limit=30;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// LIMIT-LABEL: polyprop-propagation: function demosaic_int, function body
// LIMIT-DAG: den (temporary): not propagated: recomputation heuristic: evaluated 3.00 times per element, [[OPS:[0-9]+]] operations, {{[0-9]+}} loads, {{[0-9]+}} operations more per element, limit 30
// LIMIT-DAG: ee (temporary): propagated {{.*}}; evaluated 3.00 times per element, 0 operations
// LIMIT-DAG: eo (temporary): propagated
// LIMIT-DAG: oe (temporary): propagated
// LIMIT-DAG: oo (temporary): propagated
// LIMIT-LABEL: polyprop-propagation: function demosaic_vla, function body
// LIMIT-DAG: den (temporary): not propagated: recomputation heuristic: evaluated 3.00 times per element, {{[0-9]+}} operations, {{[0-9]+}} loads, {{[0-9]+}} operations more per element, limit 30
// LIMIT-DAG: ee (temporary): propagated
// LIMIT-DAG: eo (temporary): propagated
// LIMIT-DAG: oe (temporary): propagated
// LIMIT-DAG: oo (temporary): propagated
// OFF-LABEL: polyprop-propagation: function demosaic_int, function body
// OFF-DAG: den (temporary): propagated {{.*}}; evaluated 3.00 times per element
// OFF-DAG: ee (temporary): propagated
// OFF-DAG: oo (temporary): propagated
// OFF-LABEL: polyprop-propagation: function demosaic_vla, function body
// OFF-DAG: den (temporary): propagated {{.*}}; evaluated 3.00 times per element
// OFF-DAG: ee (temporary): propagated
// OFF-DAG: oo (temporary): propagated
// MODEL: den (temporary): propagated {{.*}}; evaluated 3.00 times per element, [[OPS:[0-9]+]] operations, {{[0-9]+}} loads; predicted instructions per element: keep {{[0-9]+}}, propagate {{[0-9]+}} ({{[0-9]+}} without recurrences), line buffer {{[0-9]+}}
// TRANSFORM: function demosaic_int, function body: transformed: 4 temporaries removed
// TRANSFORM: function demosaic_vla, function body: transformed: 4 temporaries removed
#include <stdio.h>
#include <stdlib.h>

static inline float clampf(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }

static inline float min4(float a, float b, float c, float d) {
  float x = a < b ? a : b, y = c < d ? c : d;
  return x < y ? x : y;
}

static inline float max4(float a, float b, float c, float d) {
  float x = a > b ? a : b, y = c > d ? c : d;
  return x > y ? x : y;
}

/* raw: (2h + 8) x (2w + 8); out: h x w. */
void demosaic_int(int h, int w, const float *raw, float *out) {
  int W = 2 * w + 8, w2 = w + 2;
  float *den = malloc(sizeof(float) * (2 * h + 8) * W);
  float *ee = malloc(sizeof(float) * (h + 2) * w2);
  float *eo = malloc(sizeof(float) * (h + 2) * w2);
  float *oe = malloc(sizeof(float) * (h + 2) * w2);
  float *oo = malloc(sizeof(float) * (h + 2) * w2);
  for (int y = 2; y < 2 * h + 6; y++)
    for (int x = 2; x < 2 * w + 6; x++)
      den[y * W + x] = clampf(raw[y * W + x],
                              min4(raw[(y - 2) * W + x], raw[(y + 2) * W + x], raw[y * W + x - 2], raw[y * W + x + 2]),
                              max4(raw[(y - 2) * W + x], raw[(y + 2) * W + x], raw[y * W + x - 2], raw[y * W + x + 2]));
  for (int y = 0; y < h + 2; y++)
    for (int x = 0; x < w + 2; x++)
      ee[y * w2 + x] = den[(2 * y + 2) * W + 2 * x + 2];
  for (int y = 0; y < h + 2; y++)
    for (int x = 0; x < w + 2; x++)
      eo[y * w2 + x] = den[(2 * y + 2) * W + 2 * x + 3];
  for (int y = 0; y < h + 2; y++)
    for (int x = 0; x < w + 2; x++)
      oe[y * w2 + x] = den[(2 * y + 3) * W + 2 * x + 2];
  for (int y = 0; y < h + 2; y++)
    for (int x = 0; x < w + 2; x++)
      oo[y * w2 + x] = den[(2 * y + 3) * W + 2 * x + 3];
  for (int y = 1; y <= h; y++)
    for (int x = 1; x <= w; x++)
      out[(y - 1) * w + x - 1] = ee[(y - 1) * w2 + x] + ee[y * w2 + x] * 2.0f + ee[(y + 1) * w2 + x] +
                                 eo[(y - 1) * w2 + x - 1] - eo[(y + 1) * w2 + x] * 0.5f + eo[y * w2 + x] +
                                 oe[(y - 1) * w2 + x] * oe[(y + 1) * w2 + x + 1] - oe[y * w2 + x] +
                                 (oo[(y - 1) * w2 + x] + oo[y * w2 + x] + oo[(y + 1) * w2 + x]) * 0.25f;
  free(den);
  free(ee);
  free(eo);
  free(oe);
  free(oo);
}

void demosaic_vla(long h, long w, float (*raw)[2 * w + 8], float (*out)[w]) {
  float (*den)[2 * w + 8] = malloc(sizeof(float) * (2 * h + 8) * (2 * w + 8));
  float (*ee)[w + 2] = malloc(sizeof(float) * (h + 2) * (w + 2));
  float (*eo)[w + 2] = malloc(sizeof(float) * (h + 2) * (w + 2));
  float (*oe)[w + 2] = malloc(sizeof(float) * (h + 2) * (w + 2));
  float (*oo)[w + 2] = malloc(sizeof(float) * (h + 2) * (w + 2));
  for (long y = 2; y < 2 * h + 6; y++)
    for (long x = 2; x < 2 * w + 6; x++) {
      float lo = raw[y - 2][x] < raw[y + 2][x] ? raw[y - 2][x] : raw[y + 2][x];
      float lo2 = raw[y][x - 2] < raw[y][x + 2] ? raw[y][x - 2] : raw[y][x + 2];
      float hi = raw[y - 2][x] > raw[y + 2][x] ? raw[y - 2][x] : raw[y + 2][x];
      float hi2 = raw[y][x - 2] > raw[y][x + 2] ? raw[y][x - 2] : raw[y][x + 2];
      lo = lo < lo2 ? lo : lo2;
      hi = hi > hi2 ? hi : hi2;
      den[y][x] = raw[y][x] < lo ? lo : (raw[y][x] > hi ? hi : raw[y][x]);
    }
  for (long y = 0; y < h + 2; y++)
    for (long x = 0; x < w + 2; x++) {
      ee[y][x] = den[2 * y + 2][2 * x + 2];
      eo[y][x] = den[2 * y + 2][2 * x + 3];
      oe[y][x] = den[2 * y + 3][2 * x + 2];
      oo[y][x] = den[2 * y + 3][2 * x + 3];
    }
  for (long y = 1; y <= h; y++)
    for (long x = 1; x <= w; x++)
      out[y - 1][x - 1] = ee[y - 1][x] + ee[y][x] * 2.0f + ee[y + 1][x] +
                          eo[y - 1][x - 1] - eo[y + 1][x] * 0.5f + eo[y][x] +
                          oe[y - 1][x] * oe[y + 1][x + 1] - oe[y][x] +
                          (oo[y - 1][x] + oo[y][x] + oo[y + 1][x]) * 0.25f;
  free(den);
  free(ee);
  free(eo);
  free(oe);
  free(oo);
}

int main(void) {
  static const long sizes[][2] = {{3, 4}, {8, 5}, {17, 32}, {40, 61}};
  for (int s = 0; s < 4; s++) {
    long h = sizes[s][0], w = sizes[s][1], W = 2 * w + 8;
    float *raw = malloc(sizeof(float) * (2 * h + 8) * W);
    float *a = malloc(sizeof(float) * h * w), *b = malloc(sizeof(float) * h * w);
    for (long i = 0; i < (2 * h + 8) * W; i++)
      raw[i] = (float)((i * 7919 + s * 31) % 1013) / 97.0f - 3.0f;
    demosaic_int((int)h, (int)w, raw, a);
    demosaic_vla(h, w, (float (*)[2 * w + 8])raw, (float (*)[w])b);
    unsigned long sum = 0;
    for (long i = 0; i < h * w; i++) {
      union { float f; unsigned u; } x = {a[i]}, y = {b[i]};
      sum = sum * 31 + x.u;
      sum = sum * 37 + y.u;
    }
    printf("%ld x %ld: %016lx\n", h, w, sum);
    free(raw);
    free(a);
    free(b);
  }
  return 0;
}
