// A rotation in the inner loop of a nest, restarted for every row, over a `T (*)[N]` array:
// a recursive filter along each row (deriche's horizontal pass). Outputs identical with and
// without the plugin.
// The input goes through a malloc'd temporary first, which polyprop removes, so the function
// is regenerated from the model, rotation included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK: polyprop: function kernel, function body: transformed
#include <stdio.h>
#include <stdlib.h>
#define W 24
#define H 10
static void kernel(int w, int h, float img[H][W], float out[H][W]) {
  float (*t)[W] = malloc(sizeof(float) * H * W);
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      t[i][j] = img[i][j] * 0.75f + 1.0f;
  for (int i = 0; i < h; i++) {
    float ym1 = 0.0f, ym2 = 0.0f, xm1 = 0.0f;
    for (int j = 0; j < w; j++) {
      out[i][j] = 0.5f * t[i][j] + 0.25f * xm1 + 0.125f * ym1 + 0.0625f * ym2;
      xm1 = t[i][j];
      ym2 = ym1;
      ym1 = out[i][j];
    }
  }
  free(t);
}
int main(void) {
  static float img[H][W], out[H][W];
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) img[i][j] = (float)((i * 7 + j * 13) % 17) / 16.0f;
  kernel(W, H, img, out);
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) printf("%a ", out[i][j]);
  printf("\n");
  return 0;
}
