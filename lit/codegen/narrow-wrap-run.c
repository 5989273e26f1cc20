// Subscripts through narrow types that wrap: `(unsigned char)i` of a `long` counter running
// past 255 (and a temporary that polyprop would otherwise propagate). The model must not read
// them as `i`; the function is left as it was, and the outputs are identical with and without
// the plugin. The same pipeline with an in-range counter is transformed.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-NOT: function wrapping, {{.*}}: transformed
// CHECK: polyprop: function in_range, function body: transformed
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
  harness_print("wrapping", out, sizeof out);
  in_range(in, out);
  harness_print("in range", out, sizeof out);
  return 0;
}
