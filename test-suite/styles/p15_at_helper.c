/* int counters; static inline pixel accessors at()/set() with clamping inside at() */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

static inline float at(const float *p, int w, int h, int x, int y) {
  if (x < 0) x = 0;
  if (x >= w) x = w - 1;
  if (y < 0) y = 0;
  if (y >= h) y = h - 1;
  return p[y * w + x];
}
static inline void set(float *p, int w, int x, int y, float v) { p[y * w + x] = v; }

void pipeline(int w, int h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      set(t1, w, x, y, (at(in, w, h, x - 1, y) + at(in, w, h, x, y) + at(in, w, h, x + 1, y)) / 3.0f);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      set(t2, w, x, y, (at(t1, w, h, x, y - 1) + at(t1, w, h, x, y) + at(t1, w, h, x, y + 1)) / 3.0f);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      set(out, w, x, y, at(in, w, h, x, y) + 0.5f * (at(in, w, h, x, y) - at(t2, w, h, x, y)));
  free(t1);
  free(t2);
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = (float *)malloc(sizeof(float) * w * h), *out = (float *)malloc(sizeof(float) * w * h);
  for (int i = 0; i < w * h; i++) in[i] = (float)((i * 7919 + 13) % 1000) / (float)37;
  pipeline(w, h, in, out);
  uint64_t hs = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t i = 0; i < sizeof(float) * (size_t)w * h; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
