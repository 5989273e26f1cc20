// An indirect subscript A[B[i]]: the address depends on a value loaded in the loop, so the
// write is a may-write over the whole of A (its subscript B[i] is read by the statement),
// not an affine access (negative twin of affine_subscript.c). A pointer loaded in the loop is
// still a base the model cannot name (the second function).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
void indirect_subscript(long n, float *restrict A, const long *restrict B, const float *restrict C) {
  for (long i = 0; i < n; i++)
    A[B[i]] = C[i];
}

void loaded_pointer(long n, float *const *restrict P, const float *restrict C) {
  for (long i = 0; i < n; i++)
    P[i][0] = C[i];
}
// CHECK: polyprop-detect: function indirect_subscript
// CHECK-NEXT: SCoP function body: 1 statements, 3 arrays
// CHECK: polyprop-scops: function indirect_subscript, function body
// CHECK: may-write: [n] -> { S0[i0] -> A[may0] }
// CHECK: read: [n] -> { S0[i0] -> C[i0] }
// CHECK: read: [n] -> { S0[i0] -> B[i0] }
// CHECK: value: A[? B[i0]] = C[i0]
// CHECK: polyprop-detect: function loaded_pointer
// CHECK-NOT: SCoP
// CHECK: rejected function body: {{.*}}inside the region{{.*}} at {{.*}}indirect_subscript.c:14:13
