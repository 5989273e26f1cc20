// A loop whose only exit is not at its latch (`for (i = 0; i < 17; i += 3) { ...;
// if (i >= 12) break; ... }`: clang drops the latch's test, which the break makes
// redundant, and the loop leaves from its header): as Polly does, the iterations are those
// up to the first where the exit condition holds, and the blocks after the exit run on the
// iterations before it. int and long twins, transformed and run identically.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<loops>,print<polyprop-detect>,print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: Loop at depth 1 containing: %.preheader<header><exiting>,%{{[0-9]+}}<latch>
// CHECK-LABEL: polyprop-detect: function header_int
// CHECK-NEXT: SCoP function body
// CHECK-LABEL: polyprop-scops: function header_int
// CHECK: domain: [m] -> { S{{[0-9]+}}[i0] : 0 <= i0 <= 4 }
// CHECK: domain: [m] -> { S{{[0-9]+}}[i0] : 0 <= i0 <= 3 }
// CHECK-LABEL: polyprop-detect: function header_long
// CHECK-NEXT: SCoP function body
// TRANSFORM-DAG: polyprop: function header_int, function body: transformed
// TRANSFORM-DAG: polyprop: function header_long, function body: transformed
#include <stdio.h>
#include <stdlib.h>

#define HEADER(T, NAME)                                                                  \
  void NAME(T m, int *restrict out, const int *restrict in) {                            \
    int *t = malloc(sizeof(int) * 64);                                                   \
    for (T i = 0; i < 64; i++)                                                           \
      t[i] = in[i];                                                                      \
    for (T i = 0; i < 17; i += 3) {                                                      \
      t[i + 40] = (int)i * 5;                                                            \
      if (i >= 12)                                                                       \
        break;                                                                           \
      t[i / 2 + 1] = t[i + 1] * 2 + in[i + 2];                                           \
    }                                                                                    \
    for (T i = 0; i < 64; i++)                                                           \
      out[i] = t[i] - m;                                                                 \
    free(t);                                                                             \
  }
HEADER(int, header_int)
HEADER(long, header_long)

int main(void) {
  static int in[64], a[64], b[64];
  for (int i = 0; i < 64; i++) in[i] = (i * 31) % 19 - 9;
  header_int(3, a, in);
  header_long(-2, b, in);
  for (int i = 0; i < 64; i++) printf("%d %d ", a[i], b[i]);
  printf("\n");
  return 0;
}
