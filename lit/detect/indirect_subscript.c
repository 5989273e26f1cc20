// An indirect subscript A[B[i]]: the address depends on a value loaded in the loop, so the
// region is rejected with "non-affine subscript" (negative twin of affine_subscript.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void indirect_subscript(long n, float *restrict A, const long *restrict B, const float *restrict C) {
  for (long i = 0; i < n; i++)
    A[B[i]] = C[i];
}
// CHECK: polyprop-detect: function indirect_subscript
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine subscript: value computed inside the region: {{.*}}load i64{{.*}} at {{.*}}indirect_subscript.c:7:13
// CHECK-NEXT: rejected loop nest at {{.*}}: non-affine subscript: {{.*}} at {{.*}}indirect_subscript.c:7:13
// CHECK-NOT: SCoP
