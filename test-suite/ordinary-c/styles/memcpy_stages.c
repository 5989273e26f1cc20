/* Stages joined by memcpy (scripts/bench-c-styles.sh; the forms of lit/codegen/memcpy-stages.c):
 * the input copied into a scratch buffer, a horizontal blur, the result copied into a second
 * buffer, a vertical blur, an unsharp mask. `int` counters, malloc'd temporaries. */
#include <stdlib.h>
#include <string.h>
void pipeline(int w, int h, const float *in, float *out) {
  size_t n = sizeof(float) * w * h;
  float *t0 = malloc(n + 4), *t1 = malloc(n + 4), *t2 = malloc(n + 4), *t3 = malloc(n + 4);
  memcpy(t0, in, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y * w + x] = (t0[y * w + xl] + t0[y * w + x] + t0[y * w + xr]) / 3.0f;
    }
  memcpy(t2, t1, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t3[y * w + x] = (t2[yu * w + x] + t2[y * w + x] + t2[yd * w + x]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t3[y * w + x]);
  free(t0);
  free(t1);
  free(t2);
  free(t3);
}
