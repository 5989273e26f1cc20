// A three-stage pipeline in the naive PolyMage style: every stage is modeled, in one SCoP,
// two-dimensional, with the hand-linearized subscripts delinearized.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
#include <stdlib.h>
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
void pipeline_blur3(long R, long C, void *in_void, void *out_void) {
  float *in = (float *)in_void;
  float *out = (float *)out_void;
  float *blurx = (float *)malloc(sizeof(float) * (R + 2) * C);
  float *blury = (float *)malloc(sizeof(float) * R * C);
  for (long i = 0; i <= R + 1; i++)
    for (long j = 0; j < C; j++)
      blurx[i * C + j] = (in[i * (C + 2) + j] + in[i * (C + 2) + j + 1] + in[i * (C + 2) + j + 2]) * 0.333f;
  for (long i = 1; i <= R; i++)
    for (long j = 0; j < C; j++)
      blury[(i - 1) * C + j] = (blurx[(i - 1) * C + j] + blurx[i * C + j] + blurx[(i + 1) * C + j]) * 0.333f;
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = max(0.0f, min(1.0f, blury[i * C + j] * 1.5f - 0.1f));
  free(blurx);
  free(blury);
}
// CHECK: polyprop-scops: function pipeline_blur3, function body
// CHECK: parameters: [R, C]
// CHECK: assumed context: [R, C] -> { : }
// CHECK-DAG: array blurx[*][C]: f32 temporary
// CHECK-DAG: array blury[*][C]: f32 temporary
// CHECK-DAG: array out[*][C]: f32 live-out
// CHECK-DAG: array in[*][C + 2]: f32 live-out
// CHECK: run-time alias check: out and in
// CHECK: S0 at {{.*}}blur3.c:15:24
// CHECK-NEXT: domain: [R, C] -> { S0[i0, i1] : C > 0 and 0 <= i0 <= 1 + R and 0 <= i1 < C }
// CHECK-NEXT: schedule: [R, C] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] }
// CHECK-NEXT: write: [R, C] -> { S0[i0, i1] -> blurx[i0, i1] }
// CHECK-NEXT: read: [R, C] -> { S0[i0, i1] -> in[i0, i1] }
// CHECK-NEXT: read: [R, C] -> { S0[i0, i1] -> in[i0, i1 + 1] }
// CHECK-NEXT: read: [R, C] -> { S0[i0, i1] -> in[i0, i1 + 2] }
// CHECK: S1 at
// CHECK-NEXT: domain: [R, C] -> { S1[i0, i1] : C > 0 and 0 <= i0 < R and 0 <= i1 < C }
// CHECK-NEXT: schedule: [R, C] -> { S1[i0, i1] -> [1, i0, 0, i1, 0] }
// CHECK-NEXT: write: [R, C] -> { S1[i0, i1] -> blury[i0, i1] }
// CHECK-NEXT: read: [R, C] -> { S1[i0, i1] -> blurx[i0, i1] }
// CHECK-NEXT: read: [R, C] -> { S1[i0, i1] -> blurx[i0 + 1, i1] }
// CHECK: S2 at
// CHECK-NEXT: domain: [R, C] -> { S2[i0, i1] : C > 0 and 0 <= i0 < R and 0 <= i1 < C }
// CHECK-NEXT: schedule: [R, C] -> { S2[i0, i1] -> [2, i0, 0, i1, 0] }
// CHECK-NEXT: write: [R, C] -> { S2[i0, i1] -> out[i0, i1] }
// CHECK-NOT: S3
