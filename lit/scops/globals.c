// Distinct global arrays are disjoint (no run-time check) and live-out; the loop bound is
// a constant, so the SCoP has no parameters.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
float X[1000], Y[1000];
void globals(void) {
  for (long i = 0; i < 999; i++)
    Y[i] = X[i] + X[i + 1];
}
// CHECK: polyprop-scops: function globals, function body
// CHECK: parameters: []
// CHECK-DAG: array Y[*]: f32 live-out
// CHECK-DAG: array X[*]: f32 live-out
// CHECK-NOT: run-time alias check
// CHECK: S0 at {{.*}}globals.c:8:10
// CHECK-NEXT: domain: {{.*}}{ S0[i0] : 0 <= i0 <= 998 }
// CHECK-NEXT: schedule: [] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [] -> { S0[i0] -> Y[i0] }
// CHECK-NEXT: read: [] -> { S0[i0] -> X[i0] }
// CHECK-NEXT: read: [] -> { S0[i0] -> X[i0 + 1] }
