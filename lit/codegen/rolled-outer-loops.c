// In a rescheduled model, a generated loop with loops inside stays a loop
// (`llvm.loop.unroll.disable` on its node; the innermost loops do not get it). At fixed sizes,
// once LLVM has made the inner loop of a zero fill's tile a `memset` of its row, the tile's
// row loop is innermost with a constant trip count: unrolled fully, its constant-size
// `memset`s became thousands of stores in one block, and the machine scheduler, quadratic in
// a block's length, made PolyBench's covariance at -DMEDIUM compile in 1.10 s instead of 0.60.
// symmetric: covariance's product with its zero fill and mirrored store, `float (*)[96]` rows,
// int counters; symmetric_flat: the same over flattened subscripts with long counters. Both
// rescheduled and tiled; after -O3 (both inlined into main with n = 96) the zero fills keep
// fewer than ten memsets (the previous plugin's build had 197). Outputs identical with and
// without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<schedule>' -S %t.ll -o %t.out.ll
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: env POLYPROP_OPTIONS='schedule;print=transform' %clang -O3 -fpass-plugin=%polyprop -S -emit-llvm %s -o %t.o3.ll 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: grep -c 'call void @llvm.memset' %t.o3.ll | FileCheck %s --check-prefix=MEMSETS
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=schedule %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM-DAG: polyprop: function symmetric, function body: transformed: {{.*}} rescheduled {{.*}} bands tiled
// TRANSFORM-DAG: polyprop: function symmetric_flat, function body: transformed: {{.*}} rescheduled {{.*}} bands tiled
// MEMSETS: {{^[1-9]$}}
//
// The zero fill's tile loops (row, then element): the row loop is rolled, the element loop not.
// CHECK-LABEL: define internal void @symmetric.polyprop(
// CHECK: store float 0.000000e+00
// CHECK-NEXT: add nsw i64 %{{c[0-9]+}}, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[ELEMENT:[0-9]+]]
// CHECK: add nsw i64 %{{c[0-9]+}}, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[ROW:[0-9]+]]
// CHECK-LABEL: define internal void @symmetric_flat.polyprop(
// CHECK: store float 0.000000e+00
// CHECK-NEXT: add nsw i64 %{{c[0-9]+}}, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[FLAT_ELEMENT:[0-9]+]]
// CHECK: add nsw i64 %{{c[0-9]+}}, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[FLAT_ROW:[0-9]+]]
// CHECK-DAG: ![[ELEMENT]] = distinct !{![[ELEMENT]], {{.*}}, ![[RUNTIME:[0-9]+]]}
// CHECK-DAG: ![[ROW]] = distinct !{![[ROW]], {{.*}}, ![[RUNTIME]], ![[DISABLE:[0-9]+]]}
// CHECK-DAG: ![[FLAT_ELEMENT]] = distinct !{![[FLAT_ELEMENT]], {{.*}}, ![[RUNTIME]]}
// CHECK-DAG: ![[FLAT_ROW]] = distinct !{![[FLAT_ROW]], {{.*}}, ![[RUNTIME]], ![[DISABLE]]}
// CHECK-DAG: ![[RUNTIME]] = !{!"llvm.loop.unroll.runtime.disable"}
// CHECK-DAG: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}

#include <stdio.h>
#include <stdlib.h>

#define N 96

static void symmetric(int n, float a[N][N], float c[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      c[i][j] = 0.0f;
      for (int k = 0; k < n; k++)
        c[i][j] += a[k][i] * a[k][j];
      c[j][i] = c[i][j];
    }
}

static void symmetric_flat(long n, const float *a, float *c) {
  for (long i = 0; i < n; i++)
    for (long j = i; j < n; j++) {
      c[i * n + j] = 0.0f;
      for (long k = 0; k < n; k++)
        c[i * n + j] += a[k * n + i] * a[k * n + j];
      c[j * n + i] = c[i * n + j];
    }
}

int main(void) {
  float (*a)[N] = malloc(sizeof(float[N][N]));
  float (*c)[N] = malloc(sizeof(float[N][N]));
  float *f = malloc(sizeof(float) * N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (float)((i * 7 + j * 3) % 17) / 8.0f - 1.0f;
  symmetric(N, a, c);
  symmetric_flat(N, &a[0][0], f);
  double s = 0, t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s += c[i][j] * (i + 1) + j;
      t += f[i * N + j] * (j + 1) + i;
    }
  printf("%a %a\n", s, t);
  return 0;
}
