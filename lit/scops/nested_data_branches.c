// Data-dependent branches inside data-dependent branches, and a data-dependent branch on one
// side of an affine one, as clang emits `c1 ? (c2 ? x : y) : z` from ternaries with loads
// (the loads keep them branches). As Polly's non-affine subregions: the join's phi is one
// select over both conditions; where an affine branch also leads to the join, the join
// keeps its own domain and the hammock writes its select where it ends. int and long twins.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// RUN: %clang -O3 -w %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -w -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
#include <stdio.h>
#include <stdlib.h>

#define NESTED(T, NAME)                                                                  \
  void NAME(T n, long *restrict A, const long *restrict B, const long *restrict C,       \
            const long *restrict D) {                                                    \
    long *t = malloc(sizeof(long) * (n > 0 ? n : 1));                                    \
    for (T i = 0; i < n; i++)                                                            \
      t[i] = (B[i] < 2 ? (C[i] == -8 ? D[i] : -6) : i) % 1009;                           \
    for (T i = 0; i < n; i++)                                                            \
      A[i] = t[i] * 3;                                                                   \
    free(t);                                                                             \
  }
NESTED(int, nested_int)
NESTED(long, nested_long)

#define OPEN(T, NAME)                                                                    \
  void NAME(T n, T m, int *restrict A, const int *restrict B, const int *restrict C,     \
            const int *restrict D) {                                                     \
    int *t = malloc(sizeof(int) * (n > 0 ? n : 1));                                      \
    for (T i = 0; i < n; i++)                                                            \
      t[i] = B[i] - 1;                                                                   \
    for (T i = 0; i < n; i++)                                                            \
      A[i] = (i < m ? (t[i] < 33 ? 32 : C[i]) : D[i]) + 6;                               \
    free(t);                                                                             \
  }
OPEN(int, open_int)
OPEN(long, open_long)

// A store under the data-dependent branch, on one side of the affine one: a may-write
// guarded by its condition, on the affine side's domain.
#define GUARDED(T, NAME)                                                                 \
  void NAME(T n, T m, int *restrict A, const int *restrict B) {                          \
    int *t = malloc(sizeof(int) * (n > 0 ? n : 1));                                      \
    for (T i = 0; i < n; i++)                                                            \
      t[i] = B[i] * 3;                                                                   \
    for (T i = 0; i < n; i++) {                                                          \
      if (i < m) {                                                                       \
        if (B[i] > 13)                                                                   \
          A[i] = t[i] - 40;                                                              \
      } else {                                                                           \
        A[i] = 7;                                                                        \
      }                                                                                  \
      A[i] += 1;                                                                         \
    }                                                                                    \
    free(t);                                                                             \
  }
GUARDED(int, guarded_int)
GUARDED(long, guarded_long)

int main(void) {
  static long la[40], lb[40], lc[40], ld[40];
  static int ia[40], ib[40], ic[40], id[40];
  for (int i = 0; i < 40; i++) {
    lb[i] = (i * 7) % 5 - 2;
    lc[i] = i % 3 == 0 ? -8 : i;
    ld[i] = i * 11 - 100;
    ib[i] = (i * 13) % 50;
    ic[i] = -i * 3;
    id[i] = i * i;
  }
  nested_int(40, la, lb, lc, ld);
  for (int i = 0; i < 40; i++) printf("%ld ", la[i]);
  nested_long(37, la, lb, lc, ld);
  for (int i = 0; i < 40; i++) printf("%ld ", la[i]);
  open_int(40, 25, ia, ib, ic, id);
  for (int i = 0; i < 40; i++) printf("%d ", ia[i]);
  open_long(33, 10, ia, ib, ic, id);
  for (int i = 0; i < 40; i++) printf("%d ", ia[i]);
  guarded_int(40, 30, ia, ib);
  for (int i = 0; i < 40; i++) printf("%d ", ia[i]);
  guarded_long(35, 12, ia, ib);
  for (int i = 0; i < 40; i++) printf("%d ", ia[i]);
  printf("\n");
  return 0;
}
// CHECK-LABEL: polyprop-scops: function nested_int
// CHECK: value: t[i0] = (select((B[i0] < 2L), select((C[i0] == (-8L)), D[i0], (-6L)), i0) % 1009L)
// CHECK-LABEL: polyprop-scops: function nested_long
// CHECK: value: t[i0] = (select((B[i0] < 2L), select((C[i0] == (-8L)), D[i0], (-6L)), i0) % 1009L)
// CHECK-LABEL: polyprop-scops: function open_int
// CHECK: domain: [n, m] -> { S1[i0] : n > 0 and 0 <= i0 < m and i0 < n }
// CHECK: value: s_0 = select((t[i0] < 33), 32, C[i0])
// CHECK: domain: [n, m] -> { S2[i0] : n > 0 and i0 >= m and 0 <= i0 < n }
// CHECK: value: s_0 = D[i0]
// CHECK: value: A[i0] = (s_0 + 6)
// CHECK-LABEL: polyprop-scops: function open_long
// CHECK: value: s_0 = select((t[i0] < 33), 32, C[i0])
// CHECK: value: s_0 = D[i0]
// CHECK-LABEL: polyprop-scops: function guarded_int
// CHECK: domain: [n, m] -> { S1[i0] : n > 0 and 0 <= i0 < m and i0 < n }
// CHECK-NEXT: schedule:
// CHECK-NEXT: may-write: [n, m] -> { S1[i0] -> A[i0] }
// CHECK: value: when (B[i0] > 13) A[i0] = (t[i0] + (-40))
// CHECK: domain: [n, m] -> { S2[i0] : n > 0 and i0 >= m and 0 <= i0 < n }
// CHECK-LABEL: polyprop-scops: function guarded_long
// CHECK: may-write: [n, m] -> { S1[i0] -> A[i0] }
// TRANSFORM-DAG: polyprop: function nested_int, function body: transformed
// TRANSFORM-DAG: polyprop: function nested_long, function body: transformed
// TRANSFORM-DAG: polyprop: function open_int, function body: transformed
// TRANSFORM-DAG: polyprop: function open_long, function body: transformed
