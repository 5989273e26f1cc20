/* A blur and a sharpen written with calloc'd temporaries: each blur writes the interior only,
 * the next stage reads the zero border calloc left (scripts/bench-c-styles.sh; the forms of
 * lit/propagation/zero-initialized.c). `int` counters, flattened subscripts. */
#include <stdlib.h>
void pipeline(int w, int h, const float *in, float *out) {
  float *t1 = calloc((size_t)w * h, sizeof(float));
  float *t2 = calloc((size_t)w * h, sizeof(float));
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
