// Subscripts through narrow types that may wrap: `(unsigned char)i` of a `long` counter. The
// model reads them as `i` only under the assumption that i fits (n <= 128), which the
// run-time check tests: with n = 600 the original code runs, with n = 100 the new code; the
// outputs are identical with and without the plugin either way. With a constant in-range
// bound no assumption is needed.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function wrapping, function body: transformed
// CHECK: polyprop: function in_range, function body: transformed
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function wrapping
// MODEL: assumed context: [n] -> {  : n <= 128 }    ; no wrap: i0 fits in 8 signed bits
// MODEL-LABEL: polyprop-scops: function in_range
// MODEL: assumed context: [] -> { : }
#include "Inputs/harness.h"

void wrapping(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * 256);
  for (long i = 0; i < 256; i++)
    t[i] = in[i] * 0.5f;
  for (long i = 0; i < n; i++)
    out[(unsigned char)i] += t[(unsigned char)i];
  free(t);
}

void in_range(const float *in, float *out) {
  float *t = malloc(sizeof(float) * 256);
  for (long i = 0; i < 256; i++)
    t[i] = in[i] * 0.5f;
  for (long i = 0; i < 200; i++)
    out[(unsigned char)i] += t[(unsigned char)i];
  free(t);
}

int main(void) {
  float in[256], out[256] = {0};
  harness_fill_float(in, 256);
  wrapping(600, in, out);
  harness_print("wrapping 600", out, sizeof out);
  wrapping(100, in, out);
  harness_print("wrapping 100", out, sizeof out);
  in_range(in, out);
  harness_print("in range", out, sizeof out);
  return 0;
}
