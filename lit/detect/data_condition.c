// A store guarded by a data-dependent branch (B[i] > 0): rejected with "non-affine
// condition". Its select-style twin is accepted (scops/select_max.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void data_condition(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    if (B[i] > 0.0f)
      A[i] = B[i];
}
// CHECK: polyprop-detect: function data_condition
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine condition: {{.*}}fcmp ogt float{{.*}} at {{.*}}data_condition.c:7:9
// CHECK-NEXT: rejected loop nest at {{.*}}: non-affine condition: {{.*}} at {{.*}}data_condition.c:7:9
// CHECK-NOT: SCoP
