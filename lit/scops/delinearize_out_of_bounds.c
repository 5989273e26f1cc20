// The inner loop runs one past the row length (j <= m in rows of m): delinearizing A to
// [*][m] is only valid when no instance runs, and the assumed context says exactly that
// (n <= 0 or m < 0), so a run-time check would always pick the original code.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void delinearize_out_of_bounds(long n, long m, float *restrict A) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= m; j++)
      A[i * m + j] = 1.0f;
}
// CHECK: polyprop-scops: function delinearize_out_of_bounds, function body
// CHECK: assumed context: [n, m] -> {  : n <= 0 or (n > 0 and m < 0) } {{ *}}; delinearization of A: inner subscripts within [0, m)
// CHECK: array A[*][m]: f32 live-out
// CHECK: S0 at {{.*}}delinearize_out_of_bounds.c:9:20
// CHECK-NEXT: domain: [n, m] -> { S0[i0, i1] : 0 <= i0 < n and 0 <= i1 <= m }
// CHECK-NEXT: schedule: [n, m] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT: write: [n, m] -> { S0[i0, i1] -> A[i0, i1] }
