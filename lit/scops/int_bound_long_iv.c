// An int size with a long iterator: the sign-extended bound is the parameter n.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void int_bound_long_iv(int n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = 1.0f;
}
// CHECK: polyprop-scops: function int_bound_long_iv, function body
// CHECK: parameters: [n]
// CHECK: S0 at {{.*}}int_bound_long_iv.c:6:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
