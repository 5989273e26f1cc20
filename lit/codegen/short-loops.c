// A short innermost loop (a constant trip count of 8 to 32) stays a loop in the generated code
// (`llvm.loop.unroll.disable` on its node), so that LLVM vectorizes it instead of unrolling
// it fully and vectorizing the loop outside it, whose addresses stride by a row, with
// gathers. Found on the bilateral grid: its 12 bins along z, with blurx kept, ran 46 against
// 51-52 ms (full size) once the z loop stayed a loop.
// bins: a 5-tap blur along x of a grid of 12 bins (flattened subscripts, long counters) into
// a stage kept by the option keep=, fed by a stage propagated into it; the generated z loop
// of both stages is rolled, and at -O3 for AVX-512 (-fno-inline keeps the new code in a
// function of its own) the new code loads vectors of 8 along z, with no gather (the previous
// plugin's gathered 96 times).
// bins_2d: the same blur over `float (*)[16]` rows with int counters (12 of 16 bins used).
// channels: an innermost loop of 3 colours is short of a vector: LLVM may unroll it.
// Outputs identical with and without the plugin.
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<keep=kept;keep=kept2>' -S %t.ll -o %t.out.ll
// RUN: opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: env POLYPROP_OPTIONS='keep=kept,kept2' %clang -O3 -g -fno-inline -march=skylake-avx512 -fpass-plugin=%polyprop -S -emit-llvm %s -o %t.o3.ll
// RUN: FileCheck %s --check-prefix=O3 < %t.o3.ll
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='keep=kept,kept2;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// TRANSFORM-DAG: polyprop: function bins, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function bins_2d, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function channels, function body: transformed: 1 temporaries removed
//
// CHECK-LABEL: define internal void @bins.polyprop(
// CHECK: add nsw i64 %c2, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[BINS_Z1:[0-9]+]]
// CHECK: add nsw i64 %c1, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[BINS_Y1:[0-9]+]]
// CHECK: add nsw i64 %c2{{[0-9]+}}, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[BINS_Z2:[0-9]+]]
// CHECK-LABEL: define internal void @bins_2d.polyprop(
// CHECK: add nsw i64 %c1, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[ROWS_Z1:[0-9]+]]
// CHECK-LABEL: define internal void @channels.polyprop(
// CHECK: add nsw i64 %c1, 1
// CHECK-NEXT: br label {{.*}}, !llvm.loop ![[COLOURS:[0-9]+]]
// CHECK-DAG: ![[BINS_Z1]] = distinct !{![[BINS_Z1]], {{.*}}![[NO_RUNTIME:[0-9]+]], ![[ROLLED:[0-9]+]]}
// CHECK-DAG: ![[BINS_Y1]] = distinct !{![[BINS_Y1]], {{.*}}![[NO_RUNTIME]]}
// CHECK-DAG: ![[BINS_Z2]] = distinct !{![[BINS_Z2]], {{.*}}![[NO_RUNTIME]], ![[ROLLED]]}
// CHECK-DAG: ![[ROWS_Z1]] = distinct !{![[ROWS_Z1]], {{.*}}![[NO_RUNTIME]], ![[ROLLED]]}
// CHECK-DAG: ![[COLOURS]] = distinct !{![[COLOURS]], {{.*}}![[NO_RUNTIME]]}
// CHECK-DAG: ![[NO_RUNTIME]] = !{!"llvm.loop.unroll.runtime.disable"}
// CHECK-DAG: ![[ROLLED]] = !{!"llvm.loop.unroll.disable"}
//
// O3-LABEL: define internal fastcc void @bins.polyprop(
// O3-NOT: llvm.masked.gather
// O3: {{(load <8 x float>|masked.load.v8f32)}}
// O3-NOT: llvm.masked.gather
// O3: ret void
// O3-LABEL: define internal fastcc void @bins_2d.polyprop(
// O3-NOT: llvm.masked.gather
// O3: {{(load <8 x float>|masked.load.v8f32)}}
// O3-NOT: llvm.masked.gather
// O3: ret void
#include "Inputs/harness.h"

#define BINS 16
#define AT(x, y, z) (((x) * NY + (y)) * BINS + (z))

void bins(long NX, long NY, const float *grid, float *out) {
  float *blurz = malloc(sizeof(float) * NX * NY * BINS);
  float *kept = malloc(sizeof(float) * NX * NY * BINS);
  for (long x = 0; x < NX; x++)
    for (long y = 0; y < NY; y++)
      for (long z = 2; z <= 13; z++)
        blurz[AT(x, y, z)] = grid[AT(x, y, z - 1)] * 0.25f + grid[AT(x, y, z)] * 0.5f + grid[AT(x, y, z + 1)] * 0.25f;
  for (long x = 0; x < NX; x++)
    for (long y = 0; y < NY; y++)
      for (long z = 2; z <= 13; z++)
        kept[AT(x, y, z)] = blurz[AT(x, y, z)] * 3.0f + 1.0f;
  for (long x = 0; x < NX; x++)
    for (long y = 0; y < NY; y++)
      for (long z = 2; z <= 13; z++)
        out[AT(x, y, z)] = kept[AT(x > 1 ? x - 2 : 0, y, z)] * 0.0625f + kept[AT(x > 0 ? x - 1 : 0, y, z)] * 0.25f +
                           kept[AT(x, y, z)] * 0.375f + kept[AT(x < NX - 1 ? x + 1 : NX - 1, y, z)] * 0.25f +
                           kept[AT(x < NX - 2 ? x + 2 : NX - 1, y, z)] * 0.0625f;
  free(blurz);
  free(kept);
}

void bins_2d(int NX, const float (*grid)[BINS], float (*out)[BINS]) {
  float (*scaled)[BINS] = malloc(sizeof(float) * NX * BINS);
  float (*kept2)[BINS] = malloc(sizeof(float) * NX * BINS);
  for (int x = 0; x < NX; x++)
    for (int z = 2; z < 14; z++)
      scaled[x][z] = grid[x][z] * 2.0f;
  for (int x = 0; x < NX; x++)
    for (int z = 2; z < 14; z++)
      kept2[x][z] = scaled[x][z] - 1.0f;
  for (int x = 1; x < NX - 1; x++)
    for (int z = 2; z < 14; z++)
      out[x][z] = kept2[x - 1][z] * 0.25f + kept2[x][z] * 0.5f + kept2[x + 1][z] * 0.25f;
  free(scaled);
  free(kept2);
}

void channels(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n * 3);
  for (long i = 0; i < n; i++)
    for (long c = 0; c < 3; c++)
      t[i * 3 + c] = in[i * 3 + c] * 2.0f;
  for (long i = 0; i < n; i++)
    for (long c = 0; c < 3; c++)
      out[i * 3 + c] = t[i * 3 + c] + 1.0f;
  free(t);
}

int main(void) {
  enum { NX = 37, NY = 23, N = NX * NY * BINS };
  static float grid[N], a[N], b[NX * BINS], c[N];
  harness_fill_float(grid, N);
  bins(NX, NY, grid, a);
  bins_2d(NX, (const float (*)[BINS])grid, (float (*)[BINS])b);
  channels(NX * NY, grid, c);
  harness_print("bins", a, sizeof a);
  harness_print("bins_2d", b, sizeof b);
  harness_print("channels", c, sizeof c);
  return 0;
}
