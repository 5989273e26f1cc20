// Sizes specialized to multiples (polyhedral::specialization): a two-level pyramid written as
// PolyMage generates it, each level sized `R / 2` on its own and the upsampling read clamped
// at `R / 2 - 1`, valid for every size, odd ones included. With a split limit of 3 the
// clamps' border cases make propagation refuse the splits; under the assumption that R and C
// are even the floors are exact, the border cases vanish, and both temporaries go. The
// assumption joins the run-time check: at odd sizes the original code runs (as many
// allocations as the naive build, valgrind's heap summary), at even sizes the transformed
// code (fewer). print=propagation marks the refused split that would pass with sizes
// specialized (the driver propagates again, specialized, only after such a mark; a C
// pipeline whose border cases are clamps is not propagated twice). These runs split clamped
// reads per border as the paper does (`clamped-reads=split`). Twin: by default the clamped
// reads are replaced whole (propagation::expressions, `inverted_write_piece`), no split
// exceeds the limit, all three temporaries go, and nothing is specialized; its loops over
// parities are re-indexed (polyhedral/src/lattice.rs) and carry recurrences. Outputs identical
// to the naive build at every size.
// RUN: clang++-14 -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;split-limit=3;clamped-reads=split' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.special 2>&1 | FileCheck %s --check-prefix=SPECIAL
// SPECIAL: polyprop: function updown, function body: transformed: 2 temporaries removed, {{[0-9]+}} statements, 2 strided loops re-indexed, sizes specialized: R a multiple of 2, C a multiple of 2 (other sizes run the original code)
// RUN: env POLYPROP_OPTIONS='print=transform' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.general 2>&1 | FileCheck %s --check-prefix=GENERAL
// GENERAL: polyprop: function updown, function body: transformed: 3 temporaries removed, {{[0-9]+}} statements, 3 strided loops re-indexed; carried in recurrences:
// RUN: env POLYPROP_OPTIONS='print=propagation;split-limit=3;clamped-reads=split' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROBE
// RUN: %t.naive 16 24 > %t.naive.out
// RUN: %t.naive 17 24 >> %t.naive.out
// RUN: %t.naive 16 23 >> %t.naive.out
// RUN: %t.naive 33 35 >> %t.naive.out
// RUN: %t.naive 2 2 >> %t.naive.out
// RUN: %t.naive 1 1 >> %t.naive.out
// RUN: %t.naive 40 64 >> %t.naive.out
// RUN: %t.special 16 24 > %t.special.out
// RUN: %t.special 17 24 >> %t.special.out
// RUN: %t.special 16 23 >> %t.special.out
// RUN: %t.special 33 35 >> %t.special.out
// RUN: %t.special 2 2 >> %t.special.out
// RUN: %t.special 1 1 >> %t.special.out
// RUN: %t.special 40 64 >> %t.special.out
// RUN: %t.general 16 24 > %t.general.out
// RUN: %t.general 17 24 >> %t.general.out
// RUN: %t.general 16 23 >> %t.general.out
// RUN: %t.general 33 35 >> %t.general.out
// RUN: %t.general 2 2 >> %t.general.out
// RUN: %t.general 1 1 >> %t.general.out
// RUN: %t.general 40 64 >> %t.general.out
// RUN: cmp %t.naive.out %t.special.out
// RUN: cmp %t.naive.out %t.general.out
// RUN: valgrind %t.naive 16 24 2>&1 | grep -o "[0-9,]* allocs" > %t.naive.even
// RUN: valgrind %t.special 16 24 2>&1 | grep -o "[0-9,]* allocs" > %t.special.even
// RUN: not cmp -s %t.naive.even %t.special.even
// RUN: valgrind %t.naive 17 24 2>&1 | grep -o "[0-9,]* allocs" > %t.naive.odd
// RUN: valgrind %t.special 17 24 2>&1 | grep -o "[0-9,]* allocs" > %t.special.odd
// RUN: cmp %t.naive.odd %t.special.odd
// PROBE-LABEL: polyprop-propagation: function updown, function body
// PROBE: #1 d (temporary): not propagated: code-complexity heuristic: S2 would be split into 4 statements, limit 3 (passes with sizes specialized)
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#define isl_min(x,y) ((x) < (y) ? (x) : (y))
#define isl_max(x,y) ((x) > (y) ? (x) : (y))
#define isl_floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))

extern "C" void updown(int R, int C, void *in_void, void *out_void) {
  float *in = (float *)(in_void);
  float *out = (float *)(out_void);
  float *dx = (float *)(malloc((sizeof(float) * ((R / 2) * C))));
  float *d = (float *)(malloc((sizeof(float) * ((R / 2) * (C / 2)))));
  float *ux = (float *)(malloc((sizeof(float) * (R * (C / 2)))));
  for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      dx[((_i1 * C) + _i2)] = ((in[(((2 * _i1) * C) + _i2)] + in[((((2 * _i1) + 1) * C) + _i2)]) * 0.5f);
  for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      d[((_i1 * (C / 2)) + _i2)] = ((dx[((_i1 * C) + (2 * _i2))] + dx[((_i1 * C) + ((2 * _i2) + 1))]) * 0.5f);
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1)) {
      if (((_i1 % 2) == 0))
        ux[((_i1 * (C / 2)) + _i2)] = ((d[((isl_max(((_i1 / 2) - 1), 0) * (C / 2)) + _i2)] * 0.25f) + (d[((isl_min((_i1 / 2), ((R / 2) - 1)) * (C / 2)) + _i2)] * 0.75f));
      if (((_i1 % 2) == 1))
        ux[((_i1 * (C / 2)) + _i2)] = ((d[(((_i1 / 2) * (C / 2)) + _i2)] * 0.75f) + (d[((isl_min(((_i1 + 1) / 2), ((R / 2) - 1)) * (C / 2)) + _i2)] * 0.25f));
    }
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1)) {
      if (((_i2 % 2) == 0))
        out[((_i1 * C) + _i2)] = ((ux[((_i1 * (C / 2)) + std::max(((_i2 / 2) - 1), 0))] * 0.25f) + (ux[((_i1 * (C / 2)) + isl_min((_i2 / 2), ((C / 2) - 1)))] * 0.75f)) - in[((_i1 * C) + _i2)];
      if (((_i2 % 2) == 1))
        out[((_i1 * C) + _i2)] = ((ux[((_i1 * (C / 2)) + isl_min((_i2 / 2), ((C / 2) - 1)))] * 0.75f) + (ux[((_i1 * (C / 2)) + std::min(isl_floord((_i2 + 1), 2), ((C / 2) - 1)))] * 0.25f)) - in[((_i1 * C) + _i2)];
    }
  free(dx);
  free(d);
  free(ux);
}

int main(int argc, char **argv) {
  int R = argc > 2 ? atoi(argv[1]) : 16, C = argc > 2 ? atoi(argv[2]) : 24;
  float *in = (float *)malloc(sizeof(float) * R * C), *out = (float *)malloc(sizeof(float) * R * C);
  for (int k = 0; k < R * C; k++) in[k] = (float)((k * 7919) % 1009) / 1009.0f;
  updown(R, C, in, out);
  unsigned h = 2166136261u;
  for (int k = 0; k < R * C; k++) {
    unsigned v;
    __builtin_memcpy(&v, &out[k], 4);
    h = (h ^ v) * 16777619u;
  }
  printf("%d x %d: %08x\n", R, C, h);
  free(in);
  free(out);
  return 0;
}
