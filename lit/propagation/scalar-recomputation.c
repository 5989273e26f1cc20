// A location whose value reaches a gather of 8- or 16-bit elements (`lut[v]` with a loaded
// `v`: x86 has no such gather, the loop stays scalar) is not propagated where it would be
// computed at more than one iteration (propagation::location, `recomputed_into_scalar_code`):
// camera pipe's pair-level stages, each read at two to four taps, ran twice the instructions
// in its scalar output loop that they take kept in vectorized loops.
// - taps_into_byte_lut (refused): int counters, flattened subscripts, a short stage read at
//   three taps, then looked up in an 8-bit table; the stage between (read once) still goes.
// - taps_into_float_lut (propagated, the twin): the same with a float table, whose gather
//   does not keep the loop scalar for that reason.
// - once_into_byte_lut (propagated): long counters, `short (*)[w]` arrays, the stage read once
//   per element before the 8-bit lookup.
// - constant_taps_into_byte_lut (propagated): a 4-entry gain table read at constant
//   subscripts at every pixel (hoisted out of the loop, as camera pipe's colour matrix).
// Outputs identical to the naive build at 5 sizes.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROPAGATION
// CHECK-DAG: polyprop: function taps_into_byte_lut, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function taps_into_float_lut, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function once_into_byte_lut, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function constant_taps_into_byte_lut, function body: transformed: 6 temporaries removed
// PROPAGATION-LABEL: polyprop-propagation: function taps_into_byte_lut, function body
// PROPAGATION-DAG: smooth (temporary): propagated 4 RAW dependences
// PROPAGATION-DAG: t (temporary): not propagated: recomputation in scalar code: the value reaches S{{[0-9]+}}, a narrow gather that stays scalar, and S{{[0-9]+}} would compute some instance at more than one iteration
// PROPAGATION-LABEL: polyprop-propagation: function taps_into_float_lut, function body
// PROPAGATION-DAG: t (temporary): propagated 3 RAW dependences
// PROPAGATION-LABEL: polyprop-propagation: function once_into_byte_lut, function body
// PROPAGATION-DAG: t (temporary): propagated 1 RAW dependences
// PROPAGATION-LABEL: polyprop-propagation: function constant_taps_into_byte_lut, function body
// PROPAGATION-DAG: gain (temporary): propagated 4 RAW dependences
#include "../codegen/Inputs/harness.h"

static inline int clamp_index(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

void taps_into_byte_lut(int w, int h, const unsigned short *in, const unsigned char *lut, unsigned char *out) {
  short *t = malloc(sizeof(short) * w * h);
  short *smooth = malloc(sizeof(short) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = (short)((in[y * w + x] >> 1) + (in[y * w + x] & 7));
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      smooth[y * w + x] = (short)((t[y * w + x - 1] + 2 * t[y * w + x] + t[y * w + x + 1]) >> 2);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = lut[clamp_index(smooth[y * w + x], 255)];
  free(t);
  free(smooth);
}

void taps_into_float_lut(int w, int h, const unsigned short *in, const float *lut, float *out) {
  short *t = malloc(sizeof(short) * w * h);
  short *smooth = malloc(sizeof(short) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = (short)((in[y * w + x] >> 1) + (in[y * w + x] & 7));
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      smooth[y * w + x] = (short)((t[y * w + x - 1] + 2 * t[y * w + x] + t[y * w + x + 1]) >> 2);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = lut[clamp_index(smooth[y * w + x], 255)];
  free(t);
  free(smooth);
}

void once_into_byte_lut(long w, long h, const unsigned short *in_flat, const unsigned char *lut, unsigned char *out_flat) {
  const unsigned short (*in)[w] = (const unsigned short (*)[w])in_flat;
  unsigned char (*out)[w] = (unsigned char (*)[w])out_flat;
  short (*t)[w] = malloc(sizeof(short) * w * h);
  short (*level)[w] = malloc(sizeof(short) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y][x] = (short)((in[y][x] >> 1) + (in[y][x] & 7));
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      level[y][x] = (short)(t[y][x] * 3 - 40);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y][x] = lut[clamp_index(level[y][x], 255)];
  free(t);
  free(level);
}

void constant_taps_into_byte_lut(long w, long h, const unsigned short *in, const unsigned char *lut, unsigned char *out) {
  int *gain = malloc(sizeof(int) * 4);
  short *mixed = malloc(sizeof(short) * w * h);
  for (long k = 0; k < 4; k++)
    gain[k] = (int)(k * 3 + 1);
  for (long i = 0; i < w * h; i++)
    mixed[i] = (short)((gain[0] * in[i] + gain[1] * (in[i] >> 2) + gain[2] + gain[3]) >> 4);
  for (long i = 0; i < w * h; i++)
    out[i] = lut[clamp_index(mixed[i], 255)];
  free(gain);
  free(mixed);
}

int main(void) {
  enum { N = 16 };
  static unsigned short in[N * N];
  static unsigned char lut[256], out[N * N];
  static float flut[256], fout[N * N];
  for (int k = 0; k < N * N; k++)
    in[k] = (unsigned short)(harness_next() * 300.0);
  for (int k = 0; k < 256; k++)
    lut[k] = (unsigned char)(harness_next() * 200.0);
  harness_fill_float(flut, 256);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {16, 16}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    taps_into_byte_lut(w, h, in, lut, out);
    harness_print("taps_into_byte_lut", out, sizeof out);
    __builtin_memset(fout, 0, sizeof fout);
    taps_into_float_lut(w, h, in, flut, fout);
    harness_print("taps_into_float_lut", fout, sizeof fout);
    __builtin_memset(out, 0, sizeof out);
    once_into_byte_lut(w, h, in, lut, out);
    harness_print("once_into_byte_lut", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    constant_taps_into_byte_lut(w, h, in, lut, out);
    harness_print("constant_taps_into_byte_lut", out, sizeof out);
  }
  return 0;
}
