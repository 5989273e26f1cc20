// A source that gathers (reads a table at a data-dependent subscript, `lut[idx]`) is
// recomputed at most once per instance (propagation::location, `repeated_gather`): its
// expression loads the table and the index's inputs, as much as the load of the temporary it
// would replace, so evaluating it twice only adds work (local Laplacian's remapped levels
// read by a 4-tap downsampling ran 3.4x the naive instructions).
// - gather_stencil (refused): int counters, flattened subscripts, the gathered level read by
//   a 3-tap stencil along rows: every instance read three times.
// - gather_upsample (refused): long counters, read at t[x / 2]: each instance read by two
//   outputs through one dependence.
// - gather_once (propagated, the twin): the same gather read once per element by the next
//   stage, as camera pipe's tone curve is.
// - gather_taps_apart (propagated): a `float (*)[w]` style and two reads of disjoint
//   instances (even and odd columns), each instance still computed once.
// Outputs identical to the naive build at 5 sizes, 1x1 included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROPAGATION
// CHECK-DAG: polyprop: function gather_stencil, function body: not transformed: nothing propagated
// CHECK-DAG: polyprop: function gather_upsample, function body: not transformed: nothing propagated
// CHECK-DAG: polyprop: function gather_once, function body: transformed: 1 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function gather_taps_apart, function body: transformed: 1 temporaries removed, 1 statements
// PROPAGATION-LABEL: polyprop-propagation: function gather_stencil, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): not propagated: recomputed gather: S{{[0-9]+}} reads at a data-dependent subscript, and S{{[0-9]+}} would compute some instance of it more than once
// PROPAGATION-LABEL: polyprop-propagation: function gather_upsample, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): not propagated: recomputed gather: S{{[0-9]+}} reads at a data-dependent subscript, and S{{[0-9]+}} would compute some instance of it more than once
// PROPAGATION-LABEL: polyprop-propagation: function gather_once, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): propagated 1 RAW dependences into S{{[0-9]+}}; split into none
// PROPAGATION-LABEL: polyprop-propagation: function gather_taps_apart, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): propagated 2 RAW dependences into S{{[0-9]+}}; split into none
#include "../codegen/Inputs/harness.h"

#define LUT 256

static inline int level(float v) {
  int k = (int)(v * (LUT - 1));
  return k < 0 ? 0 : k > LUT - 1 ? LUT - 1 : k;
}

void gather_stencil(int w, int h, const float *in, const float *lut, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = lut[level(in[y * w + x])] * 0.5f + in[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int left = x > 0 ? x - 1 : 0, right = x < w - 1 ? x + 1 : w - 1;
      out[y * w + x] = t[y * w + left] + 2.0f * t[y * w + x] + t[y * w + right];
    }
  free(t);
}

void gather_upsample(long w, long h, const float *in, const float *lut, float *out) {
  long half = (w + 1) / 2;
  float *t = malloc(sizeof(float) * half * h);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < half; x++)
      t[y * half + x] = lut[level(in[y * w + 2 * x])] - 0.25f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = t[y * half + x / 2] * 3.0f;
  free(t);
}

void gather_once(int w, int h, const float *in, const float *lut, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = lut[level(in[y * w + x])];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] * in[y * w + x] + 1.0f;
  free(t);
}

void gather_taps_apart(long w, long h, const float *in_flat, const float *lut, float *out) {
  float (*t)[w] = malloc(sizeof(float) * w * h);
  const float (*in)[w] = (const float (*)[w])in_flat;
  long half = w / 2;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y][x] = lut[level(in[y][x])] + in[y][x];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < half; x++)
      out[y * half + x] = t[y][2 * x] - t[y][2 * x + 1];
  free(t);
}

int main(void) {
  enum { N = 16 };
  static float in[2 * N * N], lut[LUT], out[2 * N * N];
  harness_fill_float(in, 2 * N * N);
  harness_fill_float(lut, LUT);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {16, 16}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    gather_stencil(w, h, in, lut, out);
    harness_print("gather_stencil", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    gather_upsample(w, h, in, lut, out);
    harness_print("gather_upsample", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    gather_once(w, h, in, lut, out);
    harness_print("gather_once", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    gather_taps_apart(w, h, in, lut, out);
    harness_print("gather_taps_apart", out, sizeof out);
  }
  return 0;
}
