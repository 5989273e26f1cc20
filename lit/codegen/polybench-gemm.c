// PolyBench-style gemm end to end: C = alpha*A*B + beta*C with C99 VLA parameters. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_gemm, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: C {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_gemm(long ni, long nj, long nk, double alpha, double beta, double C[ni][nj],
                 double A[ni][nk], double B[nk][nj]) {
  for (long i = 0; i < ni; i++) {
    for (long j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  long ni = 31, nj = 37, nk = 29;
  double (*C)[nj] = malloc(sizeof(double) * ni * nj);
  double (*A)[nk] = malloc(sizeof(double) * ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * nk * nj);
  harness_fill_double(&C[0][0], ni * nj);
  harness_fill_double(&A[0][0], ni * nk);
  harness_fill_double(&B[0][0], nk * nj);
  kernel_gemm(ni, nj, nk, 1.5, 1.2, C, A, B);
  harness_print("C", C, sizeof(double) * ni * nj);
  return 0;
}
