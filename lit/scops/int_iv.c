// int induction variables and int sizes (sign-extended in the subscripts): modeled like long
// ones, with the linearized subscript delinearized by m.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void int_iv(int n, int m, float *restrict A, const float *restrict B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] = B[i * m + j] * 0.5f;
}
// CHECK: polyprop-scops: function int_iv, function body
// CHECK: parameters: [n, m]
// CHECK: S0 at {{.*}}int_iv.c:8:20
// CHECK-NEXT: domain: [n, m] -> { S0[i0, i1] : {{.*}}0 <= i0 < n and 0 <= i1 < m }
// CHECK: write: [n, m] -> { S0[i0, i1] -> A[i0, i1] }
// CHECK: read: [n, m] -> { S0[i0, i1] -> B[i0, i1] }
