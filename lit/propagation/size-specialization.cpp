// Sizes specialized to multiples (polyhedral::specialization) are no longer needed for a
// two-level pyramid written as PolyMage generates it, each level sized `R / 2` on its own and
// the upsampling read clamped at `R / 2 - 1`, valid for every size, odd ones included: the
// clamped reads are replaced without splitting their readers (propagation::expressions,
// `inverted_write_piece`), so the border cases of odd sizes no longer exceed a split limit
// of 3 and nothing is specialized; all three temporaries go, and at every size the
// transformed code runs (fewer allocations than the naive build at odd sizes too, valgrind's
// heap summary). Whole PolyMage pipelines still specialize their sizes where that removes more
// temporaries or leaves fewer statements (lit/test-suite/interpolate.polymage.test,
// local_laplacian.polymage.test). Outputs identical to the naive build at every size.
// RUN: clang++-14 -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;split-limit=3' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.limited 2>&1 | FileCheck %s --check-prefix=LIMITED
// LIMITED: polyprop: function updown, function body: transformed: 3 temporaries removed, {{[0-9]+}} statements{{$}}
// RUN: env POLYPROP_OPTIONS='print=transform' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.general 2>&1 | FileCheck %s --check-prefix=GENERAL
// GENERAL: polyprop: function updown, function body: transformed: 3 temporaries removed, {{[0-9]+}} statements{{$}}
// RUN: env POLYPROP_OPTIONS='print=propagation;split-limit=3' clang++-14 -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROBE
// RUN: %t.naive 16 24 > %t.naive.out
// RUN: %t.naive 17 24 >> %t.naive.out
// RUN: %t.naive 16 23 >> %t.naive.out
// RUN: %t.naive 33 35 >> %t.naive.out
// RUN: %t.naive 2 2 >> %t.naive.out
// RUN: %t.naive 1 1 >> %t.naive.out
// RUN: %t.naive 40 64 >> %t.naive.out
// RUN: %t.limited 16 24 > %t.limited.out
// RUN: %t.limited 17 24 >> %t.limited.out
// RUN: %t.limited 16 23 >> %t.limited.out
// RUN: %t.limited 33 35 >> %t.limited.out
// RUN: %t.limited 2 2 >> %t.limited.out
// RUN: %t.limited 1 1 >> %t.limited.out
// RUN: %t.limited 40 64 >> %t.limited.out
// RUN: %t.general 16 24 > %t.general.out
// RUN: %t.general 17 24 >> %t.general.out
// RUN: %t.general 16 23 >> %t.general.out
// RUN: %t.general 33 35 >> %t.general.out
// RUN: %t.general 2 2 >> %t.general.out
// RUN: %t.general 1 1 >> %t.general.out
// RUN: %t.general 40 64 >> %t.general.out
// RUN: cmp %t.naive.out %t.limited.out
// RUN: cmp %t.naive.out %t.general.out
// RUN: valgrind %t.naive 17 24 2>&1 | grep -o "[0-9,]* allocs" > %t.naive.odd
// RUN: valgrind %t.limited 17 24 2>&1 | grep -o "[0-9,]* allocs" > %t.limited.odd
// RUN: not cmp -s %t.naive.odd %t.limited.odd
// PROBE-LABEL: polyprop-propagation: function updown, function body
// PROBE: #1 d (temporary): propagated 4 RAW dependences into S2, S3; split into none
// PROBE-NOT: passes with sizes specialized
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
