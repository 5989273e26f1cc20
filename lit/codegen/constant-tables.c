// Constant tables of the program (`static const` arrays, LLVM's constant globals) that the
// SCoP reads. No defined run writes them, so the run-time check tests no overlap with them;
// after propagation, one read only at fixed elements is no array of the new code (LLVM folds
// its loads into the constants), and print=propagation names it apart from the arrays:
// camera pipe's colour matrices. The twin: a table read at the iterator stays an array.
// Differential: outputs identical to the naive build.
// RUN: %clang -O3 %s -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS=print=propagation,transform %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.new 2>&1 | FileCheck %s
// RUN: %t.new > %t.new.out
// RUN: cmp %t.naive.out %t.new.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' %t.ll -S -o - | FileCheck %s --check-prefix=IR
// CHECK: arrays: 6 before propagation, 4 after: out, b, r, g; constants read at fixed elements: matrix
// CHECK-NEXT: polyprop: function correct, function body: transformed: 13 temporaries removed
// CHECK: arrays: 4 before propagation, 2 after: out, in; constants read at fixed elements: taps
// CHECK-NEXT: polyprop: function blur, function body: transformed
// CHECK: arrays: 4 before propagation, 3 after: out, in, ramp
// CHECK-NEXT: polyprop: function shade, function body: transformed
// The checks compare the arrays the functions write with their other arrays, never with a table.
// IR-LABEL: define{{.*}} void @correct(
// IR: polyprop.check:
// IR-NOT: @matrix
// IR: br i1 {{.*}}, label %polyprop.optimized,
// IR-LABEL: define{{.*}} void @shade(
// IR: polyprop.check:
// IR-NOT: @ramp
// IR: br i1 {{.*}}, label %polyprop.optimized,
#include "Inputs/harness.h"

#define N 64

/* A colour matrix and a 3-tap kernel, constant data of the program. */
static const float matrix[3][4] = {{1.5f, -0.25f, -0.25f, 2.0f}, {-0.5f, 1.25f, 0.25f, -1.0f}, {0.125f, -0.5f, 1.375f, 0.5f}};
static const float taps[3] = {0.25f, 0.5f, 0.25f};
static const float ramp[N] = {0.5f, 0.25f, 0.125f, 1.0f, 2.0f, 4.0f, 8.0f, 0.75f};

/* The matrix scaled into a temporary, applied per channel: after propagation every read of
 * the constant matrix is of one element. */
void correct(long n, const float *r, const float *g, const float *b, float *out, float scale) {
  float *m = (float *)malloc(sizeof(float) * 12);
  for (int k = 0; k < 3; k++)
    for (int l = 0; l < 4; l++)
      m[k * 4 + l] = matrix[k][l] * scale;
  for (long i = 0; i < n; i++) {
    out[3 * i] = m[0] * r[i] + m[1] * g[i] + m[2] * b[i] + m[3];
    out[3 * i + 1] = m[4] * r[i] + m[5] * g[i] + m[6] * b[i] + m[7];
    out[3 * i + 2] = m[8] * r[i] + m[9] * g[i] + m[10] * b[i] + m[11];
  }
  free(m);
}

/* A 3-tap blur whose taps LLVM has unrolled before the pass: fixed elements too. */
void blur(long n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (long i = 1; i + 1 < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < 3; k++)
      acc += taps[k] * t[i + k - 1];
    out[i] = acc;
  }
  free(t);
}

/* The twin: a ramp read at the iterator, another element in every instance, stays an array. */
void shade(long n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n && i < N; i++)
    t[i] = in[i] * ramp[i];
  for (long i = 0; i < n && i < N; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

int main(void) {
  float r[N], g[N], b[N], out[3 * N], blurred[N] = {0}, shaded[N];
  harness_fill_float(r, N);
  harness_fill_float(g, N);
  harness_fill_float(b, N);
  correct(N, r, g, b, out, 0.75f);
  blur(N, g, blurred);
  shade(N, b, shaded);
  harness_print("correct", out, sizeof out);
  harness_print("blur", blurred, sizeof blurred);
  harness_print("shade", shaded, sizeof shaded);
  return 0;
}
