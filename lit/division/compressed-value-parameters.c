// Parameter compression where a value reads the divided parameter: `(float)(R * C)` keeps R
// a parameter of the values, but once the model is written over R_by4 no set mentions R, so
// R and the product leave the isl spaces of the model (unused_params::
// value_only_out_of_spaces) and the sets carry [C, R_by4] only. The run-time check still
// tests R = 4 R_by4 over the value of R: of the sizes 10 to 14 only 12 runs the new code, the
// others the original; outputs are identical.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS="print=transform;trace-checks" %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS="print=propagation" %clang -O3 -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACES
// RUN: %t.naive > %t.naive.out 2>/dev/null
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace
// SPACES-LABEL: polyprop-propagation: function levels, function body
// SPACES-NEXT: parameters: [[[C:p[0-9]+]], [[R:p[0-9]+]]_by4]; read by values only: [[R]]{{$}}
// CHECK: polyprop: function levels, function body: transformed: 4 temporaries removed
// TRACE: R=11
// TRACE-NEXT: R=12
// TRACE-NEXT: polyprop: new code of levels
// TRACE-NEXT: R=13
// TRACE-NOT: new code
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
        AT(out, R, C, c, i, j) = AT(in, R, C, c, i, j) - AT(up, R, C, c, i, j) * (float)(R * C);
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
