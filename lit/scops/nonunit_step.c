// Non-unit steps (i += 3 upwards, i -= 2 downwards): the normalized iterator counts trips
// and the subscripts scale it.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void nonunit_step(long n, float *restrict A) {
  for (long i = 0; i < n; i += 3)
    A[i] = 1.0f;
  for (long i = n - 1; i >= 0; i -= 2)
    A[i] = A[i] + 2.0f;
}
// CHECK: polyprop-scops: function nonunit_step, function body
// CHECK: S0 at {{.*}}nonunit_step.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and i0 >= 0 and 3i0 < n }
// CHECK: write: [n] -> { S0[i0] -> A[3*i0] }
// CHECK: S1 at {{.*}}nonunit_step.c:9:10
// CHECK-NEXT: domain: [n] -> { S1[i0] : n > 0 and i0 >= 0 and 2i0 < n }
// CHECK: write: [n] -> { S1[i0] -> A[-2*i0 + n - 1] }
