/* A blur and a sharpen written with malloc'd temporaries cleared by memset: each blur writes
 * the interior only, the next stage reads the zero border memset left (scripts/
 * bench-c-styles.sh; the forms of lit/propagation/memset-cleared.c). `int` counters,
 * flattened subscripts. */
#include <stdlib.h>
#include <string.h>
void pipeline(int w, int h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  memset(t1, 0, sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  memset(t2, 0, sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t1[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 0; x < w; x++)
      t2[y * w + x] = (t1[(y - 1) * w + x] + t1[y * w + x] + t1[(y + 1) * w + x]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}
