/* unsigned counters, flat pointers, clamps i>0?i-1:0 and i+1<n?i+1:i */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

void pipeline(unsigned w, unsigned h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h);
  float *t2 = malloc(sizeof(float) * w * h);
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++) {
      unsigned xl = x > 0 ? x - 1 : 0;
      unsigned xr = x + 1 < w ? x + 1 : x;
      t1[y * w + x] = (in[y * w + xl] + in[y * w + x] + in[y * w + xr]) / 3.0f;
    }
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++) {
      unsigned yu = y > 0 ? y - 1 : 0;
      unsigned yd = y + 1 < h ? y + 1 : y;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
    }
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++)
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
