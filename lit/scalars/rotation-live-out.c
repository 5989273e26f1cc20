// A rotation whose scalars are read after the loop: the last two values are written to
// memory after it, inside the same function. Outputs identical with and without the plugin.
// The input goes through a malloc'd temporary first, which polyprop removes, so the function
// is regenerated from the model, rotation included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function kernel, function body: transformed
#include <stdio.h>
#include <stdlib.h>
#define N 16
static void kernel(int n, float *a, float *y, float *last) {
  float *t = malloc(sizeof(float) * n);
  for (int j = 0; j < n; j++)
    t[j] = a[j] * 0.75f + 1;
  float ym1 = 0.0f, ym2 = 0.0f;
  for (int j = 0; j < n; j++) {
    y[j] = t[j] - 0.5f * ym1 + 0.25f * ym2;
    ym2 = ym1;
    ym1 = y[j];
  }
  last[0] = ym1;
  last[1] = ym2;
  free(t);
}
int main(void) {
  static float a[N], y[N], last[2];
  for (int i = 0; i < N; i++) a[i] = (float)(i & 5) + 0.125f;
  kernel(N, a, y, last);
  for (int i = 0; i < N; i++) printf("%a ", y[i]);
  printf("%a %a\n", last[0], last[1]);
  return 0;
}
