// Generated loops keep the source loop's `llvm.loop` properties and its line (issue 22), and
// are not unrolled by a run-time count unless the source asks for unrolling (compile time:
// a copy of the propagated body per factor).
// Each function is two stages; propagation removes the temporary, so the one generated loop
// holds only statements of the second source loop and takes its pragmas, in a new distinct
// node of its own: `vectorize(disable)` stays disabled (no vector operation at -O3, while the
// same function without the pragma is vectorized), `unroll_count(4) vectorize_width(8)` is
// vectorized with 8 lanes. The loop control of the generated loop (counter phi, compare,
// increment, back edge) is at the source loop's line. Outputs are identical with and
// without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.out.ll
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %clang -O3 -fpass-plugin=%polyprop -S -emit-llvm %s -o %t.o3.ll
// RUN: FileCheck %s --check-prefix=O3 < %t.o3.ll
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM-DAG: polyprop: function scale_novec, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function scale_unroll, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function scale, function body: transformed: 1 temporaries removed
//
// CHECK-LABEL: define internal void @scale_novec.polyprop(
// CHECK: %c0 = phi i64 {{.*}}, !dbg ![[NOVEC_LOOP:[0-9]+]]
// CHECK-NEXT: icmp slt i64 %c0, {{.*}}, !dbg ![[NOVEC_LOOP]]
// CHECK-NEXT: br i1 {{.*}}, !dbg ![[NOVEC_LOOP]]
// CHECK: add nsw i64 %c0, 1, !dbg ![[NOVEC_LOOP]]
// CHECK-NEXT: br label %polyprop.loop, !dbg ![[NOVEC_LOOP]], !llvm.loop ![[NOVEC_ID:[0-9]+]]
// CHECK-LABEL: define internal void @scale_unroll.polyprop(
// CHECK: br label %polyprop.loop, !dbg ![[UNROLL_LOOP:[0-9]+]], !llvm.loop ![[UNROLL_ID:[0-9]+]]
// CHECK-LABEL: define internal void @scale.polyprop(
// CHECK: br label %polyprop.loop, !dbg ![[PLAIN_LOOP:[0-9]+]], !llvm.loop ![[PLAIN_ID:[0-9]+]]
// CHECK-DAG: ![[NOVEC_LOOP]] = !DILocation(line: [[#NOVEC_LINE:]], column: 3, scope: ![[NOVEC_SP:[0-9]+]])
// CHECK-DAG: ![[NOVEC_SP]] = distinct !DISubprogram(name: "scale_novec", {{.*}}line: [[#NOVEC_LINE-5]],
// CHECK-DAG: ![[NOVEC_ID]] = distinct !{![[NOVEC_ID]], ![[NOVEC_LOOP]], !{{[0-9]+}}, ![[PROGRESS:[0-9]+]], ![[WIDTH1:[0-9]+]], ![[NO_RUNTIME:[0-9]+]]}
// CHECK-DAG: ![[NO_RUNTIME]] = !{!"llvm.loop.unroll.runtime.disable"}
// CHECK-DAG: ![[PROGRESS]] = !{!"llvm.loop.mustprogress"}
// CHECK-DAG: ![[WIDTH1]] = !{!"llvm.loop.vectorize.width", i32 1}
// CHECK-DAG: ![[UNROLL_ID]] = distinct !{![[UNROLL_ID]], ![[UNROLL_LOOP]], !{{[0-9]+}}, ![[PROGRESS]], ![[WIDTH8:[0-9]+]], !{{[0-9]+}}, !{{[0-9]+}}, ![[FOLLOWUP:[0-9]+]]}
// CHECK-DAG: ![[WIDTH8]] = !{!"llvm.loop.vectorize.width", i32 8}
// CHECK-DAG: ![[FOLLOWUP]] = !{!"llvm.loop.vectorize.followup_all", ![[AFTER:[0-9]+]]}
// CHECK-DAG: ![[AFTER]] = distinct !{![[AFTER]], {{.*}}, ![[COUNT4:[0-9]+]]}
// CHECK-DAG: ![[COUNT4]] = !{!"llvm.loop.unroll.count", i32 4}
// CHECK-DAG: ![[PLAIN_ID]] = distinct !{![[PLAIN_ID]], ![[PLAIN_LOOP]], !{{[0-9]+}}, ![[PROGRESS]], ![[NO_RUNTIME]]}
//
// O3-LABEL: define dso_local void @scale_novec(
// O3-NOT: x float>
// O3: ret void
// O3-LABEL: define dso_local void @scale_unroll(
// O3: <8 x float>
// O3: ret void
// O3-LABEL: define dso_local void @scale(
// O3: x float>
// O3: ret void
#include "Inputs/harness.h"

void scale_novec(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
#pragma clang loop vectorize(disable)
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

void scale_unroll(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
#pragma clang loop unroll_count(4) vectorize_width(8)
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

void scale(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

int main(void) {
  enum { N = 1003 };
  static float in[N], a[N], b[N], c[N];
  harness_fill_float(in, N);
  scale_novec(N, a, in);
  scale_unroll(N, b, in);
  scale(N, c, in);
  harness_print("novec", a, sizeof a);
  harness_print("unroll", b, sizeof b);
  harness_print("plain", c, sizeof c);
  return 0;
}
