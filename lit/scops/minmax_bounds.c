// min and max in loop bounds (a band of width 5 around the diagonal, clipped to [0, m)).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
void minmax_bounds(long n, long m, float *restrict A) {
  for (long i = 0; i < n; i++)
    for (long j = max(0, i - 2); j < min(m, i + 3); j++)
      A[i * m + j] = 0.0f;
}
// The printed iterator i1 may be normalized (j - max(0, i - 2)); these lines state the
// expected set with j as the second iterator.
// CHECK: polyprop-scops: function minmax_bounds, function body
// CHECK: S0 at {{.*}}minmax_bounds.c:9:20
// Iterators are normalized (i1 counts from the lower bound, j = i1 + max(0, i0 - 2)):
// CHECK-NEXT: domain: [n, m] -> { S0[i0, i1] : 0 <= i0 < n and 0 <= i1 <= 4 and i1 <= 2 + i0 and i1 <= 1 + m - i0 and i1 < m }
// CHECK: write: [n, m] -> { S0[i0, i1] -> A[i0, i0 + i1 - min(2, i0)] }
