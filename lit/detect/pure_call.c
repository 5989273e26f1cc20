// Calls to pure math functions (sqrtf, fabsf, expf, floorf) do not write memory: the loop
// is accepted and the calls appear in the value expression (positive twin of unknown_call.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
#include <math.h>
void pure_call(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = sqrtf(fabsf(B[i])) + expf(B[i]) + floorf(B[i]);
}
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop-detect: function pure_call
// CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
// CHECK-NOT: rejected
// MODEL: write: [n] -> { S0[i0] -> A[i0] }
// MODEL: value: A[i0] = {{.*}}sqrtf(fabsf(B[i0])){{.*}}expf(B[i0]){{.*}}floorf(B[i0])
