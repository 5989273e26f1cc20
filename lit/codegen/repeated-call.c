// A math library call whose result the source uses several times is one call in the value
// tree per use; the generated code calls it once per statement instance, as the source did
// (powf writes errno, so LLVM cannot merge the copies; camera pipe's tone curve read one
// powf 28 times, issue 14). In a side of a lazy select a call is not reused after the join.
// RUN: clang-14 -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll | FileCheck %s
// CHECK: define internal void @pipeline.polyprop(
// CHECK: call float @powf(
// CHECK-NOT: call float @powf(
// CHECK: ret void
#include <math.h>
#include <stdlib.h>

void pipeline(long n, float e, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) {
    float g = powf(in[i], e);
    t[i] = g > 0.5f ? 1.0f - g * g : g * (1.0f - g);
  }
  for (long i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}
