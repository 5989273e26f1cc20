// The option keep=NAMES leaves the named temporaries as they are (reason "kept by the option
// keep="), by their source names (debug info, -g); the other temporaries still propagate,
// and a name the function does not have changes nothing.
// - blur_int: int counters, flattened subscripts, a 3-tap blur along rows then columns: with
//   keep=bx, bx stays and by is propagated into the output.
// - blur_vla: long counters, `float (*)[w]` arrays, the same two stages: keep=by keeps by and
//   propagates bx into by's writer.
// Outputs identical to the naive build at 4 sizes, with and without the option.
// RUN: %clang -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='keep=bx,by_not_here' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.keep_bx
// RUN: env POLYPROP_OPTIONS='keep=by' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.keep_by
// RUN: %t.naive > %t.naive.out
// RUN: %t.keep_bx > %t.keep_bx.out
// RUN: %t.keep_by > %t.keep_by.out
// RUN: cmp %t.naive.out %t.keep_bx.out
// RUN: cmp %t.naive.out %t.keep_by.out
// RUN: env POLYPROP_OPTIONS='keep=bx;print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=BX
// RUN: env POLYPROP_OPTIONS='keep=by;print=propagation' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=BY
// BX-LABEL: polyprop-propagation: function blur_int, function body
// BX-DAG: bx (temporary): not propagated: kept by the option keep=
// BX-DAG: by (temporary): propagated 1 RAW dependences into S{{[0-9]+}}; split into none
// BX-LABEL: polyprop-propagation: function blur_vla, function body
// BX-DAG: bx (temporary): not propagated: kept by the option keep=
// BX-DAG: by (temporary): propagated 1 RAW dependences into S{{[0-9]+}}; split into none
// BY-LABEL: polyprop-propagation: function blur_int, function body
// BY-DAG: by (temporary): not propagated: kept by the option keep=
// BY-DAG: bx (temporary): propagated 3 RAW dependences into S{{[0-9]+}}; split into none
// BY-LABEL: polyprop-propagation: function blur_vla, function body
// BY-DAG: by (temporary): not propagated: kept by the option keep=
// BY-DAG: bx (temporary): propagated 3 RAW dependences into S{{[0-9]+}}; split into none
#include "../codegen/Inputs/harness.h"

void blur_int(int w, int h, const float *in, float *out) {
  float *bx = malloc(sizeof(float) * w * h);
  float *by = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      bx[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      by[y * w + x] = (bx[(y - 1) * w + x] + bx[y * w + x] + bx[(y + 1) * w + x]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = in[y * w + x] - by[y * w + x];
  free(bx);
  free(by);
}

void blur_vla(long w, long h, const float *in_flat, float *out_flat) {
  const float (*in)[w] = (const float (*)[w])in_flat;
  float (*out)[w] = (float (*)[w])out_flat;
  float (*bx)[w] = malloc(sizeof(float) * w * h);
  float (*by)[w] = malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = 1; x < w - 1; x++)
      bx[y][x] = (in[y][x - 1] + in[y][x] + in[y][x + 1]) / 3.0f;
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      by[y][x] = (bx[y - 1][x] + bx[y][x] + bx[y + 1][x]) / 3.0f;
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      out[y][x] = in[y][x] - by[y][x];
  free(bx);
  free(by);
}

int main(void) {
  enum { N = 16 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{3, 3}, {16, 16}, {7, 5}, {4, 9}};
  for (int s = 0; s < 4; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    blur_int(w, h, in, out);
    harness_print("blur_int", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    blur_vla(w, h, in, out);
    harness_print("blur_vla", out, sizeof out);
  }
  return 0;
}
