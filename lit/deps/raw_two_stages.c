// A producer stage and a consumer stage reading A[i-1] and A[i]: two RAW dependences from
// S0 to S1, one per read, with the distance of each.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void raw_two_stages(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
}
// CHECK: polyprop-deps: function raw_two_stages, function body
// CHECK-NEXT: RAW S0.write A[i0] -> S1.read#0 A[i0] : [n] -> { S0[i0] -> S1[i0' = i0] : 0 <= i0 <= -2 + n }
// CHECK-NEXT: RAW S0.write A[i0] -> S1.read#1 A[i0 + 1] : [n] -> { S0[i0] -> S1[i0' = -1 + i0] : 0 < i0 < n }
// CHECK-NOT: {{RAW|WAR|WAW}}
