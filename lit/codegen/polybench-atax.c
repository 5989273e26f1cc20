// PolyBench-style atax end to end: y = A^T (A x) through the parameter array tmp, linearized A[i*n+j]. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_atax, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: y {{[0-9a-f]+}}
// OUTPUT-NEXT: tmp {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_atax(long m, long n, double *A, double *x, double *y, double *tmp) {
  for (long i = 0; i < n; i++)
    y[i] = 0;
  for (long i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (long j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i * n + j] * x[j];
    for (long j = 0; j < n; j++)
      y[j] = y[j] + A[i * n + j] * tmp[i];
  }
}

int main(void) {
  long m = 38, n = 42;
  double *A = malloc(sizeof(double) * m * n);
  double *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  double *tmp = malloc(sizeof(double) * m);
  harness_fill_double(A, m * n);
  harness_fill_double(x, n);
  kernel_atax(m, n, A, x, y, tmp);
  harness_print("y", y, sizeof(double) * n);
  harness_print("tmp", tmp, sizeof(double) * m);
  return 0;
}
