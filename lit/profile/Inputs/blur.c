#include <stdio.h>
#include <stdlib.h>
static void blur(int h, int w, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      tmp[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = (tmp[(y - 1) * w + x] + tmp[y * w + x] + tmp[(y + 1) * w + x]) / 3.0f;
  free(tmp);
}
int main(int argc, char **argv) {
  int h = argc > 1 ? atoi(argv[1]) : 24, w = 40;
  float *in = malloc(sizeof(float) * h * w), *out = calloc(h * w, sizeof(float));
  for (int i = 0; i < h * w; i++)
    in[i] = (float)(i % 13);
  blur(h, w, in, out);
  double s = 0;
  for (int i = 0; i < h * w; i++)
    s += out[i];
  printf("%g\n", s);
  free(in);
  free(out);
  return 0;
}
