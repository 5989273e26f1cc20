// A rotation through three scalars of `double`, with `long` counters and a pointer argument:
// x3 = x2; x2 = x1; x1 = new. Outputs identical with and without the plugin.
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
#define N 32
static void kernel(long n, const double *a, double *y) {
  double *pre = malloc(sizeof(double) * n);
  for (long j = 0; j < n; j++)
    pre[j] = a[j] * 0.75 + 1;
  double x1 = 1.0, x2 = 2.0, x3 = 3.0;
  for (long j = 0; j < n; j++) {
    double t = pre[j] * 0.5 + x1 * 0.25 + x2 * 0.125 + x3 * 0.0625;
    y[j] = t;
    x3 = x2;
    x2 = x1;
    x1 = t;
  }
  free(pre);
}
int main(void) {
  static double a[N], y[N];
  for (int i = 0; i < N; i++) a[i] = (double)(i % 7) - 2.5;
  kernel(N, a, y);
  for (int i = 0; i < N; i++) printf("%a ", y[i]);
  printf("\n");
  return 0;
}
