// Reads of a temporary's indeterminate contents (propagation/src/uninitialized.rs): code
// written for even sizes, as camera pipe is, writes pairs of rows and reads every row, so for
// odd n the last row reads what malloc returned. Those reads are assumed not to happen: the
// assumption (n even, or nothing runs) joins the run-time check, the instances leave the
// model, and the temporaries are removed; for odd n the original code runs. Run at even and
// odd sizes (the garbage rows not printed): outputs identical. `long` counters with
// `float (*)[64]`, `int` counters with flattened subscripts and a chain of two temporaries.
// The negative twin: a calloc'd temporary's unwritten rows read zeros, which the source
// defines: nothing is assumed; the zeros get a statement of their own
// (propagation/src/zero_initialized.rs, lit/propagation/zero-initialized.c) and propagate.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 12 > %t.naive.out && %t.naive 13 >> %t.naive.out && %t.naive 1 >> %t.naive.out && %t.naive 0 >> %t.naive.out
// RUN: %t.polyprop 12 > %t.polyprop.out && %t.polyprop 13 >> %t.polyprop.out && %t.polyprop 1 >> %t.polyprop.out && %t.polyprop 0 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=PROP
// CHECK-DAG: polyprop: function pairs, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function pairs_chain, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function pairs_zeroed, function body: transformed: 1 temporaries removed
// PROP-LABEL: polyprop-propagation: function pairs, function body
// PROP-NEXT: propagation
// PROP-NEXT: assumed: no read of indeterminate t: [n, {{.*}}] -> { : (n) mod 2 = 0 or
// PROP-NEXT: #0 t (temporary): propagated 2 RAW dependences into S2; {{.*}} removed writes S0, S1
// PROP-LABEL: polyprop-propagation: function pairs_chain, function body
// PROP-NEXT: propagation
// PROP-NEXT: assumed: no read of indeterminate t, u: [n, {{.*}}] -> { : (n) mod 2 = 0 or
// PROP-LABEL: polyprop-propagation: function pairs_zeroed, function body
// PROP-NEXT: propagation
// PROP-NEXT: initial zeros written first (calloc): t
// PROP-NEXT: #0 t (temporary): propagated {{.*}} removed writes Zeros_t, S0
#include <stdio.h>
#include <stdlib.h>
/* Written for even n, as camera pipe's interleave: pairs of rows are written, all n rows are
 * read; for odd n the last row reads garbage in the source. */
void pairs(long n, long m, float (*restrict out)[64], const float (*restrict in)[64]) {
  float (*t)[64] = malloc(sizeof(float) * n * 64);
  for (long y = 0; y < n / 2; y++)
    for (long x = 0; x < m; x++) {
      t[2 * y][x] = in[2 * y][x] + in[2 * y + 1][x];
      t[2 * y + 1][x] = in[2 * y][x] - in[2 * y + 1][x];
    }
  for (long i = 0; i < n; i++)
    for (long x = 0; x < m; x++) out[i][x] = t[i][x] * 0.5f;
  free(t);
}
/* The same with int counters and a flattened temporary, and a second stage reading the first
 * over the whole image, as camera pipe's colour correction reads the interleave. */
void pairs_chain(int n, int m, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n * m);
  float *u = malloc(sizeof(float) * n * m);
  for (int y = 0; y < n / 2; y++)
    for (int x = 0; x < m; x++) {
      t[(2 * y) * m + x] = in[(2 * y) * m + x] * 2.0f;
      t[(2 * y + 1) * m + x] = in[(2 * y + 1) * m + x] * 3.0f;
    }
  for (int i = 0; i < n; i++)
    for (int x = 0; x < m; x++) u[i * m + x] = t[i * m + x] + 1.0f;
  for (int i = 0; i < n; i++)
    for (int x = 0; x < m; x++) out[i * m + x] = u[i * m + x] * u[i * m + x];
  free(u);
  free(t);
}
/* calloc'd: the rows no stage writes read zeros, which the source defines: nothing assumed;
 * the zeros propagate. */
void pairs_zeroed(long n, long m, float (*restrict out)[64], const float (*restrict in)[64]) {
  float (*t)[64] = calloc(n * 64, sizeof(float));
  for (long y = 0; y < n / 2; y++)
    for (long x = 0; x < m; x++) t[2 * y][x] = in[2 * y][x] * 4.0f;
  for (long i = 0; i < n; i++)
    for (long x = 0; x < m; x++) out[i][x] = t[i][x] + 1.0f;
  free(t);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 12, m = 64;
  /* For odd n the sources' last rows are garbage: not printed. */
  long shown = n - n % 2;
  static float in[40][64], out[40][64], a[40 * 64], b[40 * 64];
  for (int i = 0; i < 40; i++) for (int j = 0; j < 64; j++) in[i][j] = (float)((i * 5 + j * 3) % 17);
  for (int i = 0; i < 40 * 64; i++) a[i] = (float)(i % 23) * 0.5f;
  pairs(n, m, out, in);
  for (int i = 0; i < shown; i++) for (int j = 0; j < m; j++) printf("%a\n", out[i][j]);
  pairs_chain((int)n, (int)m, b, a);
  for (int i = 0; i < shown * m; i++) printf("%a\n", b[i]);
  pairs_zeroed(n, m, out, in);
  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) printf("%a\n", out[i][j]);
  return 0;
}
