// A data-dependent break gives the loop a second exit: rejected with "several exits" at the
// break's condition (negative twin of single_exit.c).
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
// CHECK: rejected function body: several exits: loop with several exits at {{.*}}several_exits.c:7:9
// CHECK-NEXT: rejected loop nest at {{.*}}: several exits: {{.*}}several_exits.c:7:9
// CHECK-NOT: SCoP
