// The generated function carries the original function's attributes: target-cpu and
// target-features (so -march applies to the new code), the fp-math attributes of -ffast-math,
// and nounwind; plus polyprop-generated.
// RUN: clang-14 -O2 -g -march=x86-64-v3 -ffast-math -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll | FileCheck %s
// CHECK: define dso_local void @pipeline(i32 noundef %{{.*}}) #[[ORIGINAL:[0-9]+]]
// CHECK: define internal void @pipeline.polyprop({{.*}}) #[[GENERATED:[0-9]+]]
// CHECK: attributes #[[ORIGINAL]] = { nounwind {{.*}}"no-nans-fp-math"="true"{{.*}}"target-cpu"="x86-64-v3" "target-features"="[[FEATURES:[^"]+]]"{{.*}}"unsafe-fp-math"="true" }
// CHECK: attributes #[[GENERATED]] = { nounwind {{.*}}"no-nans-fp-math"="true"{{.*}}"polyprop-generated"{{.*}}"target-cpu"="x86-64-v3" "target-features"="[[FEATURES]]"{{.*}}"unsafe-fp-math"="true" }
#include <stdlib.h>

void pipeline(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f + 1.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] * t[i];
  free(t);
}
