// instcombine writes the index sext(trunc(x) + c) as ashr exact (shl x, 32) + c * 2^32, 32
// (an int index computed from a long). The affinator reads it as x + c where x + c fits in 32
// signed bits: proven on the domain, or assumed and checked at run time. Here the index
// (int)(i + off) - 1 fits for off = 6 and wraps for off = 2^32 + 6, where it reads the same
// elements: the run-time check then runs the original code. Outputs are identical with and
// without the plugin in both runs.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 6 > %t.naive.fits
// RUN: %t.polyprop 6 > %t.polyprop.fits
// RUN: cmp %t.naive.fits %t.polyprop.fits
// RUN: %t.naive 4294967302 > %t.naive.wraps
// RUN: %t.polyprop 4294967302 > %t.polyprop.wraps
// RUN: cmp %t.naive.wraps %t.polyprop.wraps
// RUN: cmp %t.naive.fits %t.naive.wraps
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK: polyprop: function shift, function body: transformed: 1 temporaries removed
// MODEL-LABEL: function shift
// MODEL: assumed context: {{.*}}no wrap: {{.*}}fits in 32 signed bits
// MODEL: read: {{.*}} -> in[{{.*}}i0 + off - 1{{.*}}]
#include <stdio.h>
#include <stdlib.h>

void shift(long n, long off, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[(int)(i + off) - 1] * 2.0f;
  for (long i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

int main(int argc, char **argv) {
  long off = argc > 1 ? atol(argv[1]) : 6;
  float in[64], out[40];
  for (int i = 0; i < 64; i++)
    in[i] = (float)(i * 7 % 13);
  shift(40, off, in, out);
  for (int i = 0; i < 40; i++)
    printf("%a\n", out[i]);
  return 0;
}
