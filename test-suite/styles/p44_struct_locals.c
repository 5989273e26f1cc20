/* struct image passed by pointer, its fields copied to locals before the loops
   (`float *src = in->data;`), the last stage's bounds read from out->w and out->h */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

typedef struct image { int w, h; float *data; } image;

void pipeline(const image *in, image *out) {
  int w = in->w, h = in->h;
  const float *src = in->data;
  float *dst = out->data;
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y * w + x] = (src[y * w + xl] + src[y * w + x] + src[y * w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2[y * w + x] = (t1[yu * w + x] + t1[y * w + x] + t1[yd * w + x]) / 3.0f;
    }
  for (int y = 0; y < out->h; y++)
    for (int x = 0; x < out->w; x++)
      dst[y * out->w + x] = src[y * w + x] + 0.5f * (src[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = (float *)malloc(sizeof(float) * w * h), *out = (float *)malloc(sizeof(float) * w * h);
  for (int i = 0; i < w * h; i++) in[i] = (float)((i * 7919 + 13) % 1000) / (float)37;
  image I = { w, h, in }, O = { w, h, out }; pipeline(&I, &O);
  uint64_t hs = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t i = 0; i < sizeof(float) * (size_t)w * h; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
