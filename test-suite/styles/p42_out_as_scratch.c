/* output buffer reused as scratch: out = hblur(in); t = vblur(out); out = in + (in - t); int counters, MIN/MAX */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <math.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void pipeline(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = (in[y * w + MAX(x - 1, 0)] + in[y * w + x] + in[y * w + MIN(x + 1, w - 1)]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = (out[MAX(y - 1, 0) * w + x] + out[y * w + x] + out[MIN(y + 1, h - 1) * w + x]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t[y * w + x]);
  free(t);
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
