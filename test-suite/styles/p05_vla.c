/* C99 VLA parameters float a[h][w]; temporaries as float (*)[w] = malloc; int counters; ternary clamps */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stddef.h>

void pipeline(int w, int h, const float in[h][w], float out[h][w]) {
  float (*t1)[w] = malloc(sizeof(float[h][w]));
  float (*t2)[w] = malloc(sizeof(float[h][w]));
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
  free(t1);
  free(t2);
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = (float *)malloc(sizeof(float) * w * h), *out = (float *)malloc(sizeof(float) * w * h);
  for (int i = 0; i < w * h; i++) in[i] = (float)((i * 7919 + 13) % 1000) / (float)37;
  pipeline(w, h, (const float (*)[w])in, (float (*)[w])out);
  uint64_t hs = 1469598103934665603ULL;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t i = 0; i < sizeof(float) * (size_t)w * h; i++) { hs ^= b[i]; hs *= 1099511628211ULL; }
  printf("%016llx\n", (unsigned long long)hs);
  return 0;
}
