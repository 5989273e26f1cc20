// Two functions, each with its SCoP: one file per SCoP, named after it.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=SCALE < %t.dir/scale.jscop
// RUN: FileCheck %s --check-prefix=SHIFT < %t.dir/shift.jscop
void scale(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = A[i] * 3.0f;
}
void shift(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = B[i + 2];
}
// FILES: scale.jscop
// FILES-NEXT: shift.jscop
// SCALE: "name": "scale",
// SCALE: "kind": "write",
// SCALE-NEXT: "relation": "[n] -> { S0[i0] -> A[i0] }"
// SCALE: "kind": "read",
// SCALE-NEXT: "relation": "[n] -> { S0[i0] -> A[i0] }"
// SHIFT: "name": "shift",
// SHIFT: "kind": "read",
// SHIFT-NEXT: "relation": "[n] -> { S0[i0] -> B[i0 + 2] }"
