/* long sizes; one tap helper over a pointer and an int stride, called with (int)w */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

static inline float tap3(const float *p, int s) { return 0.25f * p[-s] + 0.5f * p[0] + 0.25f * p[s]; }

void pipeline(long w, long h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = 1; x < w - 1; x++)
      t1[y * w + x] = tap3(&in[y * w + x], 1);
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      t2[y * w + x] = tap3(&t1[y * w + x], (int)w);
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}

int main(int argc, char **argv) {
  long w = atol(argv[1]), h = atol(argv[2]);
  float *in = (float *)malloc(sizeof(float) * w * h + 4), *out = (float *)calloc((size_t)w * h + 1, sizeof(float));
  for (long i = 0; i < (long)w * h; i++) in[i] = (float)((i * 7919 + 13) % 1000) / (float)37;
  pipeline(w, h, in, out);
  uint64_t hs = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t i = 0; i < sizeof(float) * (size_t)w * h; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
