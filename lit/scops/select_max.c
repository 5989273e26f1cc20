// A data-dependent max written as a select: no branch, so the statement is accepted and its
// value expression is a select over the two reads (twin of detect/data_condition.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void select_max(long n, float *restrict A, const float *restrict B, const float *restrict C) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] > C[i] ? B[i] : C[i];
}
// CHECK: polyprop-scops: function select_max, function body
// CHECK: S0 at {{.*}}select_max.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
// CHECK-DAG: read: [n] -> { S0[i0] -> B[i0] }
// CHECK-DAG: read: [n] -> { S0[i0] -> C[i0] }
// CHECK: value: A[i0] = select((B[i0] > C[i0]), B[i0], C[i0])
// CHECK-NOT: S1
