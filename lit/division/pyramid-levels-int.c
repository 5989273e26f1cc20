// The pyramid levels of pyramid-levels-run.c in another style: `int` counters and sizes,
// rows as `float (*)[C]` pointers, the upsampling read at (i + 1) >> 1 and i / 2 (both
// floor divisions: i is non-negative) and the parity i % 2 as a value. R / 2 is floor(R/2)
// under the assumption R >= 0 where it is used, which the domains already imply: the
// assumed context stays empty. The `int` R1 = R / 2 that only the context's type ranges
// mentioned is no parameter of the model.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function updown
// CHECK-NEXT: SCoP function body: 4 statements, 5 arrays
// CHECK: parameters: [R, C]
// CHECK: assumed context: [R, C] -> { : }
// CHECK: array half[*][C]: f32 temporary
// CHECK: array up[*][C]: f32 temporary
// CHECK: read: {{.*}} -> { S0[i0, i1] -> in[2*i0 + 1, i1] }
// CHECK: domain: {{.*}} -> { S2[i0, i1] : i0 >= 0 and 0 <= i1 < C and 2*floor((R)/2) >= 2 + i0 }
// CHECK: read: {{.*}} -> { S2[i0, i1] -> half[floor((i0)/2), i1] }
// CHECK: read: {{.*}} -> { S2[i0, i1] -> half[floor((i0 + 1)/2), i1] }
#include <stdlib.h>

void updown(int R, int C, float (*in)[C], float (*out)[C]) {
  int R1 = R / 2;
  float (*half)[C] = malloc(sizeof(float) * (R1 + 1) * C);
  float (*up)[C] = malloc(sizeof(float) * R * C);
  for (int i = 0; i < R1; i++)
    for (int j = 0; j < C; j++)
      half[i][j] = (in[2 * i][j] + in[2 * i + 1][j]) * 0.5f;
  for (int i = 0; i < 2 * R1 - 1; i++)
    for (int j = 0; j < C; j++)
      up[i][j] = half[i / 2][j] * (float)(i % 2) + half[(i + 1) >> 1][j];
  for (int i = 0; i < 2 * R1 - 1; i++)
    for (int j = 0; j < C; j++)
      out[i][j] = up[i][j];
  free(half);
  free(up);
}
