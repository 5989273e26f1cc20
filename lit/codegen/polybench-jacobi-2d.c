// PolyBench-style jacobi-2d end to end: tsteps of two 5-point stencils swapping A and B, VLA parameters. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_jacobi_2d, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: A {{[0-9a-f]+}}
// OUTPUT-NEXT: B {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_jacobi_2d(long tsteps, long n, double A[n][n], double B[n][n]) {
  for (long t = 0; t < tsteps; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(void) {
  long n = 40, tsteps = 6;
  double (*A)[n] = malloc(sizeof(double) * n * n);
  double (*B)[n] = malloc(sizeof(double) * n * n);
  harness_fill_double(&A[0][0], n * n);
  harness_fill_double(&B[0][0], n * n);
  kernel_jacobi_2d(tsteps, n, A, B);
  harness_print("A", A, sizeof(double) * n * n);
  harness_print("B", B, sizeof(double) * n * n);
  return 0;
}
