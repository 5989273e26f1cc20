// Hand-linearized subscripts whose polynomial split puts the column outside its row: loops
// counting down give (h - 1 - y) * w + (w - 1 - x) = (h - y) * w + (-1 - x), read as
// t[h - y][-1 - x]; a last-column store t[y * w + w - 1] is read as t[y + 1][-1]. The
// assumption that inner subscripts lie within [0, w) would then never hold where the
// statements run, and the transformed code would never be used. The model moves such a
// column in by a whole row where that puts it inside on the whole domain: t[h - 1 - y][w -
// 1 - x] and t[y][w - 1] (inside except where w <= 0, where the program indexes outside its
// array anyway: that stays an assumption). The temporaries go (valgrind counts fewer
// allocations).
// Twin: a read one past the row end (t[y * w + x + 1] for x up to w - 1) crosses rows for
// the last column only; moving does not help, and since that assumption never holds where
// the loops run the region is rejected, with the reason, instead of transformed for nothing.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: valgrind %t.naive 2>&1 | grep -o "[0-9,]* allocs" > %t.naive.allocs
// RUN: valgrind %t.polyprop 2>&1 | grep -o "[0-9,]* allocs" > %t.polyprop.allocs
// RUN: not cmp -s %t.naive.allocs %t.polyprop.allocs
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function count_down, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function last_column, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function past_the_row, function body: not transformed: rejected: infeasible assumption: delinearization of {{.*}}: inner subscripts within [0, {{.*}}) never holds when the region runs
// MODEL-LABEL: polyprop-scops: function count_down, function body
// MODEL: assumed context: [h, w] -> { : }
// MODEL: write: [h, w] -> { S0[i0, i1] -> t[-i0 + h - 1, -i1 + w - 1] }
// MODEL-LABEL: polyprop-scops: function last_column, function body
// MODEL: assumed context: [h, w] -> {  : h <= 0 or (h > 0 and w > 0) }    ; delinearization of t: inner subscripts within [0, w)
// MODEL: write: [h, w] -> { S1[i0] -> t[i0, w - 1] }
#include "../codegen/Inputs/harness.h"

void count_down(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h), *u = malloc(sizeof(float) * w * h);
  for (int y = h - 1; y >= 0; y--)
    for (int x = w - 1; x >= 0; x--)
      t[y * w + x] = in[y * w + x] * 2.0f;
  for (int y = h - 1; y >= 0; y--)
    for (int x = w - 1; x >= 0; x--)
      u[y * w + x] = t[y * w + x] + in[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = u[y * w + x] + 1.0f;
  free(t);
  free(u);
}

void last_column(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w - 1; x++)
      t[y * w + x] = in[y * w + x] + in[y * w + x + 1];
    t[y * w + w - 1] = in[y * w + w - 1];
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] * 0.5f;
  free(t);
}

void past_the_row(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h + 1));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = in[y * w + x] * 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x + 1];
  free(t);
}

int main(void) {
  enum { N = 12 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {12, 12}, {7, 5}};
  for (int k = 0; k < 5; k++) {
    int w = sizes[k][0], h = sizes[k][1];
    __builtin_memset(out, 0, sizeof out);
    count_down(w, h, in, out);
    harness_print("count down", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    last_column(w, h, in, out);
    harness_print("last column", out, sizeof out);
  }
  return 0;
}
