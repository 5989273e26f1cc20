// Loop exits written with <=, >= and > (the last two counting down): each domain is
// normalized to 0 <= i0 < n and the subscripts are expressed in the normalized iterator.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void exit_comparisons(long n, float *restrict A) {
  for (long i = 1; i <= n; i++)
    A[i] = 1.0f;
  for (long i = n; i >= 1; i--)
    A[i] = A[i] + A[i - 1];
  for (long i = n; i > 0; i--)
    A[i] = 0.0f;
}
// CHECK: polyprop-scops: function exit_comparisons, function body
// CHECK: S0 at {{.*}}exit_comparisons.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0 + 1] }
// CHECK: S1 at {{.*}}exit_comparisons.c:9:10
// CHECK-NEXT: domain: [n] -> { S1[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S1[i0] -> [1, i0, 0] }
// CHECK-NEXT: write: [n] -> { S1[i0] -> A[-i0 + n] }
// CHECK-NEXT: read: [n] -> { S1[i0] -> A[-i0 + n] }
// CHECK-NEXT: read: [n] -> { S1[i0] -> A[-i0 + n - 1] }
// CHECK: S2 at {{.*}}exit_comparisons.c:11:10
// CHECK-NEXT: domain: [n] -> { S2[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S2[i0] -> [2, i0, 0] }
// CHECK-NEXT: write: [n] -> { S2[i0] -> A[-i0 + n] }
