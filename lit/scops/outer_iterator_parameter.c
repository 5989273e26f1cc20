// A loop nest inside a loop that is not a SCoP (it calls printf): the inner nest is modeled
// on its own, with the outer loop's iteration as a parameter (as Polly does), known to be
// non-negative; the guards that lead to the nest (here 0 < m, from `j < m` at j = 0) are
// facts of its entry, so the zero-extended trip count is affine; `j <= i && j < m` is a
// sequential unsigned minimum.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK: rejected function body: call with side effects: call to printf may write memory
// CHECK: SCoP loop nest at {{.*}}outer_iterator_parameter.c:19:5: 1 statements, 2 arrays
// CHECK: parameters: [i, m]
// CHECK: context: [i, m] -> { : i >= 0 and
// CHECK: domain: [i, m] -> { S0[i0] : 0 <= i0 < m and i0 <= i }
// CHECK: write: [i, m] -> { S0[i0] -> a[i, i0] }
// CHECK: read: [i, m] -> { S0[i0] -> b[i0 + i] }
#include <stdio.h>
void rows(int n, int m, float (*a)[64], float *b) {
  for (int i = 0; i < n; i++) {
    printf("row %d\n", i);
    for (int j = 0; j <= i && j < m; j++)
      a[i][j] = a[i][j] * 0.5f + b[i + j];
  }
}
