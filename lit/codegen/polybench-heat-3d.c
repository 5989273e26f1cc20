// PolyBench-style heat-3d end to end: tsteps of two 3-D 7-point stencils swapping A and B, VLA parameters. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_heat_3d, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: A {{[0-9a-f]+}}
// OUTPUT-NEXT: B {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_heat_3d(long tsteps, long n, double A[n][n][n], double B[n][n][n]) {
  for (long t = 1; t <= tsteps; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        for (long k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                     + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                     + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        for (long k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                     + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                     + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
}

int main(void) {
  long n = 14, tsteps = 5;
  double (*A)[n][n] = malloc(sizeof(double) * n * n * n);
  double (*B)[n][n] = malloc(sizeof(double) * n * n * n);
  harness_fill_double(&A[0][0][0], n * n * n);
  harness_fill_double(&B[0][0][0], n * n * n);
  kernel_heat_3d(tsteps, n, A, B);
  harness_print("A", A, sizeof(double) * n * n * n);
  harness_print("B", B, sizeof(double) * n * n * n);
  return 0;
}
