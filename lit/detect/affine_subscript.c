// A subscript that is an affine function of the iterator and a parameter: accepted
// (positive twin of indirect_subscript.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void affine_subscript(long n, long k, float *restrict A, const long *restrict B, const float *restrict C) {
  for (long i = 0; i < n; i++)
    A[2 * i + k] = C[i];
}
// CHECK: polyprop-detect: function affine_subscript
// CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
// CHECK-NOT: rejected
