/* Pointwise stages written as one flat loop over the image next to a 5-point stencil written
 * with 2-D subscripts (scripts/bench-c-styles.sh; the forms of lit/codegen/flat-loops.c).
 * `int` counters, malloc'd temporaries. */
#include <stdlib.h>
void pipeline(int w, int h, const float *in, float *out) {
  int n = w * h;
  float *sq = malloc(sizeof(float) * n);
  float *bl = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    sq[i] = in[i] * in[i];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      bl[y * w + x] = (sq[yu * w + x] + sq[y * w + xl] + sq[y * w + x] + sq[y * w + xr] + sq[yd * w + x]) * 0.2f;
    }
  for (int i = 0; i < n; i++)
    out[i] = bl[i] - in[i];
  free(sq);
  free(bl);
}
