// A running sum in a local variable, as C++ and Rodinia-style code write a product: `double
// sum = 0; for k: sum += ...; c[i*n+j] = sum;`. LICM leaves two scalars: the running sum and
// the copy of its last value that is stored. `schedule` propagates the temporary copy into the
// store first; the store of the running sum's last update then names the element for the
// running sum, which maps to it (`scalar_mapping`), and the nest is rescheduled.
// - mm: `int` counters, flattened subscripts, double;
// - mm_rows: `long` counters, `float (*)[N]`, float sum with an explicit multiply-add order;
// - still_read (negative twin): the sum reads row i of c, c[i][j]'s old value included (at
//   k == j), so c[i][j] cannot hold the running sum: nothing is mapped (the reason follows
//   "not rescheduled: " without a count of mapped scalars).
// - forward (trisolv): the sum reads x[j] of the x[i] it would live in; as an element of x
//   LLVM could not keep it in a register (1.45x slower rescheduled), so the nest keeps its
//   schedule: its only strided access, the diagonal l[i][i], is in a single loop, which no
//   new order shortens, so it is not even offered to the scheduler.
// Differential: outputs identical to the naive build.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS='schedule;tile-size=16;print=transform' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z2mmiPKdS0_Pd, function body: transformed: 0 temporaries removed, {{[0-9]+}} statements, 1 scalars mapped to array elements ({{[^,]+}} -> MemRef0[i0, i1]), rescheduled
// CHECK-DAG: polyprop: function _Z7mm_rowslPA29_KfS1_PA29_f, function body: transformed: 0 temporaries removed, {{[0-9]+}} statements, 1 scalars mapped to array elements ({{[^,]+}} -> MemRef0[i0, i1]), rescheduled
// CHECK-DAG: polyprop: function _Z10still_readiPKdPd, function body: not transformed: nothing propagated, not rescheduled: no strided
// CHECK-DAG: polyprop: function _Z7forwardiPA29_KdPS_Pd, function body: not transformed: nothing propagated, not rescheduled: no strided access in two loops or more
#include "Inputs/harness.h"

#define N 29

void mm(int n, const double *a, const double *b, double *c) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
      for (int k = 0; k < n; k++)
        sum += a[i * n + k] * b[k * n + j];
      c[i * n + j] = sum;
    }
}

void mm_rows(long n, const float (*a)[N], const float (*b)[N], float (*c)[N]) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      float sum = 0.0f;
      for (long k = 0; k < n; k++)
        sum = sum + a[i][k] * b[k][j];
      c[i][j] = sum;
    }
}

void still_read(int n, const double *a, double *c) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
      for (int k = 0; k < n; k++)
        sum += a[i * n + k] * c[i * n + k];
      c[i * n + j] = sum;
    }
}

void forward(int n, const double (*l)[N], const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    double s = b[i];
    for (int j = 0; j < i; j++)
      s -= l[i][j] * x[j];
    x[i] = s / l[i][i];
  }
}

int main() {
  static double a[N * N], b[N * N], c[N * N];
  static float fa[N][N], fb[N][N], fc[N][N];
  static double fa2[N][N];
  harness_fill_double(a, N * N);
  harness_fill_double(b, N * N);
  harness_fill_float(&fa[0][0], N * N);
  harness_fill_float(&fb[0][0], N * N);
  harness_fill_double(&fa2[0][0], N * N);
  mm(N, a, b, c);
  harness_print("mm", c, sizeof c);
  mm_rows(N, fa, fb, fc);
  harness_print("mm_rows", fc, sizeof fc);
  still_read(N, a, c);
  harness_print("still_read", c, sizeof c);
  forward(N, fa2, b, c);
  harness_print("forward", c, sizeof(double) * N);
  return 0;
}
