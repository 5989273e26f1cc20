// A[i] = A[i + 1]: iteration i+1 overwrites what iteration i read, a loop-carried WAR of
// distance 1 (and no RAW: nothing read was written before).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void war_shift(long n, float *restrict A) {
  for (long i = 0; i < n; i++)
    A[i] = A[i + 1];
}
// CHECK: polyprop-deps: function war_shift, function body
// CHECK-NEXT: WAR S0.read#0 A[i0 + 1] -> S0.write A[i0] : [n] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -2 + n }
// CHECK-NOT: {{RAW|WAR|WAW}}
