// A sum per row: the accumulator is a scalar location, reset in every outer iteration,
// updated in the inner loop and stored into rowsum[i].
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void row_reduction(long n, long m, const float *restrict A, float *restrict rowsum) {
  for (long i = 0; i < n; i++) {
    float s = 0.0f;
    for (long j = 0; j < m; j++)
      s += A[i * m + j];
    rowsum[i] = s;
  }
}
// CHECK: polyprop-scops: function row_reduction, function body
// CHECK-DAG: array A[*][m]: f32 live-out
// CHECK-DAG: array rowsum[*]: f32 live-out
// CHECK: S1
// CHECK-NEXT: domain: [n, m] -> { S1[i0] : n > 0 and m > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n, m] -> { S1[i0] -> [0, i0, 1, 0, 0] }
// CHECK-NEXT: write: [n, m] -> { S1[i0] -> [[ACC:s_[0-9a-z_]+]][] }
// CHECK-NEXT: value: [[ACC]] = 0.0f
// CHECK: S2
// CHECK-NEXT: domain: [n, m] -> { S2[i0, i1] : 0 <= i0 < n and 0 <= i1 <= -2 + m }
// CHECK-NEXT: schedule: [n, m] -> { S2[i0, i1] -> [0, i0, 2, i1, 0] }
// CHECK-NEXT: write: [n, m] -> { S2[i0, i1] -> [[ACC]][] }
// CHECK-DAG: read: [n, m] -> { S2[i0, i1] -> [[ACC]][] }
// CHECK-DAG: read: [n, m] -> { S2[i0, i1] -> A[i0, i1] }
// CHECK: S3 at {{.*}}row_reduction.c:9:9
// CHECK-NEXT: domain: [n, m] -> { S3[i0, i1 = -1 + m] : m > 0 and 0 <= i0 < n }
// CHECK: S5 at {{.*}}row_reduction.c:10:15
// CHECK-NEXT: domain: [n, m] -> { S5[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n, m] -> { S5[i0] -> [0, i0, 4, 0, 0] }
// CHECK-NEXT: write: [n, m] -> { S5[i0] -> rowsum[i0] }
// CHECK-NEXT: read: [n, m] -> { S5[i0] -> [[RESULT:s_[0-9a-z_]+]][] }
// CHECK-NEXT: value: rowsum[i0] = [[RESULT]]
