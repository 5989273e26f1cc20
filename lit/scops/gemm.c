// gemm with C99 variable-length array parameters and long sizes: the subscripts are
// parametric, delinearized to 2-D accesses; C may alias A and B, so both pairs get a run-time
// alias check; alpha and beta are invariant scalars.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void gemm(long ni, long nj, long nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (long i = 0; i < ni; i++) {
    for (long j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
// CHECK: polyprop-scops: function gemm, function body
// CHECK: parameters: [ni, nj, nk]
// CHECK: assumed context: [ni, nj, nk] -> { : }
// CHECK-DAG: array C[*][nj]: f64 live-out
// CHECK-DAG: array A[*][nk]: f64 live-out
// CHECK-DAG: array B[*][nj]: f64 live-out
// CHECK-DAG: invariant beta: f64
// CHECK-DAG: invariant alpha: f64
// CHECK-DAG: run-time alias check: C and A
// CHECK-DAG: run-time alias check: C and B
// CHECK-NOT: run-time alias check: A and B
// CHECK: S0 at {{.*}}gemm.c:10:15
// CHECK-NEXT: domain: [ni, nj, nk] -> { S0[i0, i1] : nj > 0 and 0 <= i0 < ni and 0 <= i1 < nj }
// CHECK-NEXT: schedule: [ni, nj, nk] -> { S0[i0, i1] -> [0, i0, 0, i1, 0, 0, 0] }
// CHECK-NEXT: write: [ni, nj, nk] -> { S0[i0, i1] -> C[i0, i1] }
// CHECK-NEXT: read: [ni, nj, nk] -> { S0[i0, i1] -> C[i0, i1] }
// CHECK-NEXT: value: C[i0][i1] = (C[i0][i1] * beta)
// CHECK-NEXT: S1 at {{.*}}gemm.c:13:17
// CHECK-NEXT: domain: [ni, nj, nk] -> { S1[i0, i1, i2] : nj > 0 and 0 <= i0 < ni and 0 <= i1 < nk and 0 <= i2 < nj }
// CHECK-NEXT: schedule: [ni, nj, nk] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] }
// CHECK-NEXT: write: [ni, nj, nk] -> { S1[i0, i1, i2] -> C[i0, i2] }
// CHECK-DAG: read: [ni, nj, nk] -> { S1[i0, i1, i2] -> A[i0, i1] }
// CHECK-DAG: read: [ni, nj, nk] -> { S1[i0, i1, i2] -> B[i1, i2] }
// CHECK-DAG: read: [ni, nj, nk] -> { S1[i0, i1, i2] -> C[i0, i2] }
// CHECK: value: C[i0][i2] = fmuladd((A[i0][i1] * alpha), B[i1][i2], C[i0][i2])
// CHECK-NOT: S2
