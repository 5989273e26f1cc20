// PolyBench-style 2mm end to end: tmp = alpha*A*B, D = beta*D + tmp*C; tmp is a parameter, hence live-out. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_2mm, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: tmp {{[0-9a-f]+}}
// OUTPUT-NEXT: D {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_2mm(long ni, long nj, long nk, long nl, double alpha, double beta,
                double tmp[ni][nj], double A[ni][nk], double B[nk][nj], double C[nj][nl],
                double D[ni][nl]) {
  for (long i = 0; i < ni; i++)
    for (long j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (long k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (long i = 0; i < ni; i++)
    for (long j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (long k = 0; k < nj; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  long ni = 21, nj = 23, nk = 25, nl = 27;
  double (*tmp)[nj] = malloc(sizeof(double) * ni * nj);
  double (*A)[nk] = malloc(sizeof(double) * ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * nk * nj);
  double (*C)[nl] = malloc(sizeof(double) * nj * nl);
  double (*D)[nl] = malloc(sizeof(double) * ni * nl);
  harness_fill_double(&A[0][0], ni * nk);
  harness_fill_double(&B[0][0], nk * nj);
  harness_fill_double(&C[0][0], nj * nl);
  harness_fill_double(&D[0][0], ni * nl);
  kernel_2mm(ni, nj, nk, nl, 1.5, 1.2, tmp, A, B, C, D);
  harness_print("tmp", tmp, sizeof(double) * ni * nj);
  harness_print("D", D, sizeof(double) * ni * nl);
  return 0;
}
