// `m & 1` and `n & 3` of arguments are SCEV's zero extensions of truncations to i1 and i2:
// modeled exactly as `m mod 2` and `n mod 4` (as Polly models truncations to small widths
// by a modulo), not by assuming that m and n fit in one or two bits, which made the SCoP
// hold only where they did; likewise a parity test on a `signed char` counter, SCEV's
// `i1` recurrence from `trunc s to i1`, and `(m & 1) == 0` as an integer (arithmetic in
// i1), whose assumptions never held together before.
// int and long twins, run with negative, odd and large arguments: identical outputs.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-LABEL: polyprop-scops: function parity_int
// CHECK: assumed context: [m, n] -> { : }
// CHECK: domain: [m, n] -> { S1[i0] : i0 >= 0 and 2*floor((m)/2) >= -5 + m + i0 }
// CHECK: write: [m, n] -> { S1[i0] -> t[i0 + n - 4*floor((n)/4)] }
// CHECK-LABEL: polyprop-scops: function parity_long
// CHECK: assumed context: [m, n] -> { : }
// CHECK: domain: [m, n] -> { S1[i0] : i0 >= 0 and 2*floor((m)/2) >= -5 + m + i0 }
// CHECK: write: [m, n] -> { S1[i0] -> t[i0 + n - 4*floor((n)/4)] }
// CHECK-LABEL: polyprop-scops: function even_int
// CHECK: assumed context: [k] -> { : }
// CHECK: domain: [k] -> { S1[i0] : i0 >= 0 and 8*floor((3 + k + 4i0)/8) < k + 4i0 and 8*floor((k)/8) >= -72 + k + 4i0 }
// CHECK: write: [k] -> { S1[i0] -> t[i0 + floor((k - 8*floor((k)/8) + 15)/4)] }
// CHECK-LABEL: polyprop-scops: function even_long
// CHECK: assumed context: [k] -> { : }
// CHECK-LABEL: polyprop-scops: function not_int
// CHECK: assumed context: [m, n] -> { : }
// CHECK: domain: [m, n] -> { S1[i0] : i0 >= 0 and 2*floor((m)/2) >= -5 + m + i0 }
// CHECK-LABEL: polyprop-scops: function not_long
// CHECK-NOT: fits in 1
// CHECK: domain: [m, n] -> { S1[i0] : i0 >= 0 and 2*floor((m)/2) >= -5 + m + i0 }
// TRANSFORM-DAG: polyprop: function not_int, function body: transformed
// TRANSFORM-DAG: polyprop: function not_long, function body: transformed
// TRANSFORM-DAG: polyprop: function even_int, function body: transformed
// TRANSFORM-DAG: polyprop: function even_long, function body: transformed
// TRANSFORM-DAG: polyprop: function parity_int, function body: transformed
// TRANSFORM-DAG: polyprop: function parity_long, function body: transformed
#include <stdio.h>
#include <stdlib.h>

#define PARITY(T, NAME)                                                                  \
  void NAME(T n, T m, int *restrict out, const int *restrict in) {                       \
    int *t = malloc(sizeof(int) * 16);                                                   \
    for (T i = 0; i < 16; i++)                                                           \
      t[i] = in[i];                                                                      \
    for (T i = 0; i < 6 - (m & 1); i++)                                                  \
      t[i + (n & 3)] = in[i] * 3;                                                        \
    for (T i = 0; i < 16; i++)                                                           \
      out[i] = t[i] + 1;                                                                 \
    free(t);                                                                             \
  }
PARITY(int, parity_int)
PARITY(long, parity_long)

// A `signed char` counter from a start computed from an argument, tested for parity (an
// `i1` recurrence starting at `trunc s to i1`).
#define EVEN(T, NAME)                                                                    \
  void NAME(T k, int *restrict out, const int *restrict in) {                            \
    int *t = malloc(sizeof(int) * 32);                                                   \
    for (T i = 0; i < 32; i++)                                                           \
      t[i] = in[i % 16];                                                                 \
    int s = ((k & 7) + 15) / 4;                                                          \
    for (signed char i = s; i < 22; i++)                                                 \
      if ((i & 1) == 0)                                                                  \
        t[i] = in[i - 3] * 2;                                                            \
    for (T i = 0; i < 16; i++)                                                           \
      out[i] = t[2 * i] - t[2 * i + 1];                                                  \
    free(t);                                                                             \
  }
EVEN(int, even_int)
EVEN(long, even_long)

// `(m & 1) == 0` as an integer: SCEV's `zext(true + trunc m to i1)`, arithmetic in i1.
#define NOT(T, NAME)                                                                     \
  void NAME(T n, T m, int *restrict out, const int *restrict in) {                       \
    int *t = malloc(sizeof(int) * 16);                                                   \
    for (T i = 0; i < 16; i++)                                                           \
      t[i] = in[i];                                                                      \
    T e = (m & 1) == 0;                                                                  \
    for (T i = 0; i < 5 + e; i++)                                                        \
      t[i + e] = in[i] * 3 + n;                                                          \
    for (T i = 0; i < 16; i++)                                                           \
      out[i] = t[i] + 1;                                                                 \
    free(t);                                                                             \
  }
NOT(int, not_int)
NOT(long, not_long)

int main(void) {
  static int in[32], out[16];
  for (int i = 0; i < 32; i++) in[i] = i * 7 - 20;
  int args[][2] = {{0, 0}, {3, 1}, {-3, -1}, {6, 7}, {-6, 1000001}, {1000003, -8}};
  for (int k = 0; k < 6; k++) {
    parity_int(args[k][0], args[k][1], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
    parity_long(args[k][1], args[k][0], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
    even_int(args[k][0], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
    even_long(args[k][1], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
    not_int(args[k][0], args[k][1], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
    not_long(args[k][1], args[k][0], out, in);
    for (int i = 0; i < 16; i++) printf("%d ", out[i]);
  }
  printf("\n");
  return 0;
}
