// An affine if/else on the iterator (i < 10): both stores are statements whose domains carry
// the condition and its negation.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void affine_if_else(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++) {
    if (i < 10)
      A[i] = B[i];
    else
      A[i] = 2.0f * B[i];
  }
}
// CHECK: polyprop-scops: function affine_if_else, function body
// CHECK: S0 at {{.*}}affine_if_else.c:8:12
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 <= 9 and i0 < n }
// CHECK: write: [n] -> { S0[i0] -> A[i0] }
// CHECK: S1 at {{.*}}affine_if_else.c:10:12
// CHECK-NEXT: domain: [n] -> { S1[i0] : n > 0 and 10 <= i0 < n }
// CHECK: write: [n] -> { S1[i0] -> A[i0] }
