// Loads of a `bool` mask keep the source's !range [0, 2) in the generated code (issue 22:
// !range is kept per array when every load of it carries the same one), and the module
// verifies; the masked blur runs identically with and without the plugin. Loads of floats
// carry no !range.
// RUN: %clang -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=SOURCE < %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<print=transform>' -S %t.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O3 %s -DMAIN -o %t.naive
// RUN: %clang -O3 %s -DMAIN -fpass-plugin=%polyprop -o %t.polyprop
// RUN: %t.naive > %t.naive.out && %t.polyprop > %t.polyprop.out && cmp %t.naive.out %t.polyprop.out
// SOURCE: load i8, i8* %{{.*}}, !range
// TRANSFORM: transformed: 1 temporaries removed
// CHECK-LABEL: define internal void @masked_blur.polyprop(
// CHECK: load i8, i8* %{{[0-9]+}}, align 1, {{.*}}!range ![[RANGE:[0-9]+]]
// CHECK-NOT: load float{{.*}}!range
// CHECK: ret void
// CHECK: ![[RANGE]] = !{i8 0, i8 2}
#include <stdbool.h>
#include <stdlib.h>

void masked_blur(int n, const bool *mask, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = mask[i] ? in[i] * 0.5f : in[i];
  for (int i = 1; i < n - 1; i++)
    out[i] = t[i - 1] + t[i] + t[i + 1];
  free(t);
}

#ifdef MAIN
#include <stdio.h>
int main(void) {
  enum { N = 1000 };
  static bool mask[N];
  static float in[N], out[N];
  for (int i = 0; i < N; i++) {
    mask[i] = (i * 7) % 3 == 0;
    in[i] = (float)((i * 37) % 101) / 7.0f;
  }
  masked_blur(N, mask, in, out);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i] * (i % 13 + 1);
  printf("%.9g %a\n", s, out[N / 2]);
  return 0;
}
#endif
