// A triangular nest (j <= i): the inner bound is the outer iterator; the transposed read
// is delinearized with row length n.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void triangular(long n, double *restrict L, const double *restrict M) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= i; j++)
      L[i * n + j] = M[j * n + i];
}
// CHECK: polyprop-scops: function triangular, function body
// CHECK-DAG: array L[*][n]: f64 live-out
// CHECK-DAG: array M[*][n]: f64 live-out
// CHECK: S0 at {{.*}}triangular.c:8:20
// CHECK-NEXT: domain: [n] -> { S0[i0, i1] : 0 <= i0 < n and 0 <= i1 <= i0 }
// CHECK-NEXT: schedule: [n] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0, i1] -> L[i0, i1] }
// CHECK-NEXT: read: [n] -> { S0[i0, i1] -> M[i1, i0] }
