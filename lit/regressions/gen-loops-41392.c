// Found by scripts/campaign.sh (gen-loops seed 41392), reduced by hand: a miscompile. The
// ternary under a data-dependent comparison was a side-effect-free hammock whose arms share the
// branch block's domain, and one arm held an affine branch (`(i24 & 1) == 0 ?`, `i24 == 0`
// after canonicalization) feeding a phi: the load on the branch's true side was written to
// the phi's scalar in both iterations, after the false side's write, and p0[1][9] came out
// 1.0 instead of 3.49. That phi is now a select on the affine condition, computed inside the
// statement (lit/scalars/hammock-affine-arm.c); a store beside such a branch stays a reject
// reason. Outputs identical.
// RUN: %clang -O3 -w %s -o %t.plain
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.plain > %t.plain.out && %t.polyprop > %t.polyprop.out && cmp %t.plain.out %t.polyprop.out
// CHECK: polyprop: function f1, function body: transformed
#include <stdio.h>
#include <stdlib.h>
static float g1[12][11];
static void f1(long n0, float (*p0)[11]) {
  float *q1 = (float *)malloc(sizeof(float) * 12 * 10);
  for (long a16 = 0; a16 < 12; a16++)
    for (long b17 = 0; b17 < 10; b17++)
      q1[(a16) * 10 + b17] = (float)(a16);
  for (long i22 = n0 - 3 - 1; i22 >= 3; i22--) {
    p0[2 * i22][n0 / 2 + 1] = ((float)(i22) + q1[(n0 / 2 + 1) * 10 + n0 - 2]) * 0.5f;
  }
  for (long i24 = 0; i24 <= 1; i24++) {
    p0[i24][n0] = ((float)(i24) > ((p0[(i24 - 1 < 0 ? 0 : i24 - 1 > 11 ? 11 : i24 - 1)][i24 + 2] * p0[i24][(i24 + 1 < 0 ? 0 : i24 + 1 > 10 ? 10 : i24 + 1)] * 0.0009765625f) > ((i24 & 1) == 0 ? p0[i24 + 1][n0 / 2 + 1] : (float)(i24)) ? (p0[(i24 - 1 < 0 ? 0 : i24 - 1 > 11 ? 11 : i24 - 1)][i24 + 2] * p0[i24][(i24 + 1 < 0 ? 0 : i24 + 1 > 10 ? 10 : i24 + 1)] * 0.0009765625f) : ((i24 & 1) == 0 ? p0[i24 + 1][n0 / 2 + 1] : (float)(i24))) ? (float)(i24) : ((p0[(i24 - 1 < 0 ? 0 : i24 - 1 > 11 ? 11 : i24 - 1)][i24 + 2] * p0[i24][(i24 + 1 < 0 ? 0 : i24 + 1 > 10 ? 10 : i24 + 1)] * 0.0009765625f) > ((i24 & 1) == 0 ? p0[i24 + 1][n0 / 2 + 1] : (float)(i24)) ? (p0[(i24 - 1 < 0 ? 0 : i24 - 1 > 11 ? 11 : i24 - 1)][i24 + 2] * p0[i24][(i24 + 1 < 0 ? 0 : i24 + 1 > 10 ? 10 : i24 + 1)] * 0.0009765625f) : ((i24 & 1) == 0 ? p0[i24 + 1][n0 / 2 + 1] : (float)(i24))));
  }

  free(q1);
}
int main(void) {
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 11; j++) g1[i][j] = (float)((i * 47 + j * 67 + 929) % 2001 - 1000) * 0.5f;
  f1(9, g1);
  for (int i = 0; i < 12; i++) for (int j = 0; j < 11; j++) printf("%d %d %a\n", i, j, g1[i][j]);
  return 0;
}
