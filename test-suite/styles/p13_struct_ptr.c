/* struct image { int w, h; float *data; } passed by pointer; temporaries are struct images with malloc'd data */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

typedef struct image { int w, h; float *data; } image;

static image img_new(int w, int h) { image r = { w, h, malloc(sizeof(float) * w * h) }; return r; }

void pipeline(const image *in, image *out) {
  int w = in->w, h = in->h;
  image t1 = img_new(w, h), t2 = img_new(w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1.data[y * t1.w + x] = (in->data[y * in->w + xl] + in->data[y * in->w + x] + in->data[y * in->w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2.data[y * t2.w + x] = (t1.data[yu * t1.w + x] + t1.data[y * t1.w + x] + t1.data[yd * t1.w + x]) / 3.0f;
    }
  for (int y = 0; y < out->h; y++)
    for (int x = 0; x < out->w; x++)
      out->data[y * out->w + x] = in->data[y * in->w + x] + 0.5f * (in->data[y * in->w + x] - t2.data[y * t2.w + x]);
  free(t1.data);
  free(t2.data);
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
