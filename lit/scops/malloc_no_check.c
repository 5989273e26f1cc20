// Distinct malloc'd buffers and a restrict argument are disjoint: no run-time alias check;
// the buffers are temporaries, the arguments live-out. The input is read through a plain
// argument, which cannot alias fresh allocations nor the restrict output: no check either.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
#include <stdlib.h>
void malloc_no_check(long n, const float *in, float *restrict out) {
  float *a = (float *)malloc(sizeof(float) * n);
  float *b = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    a[i] = in[i] * 2.0f;
  for (long i = 0; i < n; i++)
    b[i] = a[i] + 1.0f;
  for (long i = 0; i < n; i++)
    out[i] = b[i] * a[i];
  free(a);
  free(b);
}
// CHECK: polyprop-scops: function malloc_no_check, function body
// CHECK-DAG: array a[*]: f32 temporary
// CHECK-DAG: array b[*]: f32 temporary
// CHECK-DAG: array out[*]: f32 live-out
// CHECK-DAG: array in[*]: f32 live-out
// CHECK-NOT: run-time alias check
// CHECK: S0 at {{.*}}malloc_no_check.c:11:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> a[i0] }
// CHECK: S1 at
// CHECK: schedule: [n] -> { S1[i0] -> [1, i0, 0] }
// CHECK-NEXT: write: [n] -> { S1[i0] -> b[i0] }
// CHECK-NEXT: read: [n] -> { S1[i0] -> a[i0] }
// CHECK: S2 at
// CHECK: schedule: [n] -> { S2[i0] -> [2, i0, 0] }
// CHECK-NEXT: write: [n] -> { S2[i0] -> out[i0] }
// CHECK: value: out[i0] = (b[i0] * a[i0])
