// A quadratic subscript A[i * i] is not affine: rejected with "non-affine subscript".
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void quadratic_subscript(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i * i] = 1.0f;
}
// CHECK: polyprop-detect: function quadratic_subscript
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine subscript: non-linear recurrence {{.*}} at {{.*}}quadratic_subscript.c:6:14
// CHECK-NOT: SCoP
