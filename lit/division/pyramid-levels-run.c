// A pyramid level hand-linearized with parametric sizes that are divisions of the image
// size: the coarse level has R/2 rows (a product of two size expressions, floor(R/2) * C,
// as the channel stride), and the upsampled level is written with rows of 2*(R/2) but read
// with rows of R. Delinearization gives 3-D accesses; the two row counts are one size only
// where R is even, which becomes part of the assumed context with the inner-subscript
// bounds. With R even the transformed code runs; with R odd the run-time check fails and
// the original code runs: outputs are identical with and without the plugin in both cases.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop: function upsample, function body: transformed: 2 temporaries removed
// MODEL-LABEL: polyprop-scops: function upsample, function body
// MODEL-DAG: assumed context: [{{.*}}] -> {  : (R) mod 2 = 0 } {{ *}}; delinearization of up: inner subscripts within [0, R), [0, C), sizes 2*floor((R)/2) = R
// MODEL-DAG: array half[*][floor((R)/2)][C]: f32 temporary
// MODEL-DAG: array up[*][R][C]: f32 temporary
// MODEL-DAG: write: [{{.*}}] -> { S{{[0-9]+}}[i0, i1, i2] -> up[i0, 2*i1 + 1, i2] }
#include "../codegen/Inputs/harness.h"

#define AT(a, rows, cols, c, i, j) a[(c) * ((rows) * (cols)) + (i) * (cols) + (j)]

void upsample(long R, long C, const float *in, float *out) {
  long R1 = R / 2;
  float *half = malloc(sizeof(float) * 3 * R1 * C);
  float *up = malloc(sizeof(float) * 3 * (2 * R1) * C);
  for (long c = 0; c < 3; c++)
    for (long i = 0; i < R1; i++)
      for (long j = 0; j < C; j++)
        AT(half, R1, C, c, i, j) = (AT(in, R, C, c, 2 * i, j) + AT(in, R, C, c, 2 * i + 1, j)) * 0.5f;
  for (long c = 0; c < 3; c++)
    for (long i = 0; i < R1; i++)
      for (long j = 0; j < C; j++) {
        AT(up, 2 * R1, C, c, 2 * i, j) = AT(half, R1, C, c, i, j);
        AT(up, 2 * R1, C, c, 2 * i + 1, j) = AT(half, R1, C, c, i, j) * 0.75f;
      }
  for (long c = 0; c < 3; c++)
    for (long i = 0; i < 2 * R1; i++)
      for (long j = 0; j < C; j++)
        AT(out, R, C, c, i, j) = AT(in, R, C, c, i, j) - AT(up, R, C, c, i, j);
  free(half);
  free(up);
}

int main(void) {
  enum { RMAX = 17, C = 11 };
  static float in[3 * RMAX * C], out[3 * RMAX * C];
  harness_fill_float(in, 3 * RMAX * C);
  for (long R = 16; R <= 17; R++) {
    for (long k = 0; k < 3 * RMAX * C; k++)
      out[k] = 0.0f;
    upsample(R, C, in, out);
    harness_print(R == 16 ? "even rows" : "odd rows", out, sizeof out);
  }
  return 0;
}
