// A loop with its only exit at the header: accepted (positive twin of several_exits.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void single_exit(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] < 0.0f ? 0.0f : B[i];
}
// CHECK: polyprop-detect: function single_exit
// CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
// CHECK-NOT: rejected
