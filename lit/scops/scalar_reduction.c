// A scalar sum: the accumulator is a zero-dimensional scalar location s_... written and
// read by the loop statement, and read by the statement storing the result.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void scalar_reduction(long n, const float *restrict A, float *restrict out) {
  float s = 0.0f;
  for (long i = 0; i < n; i++)
    s += A[i];
  *out = s;
}
// The accumulator's header value is updated in iterations 0..n-2; the last iteration writes
// the value leaving the loop, which reaches *out through a scalar merging the n <= 0 case.
// CHECK: polyprop-scops: function scalar_reduction, function body
// CHECK-DAG: array out[*]: f32 live-out
// CHECK-DAG: array A[*]: f32 live-out
// CHECK-DAG: scalar s_{{[0-9a-z_]+}}: f32 temporary
// CHECK: S0
// CHECK-NEXT: domain: [n] -> { S0[] : n <= 0 }
// CHECK-NEXT: schedule: [n] -> { S0[] -> [0, 0, 0] }
// CHECK-NEXT: write: [n] -> { S0[] -> [[RESULT:s_[0-9a-z_]+]][] }
// CHECK-NEXT: value: [[RESULT]] = 0.0f
// CHECK: S1
// CHECK-NEXT: domain: [n] -> { S1[] : n > 0 }
// CHECK-NEXT: schedule: [n] -> { S1[] -> [1, 0, 0] }
// CHECK-NEXT: write: [n] -> { S1[] -> [[ACC:s_[0-9a-z_]+]][] }
// CHECK-NEXT: value: [[ACC]] = 0.0f
// CHECK: S2
// CHECK-NEXT: domain: [n] -> { S2[i0] : 0 <= i0 <= -2 + n }
// CHECK-NEXT: schedule: [n] -> { S2[i0] -> [2, i0, 0] }
// CHECK-NEXT: write: [n] -> { S2[i0] -> [[ACC]][] }
// CHECK-DAG: read: [n] -> { S2[i0] -> [[ACC]][] }
// CHECK-DAG: read: [n] -> { S2[i0] -> A[i0] }
// CHECK: value: [[ACC]] = ([[ACC]] + A[i0])
// CHECK: S3 at {{.*}}scalar_reduction.c:8:7
// CHECK-NEXT: domain: [n] -> { S3[i0 = -1 + n] : n > 0 }
// CHECK-NEXT: schedule: [n] -> { S3[i0] -> [2, i0, 1] }
// CHECK-NEXT: write: [n] -> { S3[i0] -> [[LAST:s_[0-9a-z_]+]][] }
// CHECK: value: [[LAST]] = ([[ACC]] + A[i0])
// CHECK: S4
// CHECK-NEXT: domain: [n] -> { S4[] : n > 0 }
// CHECK-NEXT: schedule: [n] -> { S4[] -> [3, 0, 0] }
// CHECK-NEXT: write: [n] -> { S4[] -> [[RESULT]][] }
// CHECK-NEXT: read: [n] -> { S4[] -> [[LAST]][] }
// CHECK: S5 at {{.*}}scalar_reduction.c:9:8
// CHECK-NEXT: domain: [n] -> { S5[] }
// CHECK-NEXT: schedule: [n] -> { S5[] -> [4, 0, 0] }
// CHECK-NEXT: write: [n] -> { S5[] -> out[0] }
// CHECK-NEXT: read: [n] -> { S5[] -> [[RESULT]][] }
// CHECK-NEXT: value: out[0] = [[RESULT]]
