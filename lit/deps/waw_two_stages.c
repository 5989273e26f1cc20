// Two stages writing the same elements: one WAW per element from S0 to S1.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void waw_two_stages(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = 1.0f;
  for (long i = 0; i < n; i++)
    A[i] = 2.0f;
}
// CHECK: polyprop-deps: function waw_two_stages, function body
// CHECK-NEXT: WAW S0.write A[i0] -> S1.write A[i0] : [n] -> { S0[i0] -> S1[i0' = i0] : 0 <= i0 < n }
// CHECK-NOT: {{RAW|WAR|WAW}}
