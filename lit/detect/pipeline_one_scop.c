// A PolyMage-style pipeline (malloc'd temporary, two stages, free): the whole function body
// is one SCoP with both stages, and no stage is reported on its own.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
#include <stdlib.h>
void pipeline_one_scop(long R, long C, const float *restrict in, float *restrict out) {
  float *tmp = (float *)malloc(sizeof(float) * R * C);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      tmp[i * C + j] = in[i * C + j] * 0.5f;
  for (long i = 0; i < R; i++)
    for (long j = 1; j < C; j++)
      out[i * C + j] = tmp[i * C + j] - tmp[i * C + j - 1];
  free(tmp);
}
// CHECK: polyprop-detect: function pipeline_one_scop
// CHECK-NEXT: SCoP function body: 2 statements, 3 arrays
// CHECK-NOT: {{SCoP|rejected}}
