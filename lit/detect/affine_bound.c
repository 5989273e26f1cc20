// A loop whose bound is a parameter: accepted as a SCoP (positive twin of nonaffine_bound.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void affine_bound(long n, long m, float *restrict A, const float *restrict len) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      A[i * m + j] = len[i];
}
// CHECK: polyprop-detect: function affine_bound
// CHECK-NEXT: SCoP function body: 2 statements, 3 arrays
// CHECK-NOT: rejected
