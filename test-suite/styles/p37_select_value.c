/* borders by selecting the value, not the index: l = x > 0 ? in[i-1] : in[i]; int counters */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <math.h>

void pipeline(int w, int h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x;
      float l = x > 0 ? in[i - 1] : in[i];
      float r = x < w - 1 ? in[i + 1] : in[i];
      t1[i] = (l + in[i] + r) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x;
      float u = y > 0 ? t1[i - w] : t1[i];
      float d = y < h - 1 ? t1[i + w] : t1[i];
      t2[i] = (u + t1[i] + d) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
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
