/* A stencil under a condition on the data (scripts/bench-c-styles.sh; the form of
 * lit/may-accesses/condition.c's masked): a tone curve into a temporary, then a 4-point
 * sum of it where the input is not saturated, the pixel left as it was elsewhere (an early
 * `continue`), borders zero. `int` counters, a malloc'd temporary. */
#include <stdlib.h>
void pipeline(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h + 4);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float v = in[y * w + x];
      t[y * w + x] = v < 0.2f ? 0.0f : v < 0.6f ? v - 0.2f : 0.4f + 0.5f * (v - 0.6f);
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[y * w + x] = 0.0f;
        continue;
      }
      if (in[y * w + x] > 0.95f)
        continue;
      out[y * w + x] = t[y * w + x - 1] + t[y * w + x + 1] + t[(y - 1) * w + x] + t[(y + 1) * w + x];
    }
  free(t);
}
