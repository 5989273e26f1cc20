/* Heat diffusion by time steps whose grids swap by pointer (scripts/bench-c-styles.sh; the
 * form of lit/codegen/swapped-grids.c): the fluxes along x and y are temporaries allocated
 * once, before the time loop, and rewritten at each step before they are read; the step's
 * result goes to the other grid, `tmp = a; a = b; b = tmp;`. `int` counters, flattened
 * subscripts, borders copied. A progress counter updated by a call each step makes the time
 * loop no SCoP; the steps inside it are one. */
#include <stdlib.h>
#include <string.h>
int steps_done;
__attribute__((noinline)) void step_done(int t) { steps_done += t; }
void pipeline(int w, int h, const float *in, float *out) {
  enum { STEPS = 8 };
  float *a = malloc(sizeof(float) * w * h + 4), *b = malloc(sizeof(float) * w * h + 4);
  float *fx = malloc(sizeof(float) * w * h + 4), *fy = malloc(sizeof(float) * w * h + 4);
  memcpy(a, in, sizeof(float) * w * h);
  memcpy(b, in, sizeof(float) * w * h);
  for (int t = 0; t < STEPS; t++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        fx[y * w + x] = a[y * w + x - 1] - 2.0f * a[y * w + x] + a[y * w + x + 1];
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        fy[y * w + x] = a[(y - 1) * w + x] - 2.0f * a[y * w + x] + a[(y + 1) * w + x];
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        b[y * w + x] = a[y * w + x] + 0.2f * (fx[y * w + x] + fy[y * w + x]);
    float *tmp = a;
    a = b;
    b = tmp;
    step_done(t);
  }
  memcpy(out, a, sizeof(float) * w * h);
  free(a);
  free(b);
  free(fx);
  free(fy);
}
