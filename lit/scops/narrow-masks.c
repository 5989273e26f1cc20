// Masks of a few bits of a counter (`i & 1`, `i & 7`) reach SCEV as extensions of the counter
// truncated to i1 or i3: recurrences that wrap at almost every iteration. They are modeled
// exactly as a modulo (i & 1 is i mod 2), not as a no-wrap assumption that can never hold.
// From 8 bits on (`(unsigned char)(i * 37)`) the recurrence is assumed not to wrap, as for a
// counter of a narrow type: at n = 1000 the run-time check fails and the original code runs. Each function runs with int and long counters; outputs are
// identical with and without the plugin, and all five are transformed (even_int and even_long
// were not before: their statement under the mask carried an assumption that never holds).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive 1000 > %t.naive.out
// RUN: %t.polyprop 1000 > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %t.naive 37 > %t.naive.small
// RUN: %t.polyprop 37 > %t.polyprop.small
// RUN: cmp %t.naive.small %t.polyprop.small
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function even_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function even_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function lut_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function lut_long, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function byte_int, function body: transformed: 1 temporaries removed
// MODEL-LABEL: polyprop-detect: function even_int
// MODEL-NEXT: SCoP function body
// MODEL-NOT: fits in 1
// MODEL: domain: [n] -> { S1[i0] : (1 + i0) mod 2 = 0 and 0 <= i0 <= -2 + n }
// MODEL-LABEL: polyprop-detect: function even_long
// MODEL-NEXT: SCoP function body
// MODEL: domain: [n] -> { S1[i0] : (i0) mod 2 = 0 and 0 <= i0 <= -2 + n }
// MODEL-LABEL: polyprop-detect: function lut_int
// MODEL-NEXT: SCoP function body
// MODEL: read: [n] -> { S0[i0] -> lut[i0 - 8*floor((i0)/8)] }
// MODEL-LABEL: polyprop-detect: function byte_int
// MODEL-NEXT: SCoP function body
// MODEL: assumed context: [n] -> {  : n <= 4 }    ; no wrap: 37*i0 fits in 8 signed bits
// MODEL: read: [n] -> { S0[i0] -> table[37*i0] }
#include <stdio.h>
#include <stdlib.h>

void even_int(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
  for (int i = 1; i < n; i++)
    if ((i & 1) == 0)
      out[i] = t[i] + t[i - 1];
  free(t);
}

void even_long(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
  for (long i = 1; i < n; i++)
    if ((i & 1) != 0)
      out[i] = t[i] - t[i - 1];
  free(t);
}

void lut_int(int n, const float *lut, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * lut[i & 7];
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 0.5f;
  free(t);
}

void lut_long(long n, const float *lut, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] + lut[(i + 3) & 7];
  for (long i = 0; i < n; i++)
    out[i] = t[i] * 0.5f;
  free(t);
}

void byte_int(int n, const float *table, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] - table[(unsigned char)(i * 37)];
  for (int i = 0; i < n; i++)
    out[i] = t[i] * t[i];
  free(t);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *in = malloc(sizeof(float) * n), *out = calloc(n, sizeof(float));
  float lut[8], table[256];
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 7919) % 1000) / 999.0f;
  for (int i = 0; i < 8; i++)
    lut[i] = 1.0f + 0.125f * i;
  for (int i = 0; i < 256; i++)
    table[i] = (float)((i * 31) % 256) / 255.0f;
  unsigned long h = 0;
  for (int k = 0; k < 5; k++) {
    for (int i = 0; i < n; i++)
      out[i] = 0.0f;
    switch (k) {
    case 0: even_int(n, in, out); break;
    case 1: even_long(n, in, out); break;
    case 2: lut_int(n, lut, in, out); break;
    case 3: lut_long(n, lut, in, out); break;
    case 4: byte_int(n, table, in, out); break;
    }
    for (int i = 0; i < n; i++) {
      unsigned bits;
      __builtin_memcpy(&bits, &out[i], sizeof bits);
      h = h * 1099511628211ul ^ bits;
    }
    printf("%d %016lx\n", k, h);
  }
  return 0;
}
