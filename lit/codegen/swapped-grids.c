// Time loops whose steps swap two grids by pointer (`tmp = a; a = b; b = tmp;`), the most
// common way C writes an iterative stencil. The time loop is no SCoP (its grids are phis of
// pointers); the steps inside it are one sequence of nests (detect's inner sequences, as in
// repeat-loop.c), entered after the loop header's phis (the transform's second try, with
// loop headers split: `splitInnerGuards`), whose grids are base pointers chosen before each
// run, checked at run time not to overlap (`model_base`). Temporaries allocated once, before
// the time loop, are temporaries of the steps where no step reads what the previous one left
// (`propagation::settle_carried`).
// - jacobi_swap: `int` counters, flattened subscripts, a residual propagated into the
//   update; called once with the same grid twice, where the alias check fails and every step
//   runs the original code (5 + 2 steps, 5 of them new code);
// - heat_rows: `long` counters, `float (*)[W]` grids, fluxes along x and y propagated;
// - accumulate_swap (negative twin): `acc` adds up every step's residual, so a step reads
//   what the previous one wrote: live-out, kept (as a temporary its writes would be dead),
//   and the transform says so.
// Outputs identical at every size; RAN counts the steps that ran new code at n = 20.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 1 2 3 5 64; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 1 2 3 5 64; do %t.pp $n; done' > %t.pp.out 2> /dev/null
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %t.pp 20 2>&1 >/dev/null | sort | uniq -c | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function jacobi_swap, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function heat_rows, loop nests: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function accumulate_swap, loop nests: not transformed: nothing propagated: no temporary array (MemRef0: a run may read what the previous one wrote)
// RAN-DAG: 4 polyprop: new code of heat_rows._
// RAN-DAG: 5 polyprop: new code of jacobi_swap._
#include "Inputs/harness.h"

// A Jacobi step as a residual and an update, the grids swapped by pointer after each step;
// the residual allocated once, before the time loop. `int` counters, flattened subscripts.
__attribute__((noinline)) void jacobi_swap(int n, int m, int steps, double *a, double *b) {
  double *res = malloc(sizeof(double) * n * m + 8);
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        res[i * m + j] = a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1] - 4.0 * a[i * m + j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i * m + j] = a[i * m + j] + 0.2 * res[i * m + j];
    double *tmp = a;
    a = b;
    b = tmp;
  }
  free(res);
}

enum { W = 40 };

// Heat diffusion on rows of W floats through `float (*)[W]` pointers that swap, `long`
// counters, the flux along x and y in two temporaries allocated before the time loop.
__attribute__((noinline)) void heat_rows(long rows, long steps, float (*u)[W], float (*v)[W]) {
  float (*fx)[W] = malloc(sizeof(float) * W * rows);
  float (*fy)[W] = malloc(sizeof(float) * W * rows);
  for (long t = 0; t < steps; t++) {
    for (long y = 1; y < rows - 1; y++)
      for (long x = 1; x < W - 1; x++)
        fx[y][x] = u[y][x - 1] - 2.0f * u[y][x] + u[y][x + 1];
    for (long y = 1; y < rows - 1; y++)
      for (long x = 1; x < W - 1; x++)
        fy[y][x] = u[y - 1][x] - 2.0f * u[y][x] + u[y + 1][x];
    for (long y = 1; y < rows - 1; y++)
      for (long x = 1; x < W - 1; x++)
        v[y][x] = u[y][x] + 0.1f * (fx[y][x] + fy[y][x]);
    float (*swap)[W] = u;
    u = v;
    v = swap;
  }
  free(fx);
  free(fy);
}

// The negative twin: `acc`, allocated before the time loop and used only inside it, adds up
// every step's residual, so each step reads what the previous one wrote: live-out for the
// steps' SCoP, never propagated (it was a temporary, its writes dead, before).
__attribute__((noinline)) void accumulate_swap(int n, int steps, float *a, float *b) {
  float *acc = calloc(n, sizeof(float));
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      acc[i] = acc[i] + (a[i - 1] - 2.0f * a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i] + 0.25f * acc[i];
    float *tmp = a;
    a = b;
    b = tmp;
  }
  free(acc);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  int m = n + 3;
  double *a = malloc(sizeof(double) * n * m + 8), *b = malloc(sizeof(double) * n * m + 8);
  harness_fill_double(a, (long)n * m);
  for (long k = 0; k < (long)n * m; k++)
    b[k] = a[k];
  jacobi_swap(n, m, 5, a, b);
  harness_print("jacobi_swap a", a, sizeof(double) * n * m);
  harness_print("jacobi_swap b", b, sizeof(double) * n * m);
  // The same grid twice: the alias check sends every step to the original code.
  jacobi_swap(n, m, 2, a, a);
  harness_print("jacobi_swap in place", a, sizeof(double) * n * m);

  float (*u)[W] = malloc(sizeof(float) * W * n), (*v)[W] = malloc(sizeof(float) * W * n);
  harness_fill_float(&u[0][0], (long)W * n);
  for (long k = 0; k < (long)W * n; k++)
    (&v[0][0])[k] = (&u[0][0])[k];
  heat_rows(n, 4, u, v);
  harness_print("heat_rows u", u, sizeof(float) * W * n);
  harness_print("heat_rows v", v, sizeof(float) * W * n);

  float *p = malloc(sizeof(float) * n), *q = malloc(sizeof(float) * n);
  harness_fill_float(p, n);
  for (int k = 0; k < n; k++)
    q[k] = p[k];
  accumulate_swap(n, 3, p, q);
  harness_print("accumulate_swap p", p, sizeof(float) * n);
  harness_print("accumulate_swap q", q, sizeof(float) * n);
  return 0;
}
