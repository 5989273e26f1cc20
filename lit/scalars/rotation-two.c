// A loop-carried rotation through two scalars (PolyBench's deriche): ym2 takes the value ym1
// had before ym1 is overwritten. The phi writes at the end of the loop body are a parallel
// copy; polyprop must read ym1 before writing it. Built with and without the plugin, the
// outputs are identical.
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
#define N 8
static void kernel(int n, float a[N], float y[N]) {
  float *t = malloc(sizeof(float) * n);
  for (int j = 0; j < n; j++)
    t[j] = a[j] * 0.75f + 1;
  float ym1 = 0.0f, ym2 = 0.0f;
  for (int j = 0; j < n; j++) {
    y[j] = t[j] + 0.5f * ym1 + 0.25f * ym2;
    ym2 = ym1;
    ym1 = y[j];
  }
  free(t);
}
int main(void) {
  static float a[N], y[N];
  for (int i = 0; i < N; i++) a[i] = (float)(i + 1);
  kernel(N, a, y);
  for (int i = 0; i < N; i++) printf("%a ", y[i]);
  printf("\n");
  return 0;
}
