// A flat `int` loop over the product of two `long` sizes truncated to `int`, `int n = (int)R *
// (int)C; for (int k = 0; k < n; k++) t[k] = ...`, next to a stencil written over `long`
// counters, `t[y * C + x]`, as C mixes widths (found by gen-scop seeds 34090 and 34055).
// polyprop-rows-of-flat-loops makes the flat loop the nest `y < (int)R, x < (int)C`: the row
// length is the factor whose operand (`C`) the stencil's strides mention, and the index
// `(long)k` is computed wide, `(long)y * (long)(int)C + (long)x`, with no-wrap flags, so that
// scalar evolution reads an affine index (as an `int` sum extended afterwards it read a
// product that may wrap: "extension of a narrow polynomial that may wrap"). The run-time
// check assumes C fits in an `int`; the new code runs (trace-checks), outputs identical at
// empty, one-pixel and odd sizes.
// - negate_then_smooth: the pointwise stage first, the stencil reads it (seed 34090's shape).
// - stencil_then_scale: the stencil first, then a flat `int` loop reads it, the product in
//   the loop's condition.
// - unsigned_scale (not yet a nest): `unsigned` counters over `(unsigned)R * (unsigned)C`,
//   whose product may wrap: the loop stays flat (the new code still runs at these sizes).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "8 38" "1 1" "3 0" "0 3" "17 5" "64 33"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "8 38" "1 1" "3 0" "0 3" "17 5" "64 33"; do %t.polyprop $s; done' > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize)' -S %t.ll | FileCheck %s --check-prefix=IR
// CHECK-DAG: polyprop: function negate_then_smooth, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function stencil_then_scale, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function unsigned_scale, function body: transformed: 1 temporaries removed
// RAN-DAG: polyprop: new code of negate_then_smooth
// RAN-DAG: polyprop: new code of stencil_then_scale
// RAN-DAG: polyprop: new code of unsigned_scale
// IR-LABEL: define {{.*}} @negate_then_smooth(
// IR: rows.dispatch:
// IR: %row.wide = mul nuw nsw i64
// IR-LABEL: define {{.*}} @stencil_then_scale(
// IR: rows.header
// IR-LABEL: define {{.*}} @unsigned_scale(
// IR-NOT: rows.header
// IR: ret void
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static long clampl(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }

__attribute__((noinline)) void negate_then_smooth(long R, long C, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (R * C > 0 ? R * C : 1));
  int n = (int)R * (int)C;
  for (int k = 0; k < n; k++)
    t[k] = -in[k];
  for (long y = 0; y < R; y++)
    for (long x = 0; x < C; x++)
      out[y * C + x] = 0.25f * t[clampl(y - 1, 0, R - 1) * C + x] + 0.5f * t[y * C + x] +
                       0.25f * t[y * C + clampl(x + 1, 0, C - 1)];
  free(t);
}

__attribute__((noinline)) void stencil_then_scale(long R, long C, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (R * C > 0 ? R * C : 1));
  for (long y = 0; y < R; y++)
    for (long x = 0; x < C; x++)
      t[y * C + x] = in[y * C + clampl(x - 1, 0, C - 1)] - in[y * C + clampl(x + 1, 0, C - 1)];
  for (int k = 0; k < (int)R * (int)C; k++)
    out[k] = t[k] * 3.0f;
  free(t);
}

__attribute__((noinline)) void unsigned_scale(long R, long C, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (R * C > 0 ? R * C : 1));
  for (long y = 0; y < R; y++)
    for (long x = 0; x < C; x++)
      t[y * C + x] = in[y * C + clampl(x - 1, 0, C - 1)] + in[y * C + x];
  unsigned n = (unsigned)R * (unsigned)C;
  for (unsigned k = 0; k < n; k++)
    out[k] = t[k] * 3.0f;
  free(t);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  long R = atol(argv[1]), C = atol(argv[2]), n = R * C > 0 ? R * C : 1;
  float *in = malloc(sizeof(float) * n), *out = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) {
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
    out[i] = 0.0f;
  }
  negate_then_smooth(R, C, in, out);
  printf("negate_then_smooth %ld %ld %016llx\n", R, C, (unsigned long long)hash(out, sizeof(float) * (R * C)));
  stencil_then_scale(R, C, in, out);
  printf("stencil_then_scale %ld %ld %016llx\n", R, C, (unsigned long long)hash(out, sizeof(float) * (R * C)));
  unsigned_scale(R, C, in, out);
  printf("unsigned_scale %ld %ld %016llx\n", R, C, (unsigned long long)hash(out, sizeof(float) * (R * C)));
  free(in);
  free(out);
  return 0;
}
