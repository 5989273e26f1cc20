// PolyBench-style seidel-2d end to end: in-place 9-point Gauss-Seidel sweeps, linearized subscripts A[i*n+j]. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_seidel_2d, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: A {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_seidel_2d(long tsteps, long n, double *A) {
  for (long t = 0; t <= tsteps - 1; t++)
    for (long i = 1; i <= n - 2; i++)
      for (long j = 1; j <= n - 2; j++)
        A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] + A[(i - 1) * n + j + 1] +
                        A[i * n + j - 1] + A[i * n + j] + A[i * n + j + 1] +
                        A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] + A[(i + 1) * n + j + 1]) / 9.0;
}

int main(void) {
  long n = 40, tsteps = 5;
  double *A = malloc(sizeof(double) * n * n);
  harness_fill_double(A, n * n);
  kernel_seidel_2d(tsteps, n, A);
  harness_print("A", A, sizeof(double) * n * n);
  return 0;
}
