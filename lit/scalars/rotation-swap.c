// Two scalars that swap every iteration (a cycle of phis: each reads the other's old value)
// and a conditional rotation under an affine condition. Outputs identical with and without
// the plugin.
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
#define N 40
static void kernel(int n, float *a, float *y, float *z) {
  float *pre = malloc(sizeof(float) * n);
  for (int j = 0; j < n; j++)
    pre[j] = a[j] * 0.75f + 1;
  float p = 1.0f, q = -1.0f, r1 = 0.5f, r2 = 0.25f;
  for (int j = 0; j < n; j++) {
    y[j] = pre[j] * p + q;
    float t = p;
    p = q;
    q = t;
    if (j % 3 == 0) {
      r2 = r1;
      r1 = pre[j] + r2;
    }
    z[j] = r1 - r2;
  }
  free(pre);
}
int main(void) {
  static float a[N], y[N], z[N];
  for (int i = 0; i < N; i++) a[i] = (float)(i * 3 % 11) * 0.75f;
  kernel(N, a, y, z);
  for (int i = 0; i < N; i++) printf("%a %a ", y[i], z[i]);
  printf("\n");
  return 0;
}
