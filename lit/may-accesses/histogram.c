// A histogram scatter (`hist[bin(x)] += 1`, `int` counters): a may-write over the elements
// its subscript can reach (the ternary clamps it to at most 15: polyhedral/src/range.rs),
// with its subscript computed in the statement. The histogram is never
// propagated: its initialization reaches the normalization only where no scatter wrote,
// which the model cannot tell (a may-write kills nothing), so propagating `hist[b] = 0` into
// the reader would be wrong. The weights read by the scatter's subscript stay too (nothing
// is propagated into a may-write); the normalized stage after it is propagated. The twin
// without the scatter propagates the histogram. Outputs are identical with and without the
// plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>,print<polyprop-deps>,print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function histogram, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function no_scatter, function body: transformed: 3 temporaries removed
// MODEL-LABEL: polyprop-scops: function histogram
// MODEL: may-write: [n] -> { S2[i0] -> hist[may0] : may0 <= 15 }
// MODEL: may-read: [n] -> { S2[i0] -> hist[may0] : may0 <= 15 }
// MODEL-LABEL: polyprop-deps: function histogram
// MODEL-DAG: RAW S0.write hist[i0] -> S4.read#0 hist[i0]
// MODEL-DAG: RAW S2.write may hist[?] -> S4.read#0 hist[i0]
// MODEL-DAG: RAW S1.write weight[i0] -> S2.read#1 weight[i0]
// MODEL-DAG: RAW S0.write hist[i0] -> S2.read#0 may hist[?]
// MODEL-DAG: WAW S0.write hist[i0] -> S2.write may hist[?]
// MODEL-LABEL: polyprop-propagation: function histogram
// MODEL-DAG: hist (temporary): not propagated: may-write: S2 writes the location at a data-dependent subscript
// MODEL-DAG: weight (temporary): not propagated: S2 writes at a data-dependent subscript or reads the location in its data-dependent condition: nothing is propagated into it
// MODEL-DAG: norm (temporary): propagated {{.*}}removed writes S4
// MODEL-LABEL: polyprop-propagation: function no_scatter
// MODEL-DAG: hist (temporary): propagated {{.*}}removed writes S0
#include "../codegen/Inputs/harness.h"

void histogram(int n, const float *img, float *out) {
  float *hist = malloc(sizeof(float) * 16);
  float *weight = malloc(sizeof(float) * n);
  float *norm = malloc(sizeof(float) * 16);
  for (int b = 0; b < 16; b++)
    hist[b] = 0.0f;
  for (int i = 0; i < n; i++)
    weight[i] = img[i] * 12.0f;
  for (int i = 0; i < n; i++) {
    int k = (int)weight[i];
    hist[k > 15 ? 15 : k] += 1.0f;
  }
  for (int b = 0; b < 16; b++)
    norm[b] = hist[b] / (float)n;
  for (int b = 0; b < 16; b++)
    out[b] = norm[b] * 100.0f;
  free(hist);
  free(weight);
  free(norm);
}

void no_scatter(int n, const float *img, float *out) {
  float *hist = malloc(sizeof(float) * 16);
  float *norm = malloc(sizeof(float) * 16);
  for (int b = 0; b < 16; b++)
    hist[b] = img[b] * 2.0f;
  for (int b = 0; b < 16; b++)
    norm[b] = hist[b] / (float)n;
  for (int b = 0; b < 16; b++)
    out[b] = norm[b] * 100.0f;
  free(hist);
  free(norm);
}

int main(void) {
  enum { N = 1000 };
  static float img[N], out[16];
  harness_fill_float(img, N);
  histogram(N, img, out);
  harness_print("histogram", out, sizeof out);
  no_scatter(N, img, out);
  harness_print("no scatter", out, sizeof out);
  return 0;
}
