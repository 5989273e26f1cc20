// Found by scripts/campaign.sh (gen-loops seed 23: its function f0 is transformed and the
// printed hash differs), reduced with creduce, then by hand to stay free of undefined
// behaviour (creduce had shrunk g below the accessed p[14]).
// Cause (fixed): the data-dependent if-then triangle of `p[14] != 0.0f ? q[i] : 49.0f` feeds a phi
// whose last value leaves the loop (LICM sinks the store to p[-1] after it); the model writes
// the phi's scalar in both statements (49.0f and q[i0]) without the branch condition, so the
// later one always wins: polyprop's build stores 0.5 where the plain build stores 49.
// RUN: %clang -O3 -w %s -o %t.plain
// RUN: %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.plain > %t.plain.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.plain.out %t.polyprop.out
// RUN: FileCheck %s < %t.polyprop.out
// CHECK: 49 0
#include <stdio.h>
#include <stdlib.h>

float g[16];

void f(float *p) {
  float *q = malloc(sizeof(float) * 16);
  for (long a = 0; a < 16; a++)
    q[a] = 0.5f;
  for (long i = 0; i < 2; i++)
    p[-1] = (p[14] != 0.0f ? q[i] : 49.0f) + (i ? p[1] : 0.0f);
  free(q);
}

int main(void) {
  f(g + 1);
  printf("%g %g\n", g[0], g[1]);
  return 0;
}
