// An inner loop bound loaded inside the outer loop (data-dependent): rejected with
// "non-affine loop bound" at the inner loop (negative twin of affine_bound.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void nonaffine_bound(long n, long m, float *restrict A, const long *restrict len) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < len[i]; j++)
      A[i * m + j] = 0.0f;
}
// The whole body and the outer nest fail on the inner bound, located at the inner loop. The
// inner loop alone is a SCoP: len[i], loaded before it, and the outer iteration i are its
// parameters (as in Polly).
// CHECK: polyprop-detect: function nonaffine_bound
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine loop bound: loop bound: value computed inside the region: {{.*}}load i64{{.*}} at {{.*}}nonaffine_bound.c:7:5
// CHECK-NEXT: rejected loop nest at {{.*}}: non-affine loop bound: {{.*}} at {{.*}}nonaffine_bound.c:7:5
// CHECK-NEXT: SCoP loop nest at {{.*}}nonaffine_bound.c:7:5: 1 statements, 1 arrays
