// The inner loop starts at the outer iterator (j from i to m): the normalized inner iterator
// is j - i, so the subscripts read i0 + i1, and outer iterations with i >= m have no instance.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void inner_starts_at_outer(long n, long m, float *restrict A) {
  for (long i = 0; i < n; i++)
    for (long j = i; j < m; j++)
      A[i * m + j] = A[j * m + i];
}
// CHECK: polyprop-scops: function inner_starts_at_outer, function body
// CHECK: array A[*][m]: f32 live-out
// CHECK: S0 at {{.*}}inner_starts_at_outer.c:8:20
// CHECK-NEXT: domain: [n, m] -> { S0[i0, i1] : 0 <= i0 < m and i0 < n and 0 <= i1 < m - i0 }
// CHECK-NEXT: schedule: [n, m] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT: write: [n, m] -> { S0[i0, i1] -> A[i0, i0 + i1] }
// CHECK-NEXT: read: [n, m] -> { S0[i0, i1] -> A[i0 + i1, i0] }
// CHECK-NEXT: value: A[i0][i0 + i1] = A[i0 + i1][i0]
