// A 3-channel image with a 2-pixel border, linearized by hand as the naive PolyMage code
// does (c*(R*(C+4)) + (i-2)*(C+4) + j): both stages are delinearized to 3-D accesses with
// parametric sizes; every inner subscript stays within its dimension here, so the assumed
// context holds for all parameters.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
#include <stdlib.h>
void image3_border(long R, long C, const float *restrict in, float *restrict out) {
  float *blurx = (float *)malloc(sizeof(float) * 3 * R * (C + 4));
  for (long c = 0; c < 3; c++)
    for (long i = 2; i < R + 2; i++)
      for (long j = 0; j < C + 4; j++)
        blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + j] =
            in[c * ((R + 4) * (C + 4)) + (i - 2) * (C + 4) + j] + in[c * ((R + 4) * (C + 4)) + (i + 2) * (C + 4) + j];
  for (long c = 0; c < 3; c++)
    for (long i = 2; i < R + 2; i++)
      for (long j = 2; j < C + 2; j++)
        out[c * (R * C) + (i - 2) * C + (j - 2)] =
            blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + j - 2] + blurx[c * (R * (C + 4)) + (i - 2) * (C + 4) + j + 2];
  free(blurx);
}
// CHECK: polyprop-scops: function image3_border, function body
// CHECK: parameters: [R, C]
// CHECK: assumed context: [R, C] -> { : }
// CHECK-DAG: array blurx[*][R][C + 4]: f32 temporary
// CHECK-DAG: array out[*][R][C]: f32 live-out
// CHECK-DAG: array in[*][R + 4][C + 4]: f32 live-out
// CHECK: S0 at {{.*}}image3_border.c:13:
// CHECK-NEXT: domain: [R, C] -> { S0[i0, i1, i2] : C >= -3 and 0 <= i0 <= 2 and 0 <= i1 < R and 0 <= i2 <= 3 + C }
// CHECK-NEXT: schedule: [R, C] -> { S0[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 0] }
// CHECK-NEXT: write: [R, C] -> { S0[i0, i1, i2] -> blurx[i0, i1, i2] }
// CHECK-NEXT: read: [R, C] -> { S0[i0, i1, i2] -> in[i0, i1, i2] }
// CHECK-NEXT: read: [R, C] -> { S0[i0, i1, i2] -> in[i0, i1 + 4, i2] }
// CHECK: S1 at {{.*}}image3_border.c:18:
// CHECK-NEXT: domain: [R, C] -> { S1[i0, i1, i2] : C > 0 and 0 <= i0 <= 2 and 0 <= i1 < R and 0 <= i2 < C }
// CHECK-NEXT: schedule: [R, C] -> { S1[i0, i1, i2] -> [1, i0, 0, i1, 0, i2, 0] }
// CHECK-NEXT: write: [R, C] -> { S1[i0, i1, i2] -> out[i0, i1, i2] }
// CHECK-NEXT: read: [R, C] -> { S1[i0, i1, i2] -> blurx[i0, i1, i2] }
// CHECK-NEXT: read: [R, C] -> { S1[i0, i1, i2] -> blurx[i0, i1, i2 + 4] }
// CHECK-NOT: S2
