// Two plain pointer arguments may alias: the SCoP is still modeled, with a run-time alias
// check between the written array and the read one (twin of restrict_no_check.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void alias_check(long n, float *A, const float *B) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] + 1.0f;
}
// CHECK: polyprop-scops: function alias_check, function body
// CHECK: array A[*]: f32 live-out
// CHECK: array B[*]: f32 live-out
// CHECK: run-time alias check: A and B
// CHECK: S0 at {{.*}}alias_check.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> B[i0] }
// CHECK-NEXT: value: A[i0] = (B[i0] + 1.0f)
