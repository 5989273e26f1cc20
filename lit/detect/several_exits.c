// A data-dependent break gives the loop a second exit whose condition is not affine: the
// first iteration that leaves is not known statically, rejected at the break's condition
// (negative twin of single_exit.c; affine breaks are modeled: lit/scops/loop-break.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void several_exits(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++) {
    if (B[i] < 0.0f)
      break;
    A[i] = B[i];
  }
}
// CHECK: polyprop-detect: function several_exits
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine loop bound: trip count not computable: branch on a non-affine value: {{.*}} = fcmp olt float {{.*}} at {{.*}}several_exits.c:8:9
// CHECK-NEXT: rejected loop nest at {{.*}}: non-affine loop bound: {{.*}}several_exits.c:8:9
// CHECK-NOT: SCoP
