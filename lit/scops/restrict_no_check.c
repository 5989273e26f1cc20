// The same loop as alias_check.c with restrict arguments: disjoint, so no run-time alias
// check.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void restrict_no_check(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] + 1.0f;
}
// CHECK: polyprop-scops: function restrict_no_check, function body
// CHECK-NOT: run-time alias check
// CHECK: S0 at {{.*}}restrict_no_check.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> B[i0] }
