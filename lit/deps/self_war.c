// A[i] = A[i] + 1: the read and the write of one statement instance touch the same element,
// a WAR inside the instance (distance 0); no loop-carried dependence.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void self_war(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = A[i] + 1.0f;
}
// CHECK: polyprop-deps: function self_war, function body
// CHECK-NEXT: WAR S0.read#0 A[i0] -> S0.write A[i0] : [n] -> { S0[i0] -> S0[i0' = i0] : 0 <= i0 < n }
// CHECK-NOT: {{RAW|WAR|WAW}}
