// A conjunction of affine conditions (2 <= i < n-2): the then-branch domain is the
// conjunction, the else-branch domain a union of two pieces.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void affine_condition_union(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++) {
    if (i >= 2 && i < n - 2)
      A[i] = B[i];
    else
      A[i] = 0.0f;
  }
}
// CHECK: polyprop-scops: function affine_condition_union, function body
// CHECK: S0 at {{.*}}affine_condition_union.c:8:12
// CHECK-NEXT: domain: [n] -> { S0[i0] : 2 <= i0 <= -3 + n }
// CHECK: S1 at {{.*}}affine_condition_union.c:10:12
// CHECK-NEXT: domain: [n] -> { S1[i0] : 0 <= i0 < n and (i0 <= 1 or i0 >= -2 + n) }
