// PolyBench-style bicg end to end: s = r^T A and q = A p in one nest, VLA parameter A[n][m]. It allocates nothing, so it has no temporary array and
// polyprop must leave it alone ("not transformed: nothing propagated") and the binaries built by
// clang-14 -O3 with and without the plugin must print bit-identical hashes of every output.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function kernel_bicg, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// TRANSFORM-NOT: function kernel_{{.*}}: transformed:
// OUTPUT: s {{[0-9a-f]+}}
// OUTPUT-NEXT: q {{[0-9a-f]+}}
#include "Inputs/harness.h"

void kernel_bicg(long m, long n, double A[n][m], double s[m], double q[n], double p[m],
                 double r[n]) {
  for (long i = 0; i < m; i++)
    s[i] = 0;
  for (long i = 0; i < n; i++) {
    q[i] = 0.0;
    for (long j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void) {
  long m = 38, n = 42;
  double (*A)[m] = malloc(sizeof(double) * n * m);
  double *s = malloc(sizeof(double) * m);
  double *q = malloc(sizeof(double) * n);
  double *p = malloc(sizeof(double) * m);
  double *r = malloc(sizeof(double) * n);
  harness_fill_double(&A[0][0], n * m);
  harness_fill_double(p, m);
  harness_fill_double(r, n);
  kernel_bicg(m, n, A, s, q, p, r);
  harness_print("s", s, sizeof(double) * m);
  harness_print("q", q, sizeof(double) * n);
  return 0;
}
