// A loop nest whose header phi takes a value from before it (a scalar carried from row to
// row by an outer loop that is not a SCoP): the value is written once, at the nest's first
// iteration, before anything else of the header, then the loop's own phi write carries it.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK: SCoP loop nest at {{.*}}phi_from_before_nest.c:21:5: 4 statements, 3 arrays
// CHECK: invariant carry: f32
// CHECK: domain: [m, i] -> { S0[i0 = 0] : m > 0 }
// CHECK-NEXT: schedule: [m, i] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [m, i] -> { S0[i0] -> s_prev[] }
// CHECK-NEXT: value: s_prev = carry
// CHECK: value: a[i][i0] = ((a[i][i0] + s_prev) * 0.5f)
// CHECK: domain: [m, i] -> { S3[i0] : 0 <= i0 <= -2 + m }
// CHECK: value: s_prev = s_x
#include <stdio.h>
void smooth_rows(int n, int m, float (*a)[64], float *b) {
  float carry = b[0];
  for (int i = 0; i < n; i++) {
    printf("row %d\n", i);
    float prev = carry;
    for (int j = 0; j < m; j++) {
      float x = a[i][j];
      a[i][j] = 0.5f * (x + prev);
      prev = x;
    }
    carry = prev;
  }
}
