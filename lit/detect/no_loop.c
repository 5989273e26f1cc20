// Straight-line code has nothing to model: rejected with "no loop".
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void no_loop(float *restrict A, const float *restrict B) {
  A[0] = B[0] + B[1];
}
// CHECK: polyprop-detect: function no_loop
// CHECK-NEXT: rejected function body: no loop: function without loops
// CHECK-NOT: SCoP
