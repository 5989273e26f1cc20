// Branches on iterators inside a loop body, split away by propagating scalars
// (propagation/src/branches.rs): a border case written as a branch (`x > 0 ? in[k - 1] : c`,
// or an if/else around a load) gives the model one statement per side writing the same
// scalar; where propagation removes no array, the code is still generated when propagating
// those scalars splits the statement that writes the output along the branches, so that
// the interior runs without them. blur_returned returns the array it allocates (modeled by
// default); heat allocates nothing and is modeled with `schedule` (or a profile); three_cases
// chains three cases along the row, which clang makes a switch; rows_border chooses the row
// above by a condition, which instcombine makes one load from a select of rows. A select
// whose sides read nothing (weights_returned) is one statement: nothing is split.
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: function blur_returned, function body: transformed: 0 temporaries removed, 8 statements, branches on iterators split (statements writing arrays: 1 -> 8)
// CHECK: function heat, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// CHECK: function three_cases, function body: transformed: 0 temporaries removed, 3 statements, branches on iterators split (statements writing arrays: 1 -> 3)
// CHECK: function weights_returned, function body: not transformed: nothing propagated: no temporary array
// RUN: env POLYPROP_OPTIONS='schedule;print=transform' %clang -O3 -march=native -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHEDULE
// SCHEDULE: function blur_returned, function body: transformed: 0 temporaries removed, 8 statements, branches on iterators split (statements writing arrays: 1 -> 8), not rescheduled
// SCHEDULE: function heat, function body: transformed: 0 temporaries removed, 16 statements, branches on iterators split (statements writing arrays: 1 -> 16), not rescheduled
// SCHEDULE: function three_cases, function body: transformed
// SCHEDULE: function rows_border, function body: transformed: 0 temporaries removed, 2 statements, branches on iterators split (statements writing arrays: 1 -> 2)
// SCHEDULE: function weights_returned, function body: not transformed: nothing propagated, not rescheduled
// The interior of heat: its rows between the borders, each a loop over the columns between
// them, without a condition, and the two border cells.
// RUN: %ir %s -o %t.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast>)' %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// AST-LABEL: function heat
// AST: for (long c0 = 1; c0 < n - 1; c0 += 1) {
// AST-NEXT: S{{[0-9_]+}}(c0, 0);
// AST-NEXT: for (long c1 = 1; c1 < m - 1; c1 += 1) {
// AST-NEXT: S{{[0-9_]+}}(c0, c1);
// AST-NEXT: }
// AST-NEXT: S{{[0-9_]+}}(c0, m - 1);
// Differential: outputs identical at sizes where the borders meet or overlap.
// RUN: %clang -O3 -march=native %s -DMAIN -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS=schedule %clang -O3 -march=native -fpass-plugin=%polyprop %s -DMAIN -o %t.split
// RUN: %t.split > %t.split.out
// RUN: cmp %t.naive.out %t.split.out
// RUN: %clang -O2 -fpass-plugin=%polyprop %s -DMAIN -o %t.O2
// RUN: %t.O2 > %t.O2.out
// RUN: %clang -O2 %s -DMAIN -o %t.naive-O2
// RUN: %t.naive-O2 > %t.naive-O2.out
// RUN: cmp %t.naive-O2.out %t.O2.out

#include <stdlib.h>

float *blur_returned(int h, int w, const float *in) {
  float *out = (float *)malloc(sizeof(float) * (size_t)h * (size_t)w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int k = y * w + x;
      float c = in[k];
      float left = x > 0 ? in[k - 1] : c;
      float right = x < w - 1 ? in[k + 1] : c;
      float up = y > 0 ? in[k - w] : c;
      out[k] = (left + right + up + c) * 0.25f;
    }
  return out;
}

void heat(long n, long m, float (*restrict next)[m], float (*restrict now)[m], const float (*restrict power)[m]) {
  for (long r = 0; r < n; r++)
    for (long c = 0; c < m; c++) {
      float t = now[r][c];
      float north, south;
      if (r > 0)
        north = now[r - 1][c];
      else
        north = t;
      if (r < n - 1)
        south = now[r + 1][c];
      else
        south = t;
      float west = c > 0 ? now[r][c - 1] : t;
      float east = c < m - 1 ? now[r][c + 1] : t;
      next[r][c] = t + 0.1f * (power[r][c] + north + south + west + east - 4.0f * t);
    }
}

// An if / else if / else chain on the column, which simplifycfg turns into a switch (lowered
// again by the canonicalization, `lowerswitch`): three cases along the row.
float *three_cases(long w, long h, const float *in) {
  float *out = (float *)malloc(sizeof(float) * (size_t)(w * h));
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++) {
      float left;
      if (x == 0)
        left = in[y * w];
      else if (x == 1)
        left = 0.5f * (in[y * w] + in[y * w + 1]);
      else
        left = in[y * w + x - 2] + in[y * w + x - 1];
      out[y * w + x] = left - in[y * w + x];
    }
  return out;
}

// size_t counters and the row above chosen by a condition on the row: instcombine makes the
// two loads one from `in + (y == 0 ? 0 : (y - 1) * w) + x`, a select of rows that the
// canonicalization splits into a branch with a load on each side again
// (`polyprop-split-select-loads`).
void rows_border(size_t w, size_t h, const double *restrict in, double *restrict out) {
  for (size_t y = 0; y < h; y++)
    for (size_t x = 0; x < w; x++) {
      double up = y == 0 ? in[x] : in[(y - 1) * w + x];
      out[y * w + x] = up + in[y * w + x];
    }
}

float *weights_returned(int h, int w, const float *in) {
  float *out = (float *)malloc(sizeof(float) * (size_t)h * (size_t)w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float weight = x > 0 && x < w - 1 ? 0.5f : 1.0f;
      out[y * w + x] = in[y * w + x] * weight;
    }
  return out;
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  static const int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 7}, {64, 33}, {0, 4}};
  for (int s = 0; s < 7; s++) {
    int h = sizes[s][0], w = sizes[s][1];
    float *in = malloc(sizeof(float) * (size_t)(h * w + 1)), *p = malloc(sizeof(float) * (size_t)(h * w + 1));
    float *next = malloc(sizeof(float) * (size_t)(h * w + 1));
    double *ind = malloc(sizeof(double) * (size_t)(h * w + 1)), *rows = malloc(sizeof(double) * (size_t)(h * w + 1));
    for (int k = 0; k < h * w; k++) {
      in[k] = (float)(k * 7 % 13) * 0.5f;
      p[k] = (float)(k % 5) * 0.25f;
      ind[k] = (double)(k * 5 % 13) * 0.25;
    }
    rows_border((size_t)w, (size_t)h, ind, rows);
    float *blurred = blur_returned(h, w, in), *weighted = weights_returned(h, w, in), *cases = three_cases(w, h, in);
    heat(h, w, (float (*)[w])next, (float (*)[w])in, (const float (*)[w])p);
    double sum = 0.0;
    for (int k = 0; k < h * w; k++)
      sum += (double)blurred[k] * (k % 3 + 1) + (double)next[k] * (k % 5 + 1) + weighted[k] + (double)cases[k] * (k % 7 + 1) + rows[k] * (k % 4 + 1);
    printf("%dx%d %a\n", h, w, sum);
    free(in), free(p), free(next), free(blurred), free(weighted), free(cases), free(ind), free(rows);
  }
  return 0;
}
#endif
