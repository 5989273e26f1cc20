// An outer loop that starts elsewhere than 0 or counts down has no canonical induction
// variable {0,+,1}: its counter phi {s,+,1} or {n,+,-1} is the parameter of the inner nest
// instead (the iteration is ±(phi - start)), so subscripts a[i][j], b[i + j], b[i - j] are
// affine in it.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function rows_from
// CHECK: SCoP loop nest at {{.*}}outer_iterator_start.c:21:5: 1 statements, 2 arrays
// CHECK-LABEL: polyprop-scops: function rows_from
// CHECK: write: [i] -> { S0[i0] -> a[i, i0] }
// CHECK: read: [i] -> { S0[i0] -> b[i0 + i] }
// CHECK-LABEL: polyprop-detect: function rows_down
// CHECK: SCoP loop nest at {{.*}}outer_iterator_start.c:28:5: 1 statements, 2 arrays
// CHECK-LABEL: polyprop-scops: function rows_down
// CHECK: write: [i] -> { S0[i0] -> a[i, i0] }
// CHECK: read: [i] -> { S0[i0] -> b[-i0 + i] }
#include <stdio.h>
void rows_from(int s, int n, float (*a)[64], float *b) {
  for (int i = s; i < n; i++) {
    printf("row %d\n", i);
    for (int j = 0; j < 8; j++)
      a[i][j] = a[i][j] * 0.5f + b[i + j];
  }
}
void rows_down(long n, float (*a)[64], float *b) {
  for (long i = n; i > 0; i--) {
    printf("row %ld\n", i);
    for (long j = 0; j < 8; j++)
      a[i][j] = b[i - j];
  }
}
