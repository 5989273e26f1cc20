// Time loops that stop when the solution settles (`if (change < tol) break;`), the usual way
// an iterative solver ends: the time loop is no SCoP (its trip count depends on the data), and
// the steps inside it end in a block that merges the largest change of the step (a reduction
// after its nest) with the 0 of the path where the nest's guard skips it. The transform's
// second try gives that merge a block of its own inside the steps' region
// (`splitExitMerges`), so the steps are one sequence of nests that hands the merged value
// back to the test after it; the grids swap by pointer, the fluxes are a temporary
// allocated once before the time loop (swapped-grids.c).
// - relax: `int` counters, float, the largest change by a ternary;
// - relax_sum: `long` counters, double, the sum of squared changes, a flux and a gradient.
// Outputs identical at every size, n = 0 to 300 (the number of steps taken included); the new
// code runs at every step (RAN counts them at n = 100: 126 and 90 steps, the last one the step
// that breaks).
// RUN: %clang -O3 %s -o %t.naive -lm
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp -lm 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 0 1 2 3 10 100 300; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 0 1 2 3 10 100 300; do %t.pp $n; done' > %t.pp.out 2> /dev/null
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %t.pp 100 2>&1 >/dev/null | sort | uniq -c | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function relax, loop nests: transformed
// CHECK-DAG: polyprop: function relax_sum, loop nests: transformed
// RAN-DAG: 126 polyprop: new code of relax._
// RAN-DAG: 90 polyprop: new code of relax_sum._
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int relax(int n, int steps, float tol, float *a, float *b) {
  float *f = malloc(sizeof(float) * n + 4);
  int t;
  for (t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      f[i] = a[i - 1] - 2.0f * a[i] + a[i + 1];
    float change = 0.0f;
    for (int i = 1; i < n - 1; i++) {
      b[i] = a[i] + 0.25f * f[i];
      float d = fabsf(0.25f * f[i]);
      change = d > change ? d : change;
    }
    float *tmp = a;
    a = b;
    b = tmp;
    if (change < tol)
      break;
  }
  free(f);
  return t;
}

__attribute__((noinline)) long relax_sum(long n, long steps, double tol, double *u, double *v) {
  double *flux = malloc(sizeof(double) * n + 8), *grad = malloc(sizeof(double) * n + 8);
  long t = 0;
  while (t < steps) {
    for (long i = 0; i < n - 1; i++)
      grad[i] = u[i + 1] - u[i];
    for (long i = 1; i < n - 1; i++)
      flux[i] = grad[i] - grad[i - 1];
    double sum = 0.0;
    for (long i = 1; i < n - 1; i++) {
      v[i] = u[i] + 0.2 * flux[i];
      sum += (0.2 * flux[i]) * (0.2 * flux[i]);
    }
    double *swap = u;
    u = v;
    v = swap;
    t++;
    if (sum < tol)
      break;
  }
  free(flux);
  free(grad);
  return t;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  float *a = malloc(sizeof(float) * n + 4), *b = malloc(sizeof(float) * n + 4);
  double *u = malloc(sizeof(double) * n + 8), *v = malloc(sizeof(double) * n + 8);
  for (int i = 0; i < n; i++) {
    a[i] = b[i] = (float)((i * 37) % 11);
    u[i] = v[i] = (double)((i * 13) % 7);
  }
  int t = relax(n, 200, 0.01f, a, b);
  long s = relax_sum(n, 120, 1e-3, u, v);
  double x = 0, y = 0;
  for (int i = 0; i < n; i++) {
    x = x * 1.5 + a[i] + 2.0 * b[i];
    y = y * 1.25 + u[i] + 3.0 * v[i];
  }
  printf("%d %ld %a %a\n", t, s, x, y);
  return 0;
}
