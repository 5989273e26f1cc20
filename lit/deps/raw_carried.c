// A[i] = A[i - 1] * 0.5: a loop-carried RAW of distance 1 from the write to the next
// iteration's read.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void raw_carried(long n, float *restrict A) {
  for (long i = 1; i < n; i++)
    A[i] = A[i - 1] * 0.5f;
}
// CHECK: polyprop-deps: function raw_carried, function body
// CHECK-NEXT: RAW S0.write A[i0 + 1] -> S0.read#0 A[i0] : [n] -> { S0[i0] -> S0[i0' = 1 + i0] : 0 <= i0 <= -3 + n }
// CHECK-NOT: {{RAW|WAR|WAW}}
