// A loop nest inside a loop that is not a SCoP, whose counter has a step other than 1
// (`i -= 3`, `i += 2`) and no canonical induction variable beside it: the outer iteration
// is `(P - s) / c` with P the counter's phi as a parameter (exact, as P - s is c times the
// iteration), as Polly makes the outer recurrence a parameter of the inner SCoP. int and
// long twins; the program runs identically with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-LABEL: polyprop-detect: function down_int
// CHECK: rejected loop nest {{.*}}: non-affine loop bound: loop bound: value computed inside the region
// CHECK-NEXT: SCoP loop nest {{.*}}: 1 statements, 1 arrays
// CHECK-LABEL: polyprop-scops: function down_int, loop nest
// CHECK: parameters: [p0, n, i]
// CHECK: write: [p0, n, i] -> { S0[i0] -> p[n - 3*floor((n - i - 1)/3) + 2] }
// CHECK-LABEL: polyprop-scops: function down_long, loop nest
// CHECK: write: [p0, n, i] -> { S0[i0] -> p[n - 3*floor((n - i - 1)/3) + 2] }
// CHECK-LABEL: polyprop-scops: function up_int, loop nest
// CHECK: write: [p0, i] -> { S0[i0] -> p[i0 + 2*floor((i - 1)/2) + 2] }
// CHECK: read: [p0, i] -> { S0[i0] -> p[2*floor((i - 1)/2) + 1] }
// CHECK-LABEL: polyprop-scops: function up_long, loop nest
// CHECK: write: [p0, i] -> { S0[i0] -> p[i0 + 2*floor((i - 1)/2) + 2] }
#include <stdio.h>

// The bound of the inner loop is loaded in the outer one: the outer nest is not a SCoP.
#define DOWN(T, NAME)                                                                    \
  void NAME(long n, long *p) {                                                           \
    for (T i = n - 1; i >= 0; i -= 3) {                                                  \
      long k = (p[9] & 7) + 4;                                                           \
      for (long j = 0; j <= k; j++)                                                      \
        if ((i & 1) == 0)                                                                \
          p[i + 3] = (p[j] > -9 ? p[j + 2] : p[j + 1] - 7) % 1009;                       \
    }                                                                                    \
  }
DOWN(int, down_int)
DOWN(long, down_long)

#define UP(T, NAME)                                                                      \
  void NAME(long n, long *p) {                                                           \
    for (T i = 1; i < n; i += 2) {                                                       \
      long k = (p[0] & 3) + 2;                                                           \
      for (long j = 0; j < k; j++)                                                       \
        p[i + j + 1] += p[i] * 3 + j;                                                    \
    }                                                                                    \
  }
UP(int, up_int)
UP(long, up_long)

int main(void) {
  static long p[64];
  for (int i = 0; i < 64; i++) p[i] = (i * 37) % 23 - 11;
  down_int(40, p);
  down_long(41, p);
  up_int(50, p);
  up_long(51, p);
  for (int i = 0; i < 64; i++) printf("%ld ", p[i]);
  printf("\n");
  return 0;
}
