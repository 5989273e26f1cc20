// Fixed-size 2-D arrays (globals and an array parameter): accesses are 2-D with the
// declared inner size, not flattened.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
float A[64][128], B[64][128];
void fixed_2d(void) {
  for (long i = 1; i < 63; i++)
    for (long j = 0; j < 128; j++)
      A[i][j] = B[i - 1][j] + B[i + 1][j];
}
void fixed_2d_param(float P[restrict 64][128], const float Q[restrict 64][128]) {
  for (long i = 1; i < 63; i++)
    for (long j = 0; j < 128; j++)
      P[i][j] = Q[i - 1][j];
}
// CHECK: polyprop-scops: function fixed_2d, function body
// CHECK-DAG: array A[*][128]: f32 live-out
// CHECK-DAG: array B[*][128]: f32 live-out
// CHECK: domain: { S0[i0, i1] : 0 <= i0 <= 61 and 0 <= i1 <= 127 }
// CHECK: write: [] -> { S0[i0, i1] -> A[i0 + 1, i1] }
// CHECK: read: [] -> { S0[i0, i1] -> B[i0, i1] }
// CHECK: read: [] -> { S0[i0, i1] -> B[i0 + 2, i1] }
// CHECK: polyprop-scops: function fixed_2d_param, function body
// CHECK: write: [] -> { S0[i0, i1] -> P[i0 + 1, i1] }
// CHECK: read: [] -> { S0[i0, i1] -> Q[i0, i1] }
