// A loop nest inside a loop that is not a SCoP, bounded by `2 * i * w + k` of the outer
// counter i times an argument w: SCEV's recurrence of the outer loop has the non-constant
// step `2 * w`; inside the nest, i and w are parameters and `i * 2w` is a product
// parameter (P0, in the recurrence's type), as Polly makes a parameter of the outer
// recurrence. int and long twins; the program runs identically with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-LABEL: polyprop-scops: function rows_int, loop nest
// CHECK: parameter P0 = i * 2*w (i32)
// CHECK: domain: [p0, i, w, P0, n] -> { S0[i0] : i0 >= 0 and 4*floor((p0)/4) <= p0 + P0 - i0 }
// CHECK-LABEL: polyprop-scops: function rows_long, loop nest
// CHECK: parameter P0 = i * 2*w (i64)
// CHECK: domain: [p0, i, w, P0] -> { S0[i0] : i0 >= 0 and 4*floor((p0)/4) <= p0 + P0 - i0 }
#include <stdio.h>

// The bound of the inner loop is loaded in the outer one: the outer nest is not a SCoP.
#define ROWS(T, NAME)                                                                    \
  void NAME(T n, T w, int *restrict r, const int *restrict q) {                          \
    for (T i = 0; i <= n; i++) {                                                         \
      T k = (q[i] & 3) + 1;                                                              \
      for (T j = 0; j < (2 * i) * w + k; j++)                                            \
        r[j] = r[j] * 3 + q[j + 1];                                                      \
    }                                                                                    \
  }
ROWS(int, rows_int)
ROWS(long, rows_long)

int main(void) {
  static int q[256], r[256];
  for (int i = 0; i < 256; i++) q[i] = (i * 29) % 17 - 8;
  rows_int(9, 3, r, q);
  for (int i = 0; i < 256; i++) printf("%d ", r[i]);
  rows_long(8, 5, r, q);
  for (int i = 0; i < 256; i++) printf("%d ", r[i]);
  printf("\n");
  return 0;
}
