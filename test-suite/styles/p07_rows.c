/* pointer-to-rows float ** for input, output and temporaries (expected to be rejected) */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

static float **alloc2(int w, int h) {
  float **r = malloc(sizeof(float *) * h);
  for (int y = 0; y < h; y++) r[y] = malloc(sizeof(float) * w);
  return r;
}
static void free2(float **r, int h) {
  for (int y = 0; y < h; y++) free(r[y]);
  free(r);
}

void pipeline(int w, int h, float **in, float **out) {
  float **t1 = alloc2(w, h);
  float **t2 = alloc2(w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x - 1 < 0 ? 0 : x - 1;
      int xr = x + 1 < w ? x + 1 : x;
      t1[y][x] = (in[y][xl] + in[y][x] + in[y][xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y - 1 < 0 ? 0 : y - 1;
      int yd = y + 1 < h ? y + 1 : y;
      t2[y][x] = (t1[yu][x] + t1[y][x] + t1[yd][x]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = in[y][x] + 0.5f * (in[y][x] - t2[y][x]);
  free2(t1, h);
  free2(t2, h);
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float **in = alloc2(w, h), **out = alloc2(w, h);
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) { int i = y * w + x; in[y][x] = (float)((i * 7919 + 13) % 1000) / 37.0f; }
  pipeline(w, h, in, out);
  uint64_t hs = 1469598103934665603ULL;
  for (int y = 0; y < h; y++) {
    const unsigned char *b = (const unsigned char *)out[y];
    for (size_t i = 0; i < sizeof(float) * (size_t)w; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  }
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
