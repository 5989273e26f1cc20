// Stages on distinct restrict arrays share no element: no dependence at all (negative twin
// of raw_two_stages.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-deps>' %t.ll | FileCheck %s
void independent(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 0; i < n; i++)
    B[i] = in[i] + 1.0f;
}
// CHECK: polyprop-deps: function independent, function body
// CHECK-NOT: {{RAW|WAR|WAW}}
