// jacobi-2d: two statements in a time loop, both 3-D (t, i, j) with the time loop shared
// in the schedule; stencil reads delinearized with the VLA row length n.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void jacobi_2d(long tsteps, long n, double A[n][n], double B[n][n]) {
  for (long t = 0; t < tsteps; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}
// CHECK: polyprop-scops: function jacobi_2d, function body
// CHECK: parameters: [tsteps, n]
// CHECK: assumed context: [tsteps, n] -> { : }
// CHECK-DAG: array B[*][n]: f64 live-out
// CHECK-DAG: array A[*][n]: f64 live-out
// CHECK-DAG: run-time alias check: {{B and A|A and B}}
// CHECK: S0 at {{.*}}jacobi2d.c:9:17
// CHECK-NEXT: domain: [tsteps, n] -> { S0[i0, i1, i2] : 0 <= i0 < tsteps and 0 <= i1 <= -3 + n and 0 <= i2 <= -3 + n }
// CHECK-NEXT: schedule: [tsteps, n] -> { S0[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 0] }
// CHECK-NEXT: write: [tsteps, n] -> { S0[i0, i1, i2] -> B[i1 + 1, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S0[i0, i1, i2] -> A[i1 + 1, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S0[i0, i1, i2] -> A[i1 + 1, i2] }
// CHECK-DAG: read: [tsteps, n] -> { S0[i0, i1, i2] -> A[i1 + 1, i2 + 2] }
// CHECK-DAG: read: [tsteps, n] -> { S0[i0, i1, i2] -> A[i1 + 2, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S0[i0, i1, i2] -> A[i1, i2 + 1] }
// CHECK: S1 at {{.*}}jacobi2d.c:12:17
// CHECK-NEXT: domain: [tsteps, n] -> { S1[i0, i1, i2] : 0 <= i0 < tsteps and 0 <= i1 <= -3 + n and 0 <= i2 <= -3 + n }
// CHECK-NEXT: schedule: [tsteps, n] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] }
// CHECK-NEXT: write: [tsteps, n] -> { S1[i0, i1, i2] -> A[i1 + 1, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S1[i0, i1, i2] -> B[i1 + 1, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S1[i0, i1, i2] -> B[i1 + 1, i2] }
// CHECK-DAG: read: [tsteps, n] -> { S1[i0, i1, i2] -> B[i1 + 1, i2 + 2] }
// CHECK-DAG: read: [tsteps, n] -> { S1[i0, i1, i2] -> B[i1 + 2, i2 + 1] }
// CHECK-DAG: read: [tsteps, n] -> { S1[i0, i1, i2] -> B[i1, i2 + 1] }
// CHECK-NOT: S2
