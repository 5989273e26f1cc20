// A clamped read of a whole producer (`t[c][max(x - 1, 0)][y]`) is replaced without splitting
// its reader (propagation::expressions, `inverted_write_piece`): the source instance is the
// producer's write inverted at the read's min/max subscripts, checked by isl to equal the
// propagation dependence on every reached instance. Section 3 of paper 003 splits the reader
// into the border instances x = 0, x = X - 1 and the interior; those splits fix dimension x
// between the loops c and y, which the code-complexity heuristic (section 4.3) refuses, so
// the temporary stayed (bilateral grid's blurz and blurx).
// - channels_rows: int counters, flattened subscripts, a channel loop outside, rows clamped
//   by ternaries: propagated whole, split into none (the plugin before this change left the
//   function untransformed: "nothing propagated").
// - channels_cols: the same with the clamp on the innermost iterator (columns): whole too.
// - rows_vla (another style): long counters, `float (*)[w]` rows, MIN/MAX macros:
//   propagated whole, one statement (four before: two borders, the interior and a row for
//   h = 1).
// Outputs identical to the naive build at 5 sizes, 1x1 and 2x3 included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROPAGATION
// CHECK-DAG: polyprop: function channels_rows, function body: transformed: 2 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function channels_cols, function body: transformed: 2 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function rows_vla, function body: transformed: 1 temporaries removed, 1 statements
// PROPAGATION-LABEL: polyprop-propagation: function channels_rows, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): propagated 3 RAW dependences into S{{[0-9]+}}; split into none
// PROPAGATION-LABEL: polyprop-propagation: function channels_cols, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): propagated 3 RAW dependences into S{{[0-9]+}}; split into none
// PROPAGATION-LABEL: polyprop-propagation: function rows_vla, function body
// PROPAGATION: MemRef{{[0-9]+}} (temporary): propagated 3 RAW dependences into S{{[0-9]+}}; split into none
#include "../codegen/Inputs/harness.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void channels_rows(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * 2 * w * h);
  for (int c = 0; c < 2; c++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        t[(c * h + y) * w + x] = in[y * w + x] * (c + 1.5f);
  for (int c = 0; c < 2; c++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int up = y > 0 ? y - 1 : 0, down = y < h - 1 ? y + 1 : h - 1;
        out[(c * h + y) * w + x] = t[(c * h + up) * w + x] * 0.25f + t[(c * h + y) * w + x] * 0.5f +
                                   t[(c * h + down) * w + x] * 0.25f;
      }
  free(t);
}

void channels_cols(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * 2 * w * h);
  for (int c = 0; c < 2; c++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        t[(c * h + y) * w + x] = in[y * w + x] * (c + 1.5f);
  for (int c = 0; c < 2; c++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        int left = x > 0 ? x - 1 : 0, right = x < w - 1 ? x + 1 : w - 1;
        out[(c * h + y) * w + x] = t[(c * h + y) * w + left] * 0.25f + t[(c * h + y) * w + x] * 0.5f +
                                   t[(c * h + y) * w + right] * 0.25f;
      }
  free(t);
}

void rows_vla(long w, long h, const float *in, float *out_flat) {
  float (*t)[w] = malloc(sizeof(float) * w * h);
  float (*out)[w] = (float (*)[w])out_flat;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y][x] = in[y * w + x] * 3.0f - 1.0f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y][x] = t[MAX(y - 1, 0)][x] - t[MIN(y + 1, h - 1)][x] + t[y][x];
  free(t);
}

int main(void) {
  enum { N = 16 };
  static float in[N * N], out[2 * N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {16, 16}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    channels_rows(w, h, in, out);
    harness_print("channels_rows", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    channels_cols(w, h, in, out);
    harness_print("channels_cols", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    rows_vla(w, h, in, out);
    harness_print("rows_vla", out, sizeof out);
  }
  return 0;
}
