#include <stdlib.h>
/* A two-stage blur with borders clamped by ternaries, int counters. */
void pipeline_clamped_blur(int W, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * W);
  for (int i = 0; i < W; i++)
    t[i] = in[i > 0 ? i - 1 : 0] + in[i] + in[i + 1 < W ? i + 1 : W - 1];
  for (int i = 0; i < W; i++)
    out[i] = 0.25f * (t[i > 0 ? i - 1 : 0] + 2.0f * t[i] + t[i + 1 < W ? i + 1 : W - 1]);
  free(t);
}
