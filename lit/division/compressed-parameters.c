// Parameter compression: the rows of the upsampled level are written as 4*(R/4) and read as
// R, so delinearization assumes R mod 4 = 0, and the model is rewritten over R_by4 = R / 4
// (polyhedral::compression): the AST bounds the loops by 4 * R_by4 instead of the division.
// The run-time check tests R = 4 R_by4: of the sizes 10 to 14 only 12 runs the new code, the
// others the original; outputs are identical. The model printer keeps the source's
// parameters.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS="print=transform;trace-checks" %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out 2>/dev/null
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-ast>' %t.ll | FileCheck %s --check-prefix=AST
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// RUN: env POLYPROP_OPTIONS=print=time %clang -O3 -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// CHECK: polyprop: function levels, function body: transformed: 3 temporaries removed
// TRACE: R=11
// TRACE-NEXT: R=12
// TRACE-NEXT: polyprop: new code of levels
// TRACE-NEXT: R=13
// TRACE-NOT: new code
// AST-LABEL: polyprop-ast: function levels, function body
// AST: for (long c1 = 0; c1 < 4 * R_by4; c1 += 1) {
// AST-NOT: floord
// AST-LABEL: polyprop-ast: function main
// MODEL-LABEL: polyprop-scops: function levels, function body
// MODEL-NEXT: scop: levels
// MODEL-NEXT: parameters: [R, C]
// MODEL: assumed context: [R, C] -> {  : (R) mod 4 = 0 } {{ *}}; delinearization of up: inner subscripts within [0, R), [0, C), sizes 4*floor((R)/4) = R
// TIME: polyprop-time: function levels, function body: detect and model {{[0-9.]+}} s, parameter compression {{[0-9.]+}} s, lattices {{[0-9.]+}} s, propagation
#include "../codegen/Inputs/harness.h"

#define AT(a, rows, cols, c, i, j) a[(c) * ((rows) * (cols)) + (i) * (cols) + (j)]

void levels(long R, long C, const float *in, float *out) {
  long R1 = R / 2, R2 = R / 4;
  float *half = malloc(sizeof(float) * 2 * R1 * C);
  float *quarter = malloc(sizeof(float) * 2 * R2 * C);
  // Read with the planes' stride R * C: where R is no multiple of 4, reads reach elements
  // no nest writes, zeros (nothing out of bounds).
  float *up = calloc(2 * R * C, sizeof(float));
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < R1; i++)
      for (long j = 0; j < C; j++)
        AT(half, R1, C, c, i, j) = (AT(in, R, C, c, 2 * i, j) + AT(in, R, C, c, 2 * i + 1, j)) * 0.5f;
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < R2; i++)
      for (long j = 0; j < C; j++)
        AT(quarter, R2, C, c, i, j) = (AT(half, R1, C, c, 2 * i, j) + AT(half, R1, C, c, 2 * i + 1, j)) * 0.5f;
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < 4 * R2; i++)
      for (long j = 0; j < C; j++)
        AT(up, 4 * R2, C, c, i, j) = AT(quarter, R2, C, c, i / 4, j) * 0.75f;
  for (long c = 0; c < 2; c++)
    for (long i = 0; i < 4 * R2; i++)
      for (long j = 0; j < C; j++)
        AT(out, R, C, c, i, j) = AT(in, R, C, c, i, j) - AT(up, R, C, c, i, j);
  free(up);
  free(half);
  free(quarter);
}

int main(void) {
  enum { RMAX = 14, C = 5 };
  static float in[2 * RMAX * C], out[2 * RMAX * C];
  harness_fill_float(in, 2 * RMAX * C);
  for (long R = 10; R <= 14; R++) {
    for (long k = 0; k < 2 * RMAX * C; k++)
      out[k] = 0.0f;
    fprintf(stderr, "R=%ld\n", R);
    levels(R, C, in, out);
    harness_print("rows", out, sizeof out);
  }
  return 0;
}
