// A three-stage pipeline in the naive style (malloc'd temporaries, hand-linearized
// subscripts); pipeline3.scop is the same program in the textual SCoP language.
#include <stdlib.h>
void pipeline3(long R, long C, void *in_void, void *out_void) {
  float *in = (float *)in_void;
  float *out = (float *)out_void;
  float *bx = (float *)malloc(sizeof(float) * R * C);
  float *by = (float *)malloc(sizeof(float) * R * C);
  for (long i = 0; i < R; i++)
    for (long j = 0; j < C; j++)
      bx[i * C + j] = (in[i * (C + 2) + j] + in[i * (C + 2) + j + 1] + in[i * (C + 2) + j + 2]) * 0.333f;
  for (long i = 0; i < R - 2; i++)
    for (long j = 0; j < C; j++)
      by[i * C + j] = (bx[i * C + j] + bx[(i + 1) * C + j] + bx[(i + 2) * C + j]) * 0.333f;
  for (long i = 0; i < R - 2; i++)
    for (long j = 0; j < C; j++)
      out[i * C + j] = by[i * C + j] * 2.0f - in[(i + 1) * (C + 2) + j + 1];
  free(bx);
  free(by);
}
