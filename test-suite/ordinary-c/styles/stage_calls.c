/* A thermal simulation in Rodinia hotspot's style (scripts/bench-c-styles.sh): each time step
 * calls a stage function that computes a temperature change per cell into a temporary
 * allocated once, before the time loop, and then adds it to the grid, writing the other grid;
 * the grids swap by pointer. Borders clamp the neighbours' rows and columns with ternaries on
 * `int` counters; flattened subscripts `r * cols + c`. The stage is inlined at each step of
 * the copy the transform works on, so each step is a sequence of two nests and the temporary
 * between them goes (lit/calls/stage-functions-in-loops.c). */
#include <stdlib.h>
#include <string.h>

static const float amb_temp = 80.0f;

static void single_iteration(float *result, const float *temp, const float *power, float *delta, int row, int col,
                             float cap, float rx, float ry, float rz) {
  for (int r = 0; r < row; r++)
    for (int c = 0; c < col; c++) {
      int rn = r > 0 ? r - 1 : r, rs = r < row - 1 ? r + 1 : r;
      int cw = c > 0 ? c - 1 : c, ce = c < col - 1 ? c + 1 : c;
      float t0 = temp[r * col + c];
      delta[r * col + c] = cap * (power[r * col + c] + (temp[rs * col + c] + temp[rn * col + c] - 2.0f * t0) * ry +
                                  (temp[r * col + ce] + temp[r * col + cw] - 2.0f * t0) * rx + (amb_temp - t0) * rz);
    }
  for (int r = 0; r < row; r++)
    for (int c = 0; c < col; c++)
      result[r * col + c] = temp[r * col + c] + delta[r * col + c];
}

void pipeline(int w, int h, const float *in, float *out) {
  enum { STEPS = 8 };
  float *a = malloc(sizeof(float) * w * h + 4), *b = malloc(sizeof(float) * w * h + 4);
  float *power = malloc(sizeof(float) * w * h + 4), *delta = malloc(sizeof(float) * w * h + 4);
  for (int i = 0; i < w * h; i++) {
    a[i] = 300.0f + 20.0f * in[i];
    power[i] = 0.001f * in[(i * 7) % (w * h)];
  }
  for (int t = 0; t < STEPS; t++) {
    single_iteration(b, a, power, delta, h, w, 0.5f, 0.1f, 0.12f, 0.01f);
    float *tmp = a;
    a = b;
    b = tmp;
  }
  memcpy(out, a, sizeof(float) * w * h);
  free(a);
  free(b);
  free(power);
  free(delta);
}
