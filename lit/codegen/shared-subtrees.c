// Propagation copies a producer's expression into every read: `out[i] = t[i] * t[i]` becomes
// a tree holding `in[i] * in[i] + 1` twice, four reads of in[i]. Code generation emits each
// distinct subtree of a statement instance once (codegen/subtrees.rs): one load, one fmuladd,
// one multiplication, before any LLVM pass. Constants are compared by their bits: `in[i] * 0.0`
// and `in[i] * -0.0` stay two multiplications (their products differ in sign), sharing the
// load. Outputs are identical with and without the plugin.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop' %t.ll | FileCheck %s --check-prefix=IR
// CHECK: polyprop: function square, function body: transformed: 1 temporaries removed
// CHECK: polyprop: function zeros, function body: transformed: 2 temporaries removed
// IR-LABEL: define internal void @square.polyprop(
// IR: [[X:%[0-9]+]] = load float
// IR-NOT: load float
// IR: [[Y:%[0-9]+]] = call float @llvm.fmuladd.f32(float [[X]], float [[X]], float 1.000000e+00)
// IR-NEXT: fmul float [[Y]], [[Y]]
// IR-NOT: load float
// IR-LABEL: define internal void @zeros.polyprop(
// IR: [[Z:%[0-9]+]] = load float
// IR-NOT: load float
// IR: fmul float [[Z]], 0.000000e+00
// IR-NEXT: fmul float [[Z]], -0.000000e+00
// IR-NOT: load float
// IR: ret void
#include "Inputs/harness.h"

void square(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * in[i] + 1.0f;
  for (long i = 0; i < n; i++)
    out[i] = t[i] * t[i];
  free(t);
}

void zeros(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  float *u = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) {
    t[i] = in[i] * 0.0f;
    u[i] = in[i] * -0.0f;
  }
  for (long i = 0; i < n; i++)
    out[i] = t[i] - u[i];
  free(t);
  free(u);
}

int main(void) {
  enum { N = 1000 };
  static float in[N], out[N];
  harness_fill_float(in, N);
  in[3] = -in[3];
  square(N, in, out);
  harness_print("square", out, sizeof out);
  zeros(N, in, out);
  harness_print("zeros", out, sizeof out);
  return 0;
}
