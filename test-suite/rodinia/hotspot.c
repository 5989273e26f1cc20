/* hotspot-like: transient thermal simulation of a chip, in the style of Rodinia's hotspot
 * (hotspot_openmp.cpp): a rows x cols grid of temperatures (row-major, `int` counters and
 * sizes in a struct with the chip's thermal constants), each step computing a new grid from
 * the old one and the power map with a 5-point stencil whose neighbours at the chip's edges
 * are the cell itself (the conditions of Rodinia's edge cases, here as selects). main swaps
 * the two grids between steps.
 *
 * Usage: hotspot N [REPS]: an N x N grid; REPS steps.
 */
#include "common.h"

#define AMBIENT_TEMPERATURE 80.0f

struct chip {
  int rows, cols;
  float capacitance;          /* per cell */
  float rx, ry, rz;           /* thermal resistances: along a row, along a column, to the ambient */
  float step;                 /* time step */
};

KERNEL void hotspot_step(const struct chip *g, const float *power, const float *temperature, float *result) {
  float scale = g->step / g->capacitance;
  for (int r = 0; r < g->rows; r++) {
    for (int c = 0; c < g->cols; c++) {
      long k = (long)r * g->cols + c;
      float t = temperature[k];
      float north = r > 0 ? temperature[k - g->cols] : t;
      float south = r < g->rows - 1 ? temperature[k + g->cols] : t;
      float west = c > 0 ? temperature[k - 1] : t;
      float east = c < g->cols - 1 ? temperature[k + 1] : t;
      result[k] = t + scale * (power[k] + (north + south - 2.0f * t) / g->ry + (east + west - 2.0f * t) / g->rx +
                               (AMBIENT_TEMPERATURE - t) / g->rz);
    }
  }
}

int main(int argc, char **argv) {
  int n = (int)argument(argc, argv, 1, 128);
  long reps = argument(argc, argv, 2, 1);
  /* A 16 mm chip, 0.5 mm thick, silicon: constants of the same magnitudes as Rodinia's. */
  float side = 0.016f / (float)n, thickness = 0.0005f;
  struct chip g = {n, n, 0.5f * 1.75e6f * thickness * side * side, side / (2.0f * 100.0f * thickness * side),
                   side / (2.0f * 100.0f * thickness * side), thickness / (100.0f * side * side), 0.0f};
  g.step = 0.001f * g.capacitance;
  uint64_t seed = 23;
  long cells = (long)n * n;
  float *power = (float *)malloc(sizeof(float) * (size_t)cells);
  float *temperature = (float *)malloc(sizeof(float) * (size_t)cells);
  float *result = (float *)malloc(sizeof(float) * (size_t)cells);
  for (long k = 0; k < cells; k++) {
    power[k] = random_unit(&seed) * 0.002f;
    temperature[k] = 320.0f + 20.0f * random_unit(&seed);
  }
  printf("size: %d\n", n);
  for (long rep = 0; rep < reps; rep++) {
    double start = now_ms();
    hotspot_step(&g, power, temperature, result);
    report_time("hotspot_step", start);
    float *swap = temperature;
    temperature = result;
    result = swap;
  }
  checksum_floats("temperature", temperature, cells);
  return 0;
}
