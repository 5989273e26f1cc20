// The inner loop runs one past the row length (j <= m in rows of m): delinearizing A to
// [*][m] is only valid when no instance runs, and the assumed context says exactly that
// (n <= 0 or m < 0), so a run-time check would always pick the original code: the region
// is rejected, with the assumption that never holds.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void delinearize_out_of_bounds(long n, long m, float *restrict A) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j <= m; j++)
      A[i * m + j] = 1.0f;
}
// CHECK: polyprop-detect: function delinearize_out_of_bounds
// CHECK-NEXT: rejected function body: infeasible assumption: delinearization of A: inner subscripts within [0, m) never holds when the region runs
