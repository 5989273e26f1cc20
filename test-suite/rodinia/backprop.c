/* backprop-like: one training step of a two-layer perceptron per repetition, in the style of
 * Rodinia's backprop (facetrain.c, backprop.c): weight matrices are `float **` whose rows are
 * allocated one by one (malloc per row), counters are `int`, loops run to inclusive bounds
 * with unit 0 as the bias, and the activation `squash` is a call that reads no memory.
 *
 * The two hot kernels (paper 001, Table 3):
 *   layerforward    for each unit j of the layer above: sum over the rows k below of
 *                   weight[k][j] * below[k]; column j of a row-pointer matrix, so the inner
 *                   loop strides across rows (an interchange makes it unit-stride)
 *   adjust_weights  for each unit j above and row k below: weight[k][j] += change, with the
 *                   previous change kept in a second row-pointer matrix
 *
 * Usage: backprop N [REPS]: N input units (Rodinia's default is 65536), 16 hidden units,
 * 1 output; REPS training steps.
 */
#include <math.h>
#include "common.h"

#define HIDDEN_UNITS 16
#define OUTPUT_UNITS 1
#define LEARNING_RATE 0.3f
#define MOMENTUM 0.3f

/* A sigmoid-shaped activation without libm (expf may write errno and so is no readnone
 * call at -O3 without -fno-math-errno): const, and kept a call as in Rodinia. */
__attribute__((const, noinline)) static float squash(float x) {
  return 0.5f + 0.5f * x / (1.0f + fabsf(x));
}

/* rows x cols, each row its own allocation: the rows are wherever malloc puts them. */
static float **matrix_by_rows(int rows, int cols) {
  float **m = (float **)malloc((size_t)rows * sizeof(float *));
  for (int r = 0; r < rows; r++)
    m[r] = (float *)calloc((size_t)cols, sizeof(float));
  return m;
}

KERNEL void layerforward(float *below, float *above, float **weight, int n_below, int n_above) {
  below[0] = 1.0f;
  for (int j = 1; j <= n_above; j++) {
    float sum = 0.0f;
    for (int k = 0; k <= n_below; k++)
      sum += weight[k][j] * below[k];
    above[j] = squash(sum);
  }
}

KERNEL void adjust_weights(float *delta, int n_delta, float *unit, int n_unit, float **weight, float **previous) {
  unit[0] = 1.0f;
  for (int j = 1; j <= n_delta; j++) {
    for (int k = 0; k <= n_unit; k++) {
      float change = LEARNING_RATE * delta[j] * unit[k] + MOMENTUM * previous[k][j];
      weight[k][j] += change;
      previous[k][j] = change;
    }
  }
}

/* The output layer's error against the target, as o * (1 - o) * (t - o). */
static void output_error(float *delta, const float *target, const float *output, int n) {
  for (int j = 1; j <= n; j++)
    delta[j] = output[j] * (1.0f - output[j]) * (target[j] - output[j]);
}

/* The hidden layer's error: the output errors propagated back through the weights. */
static void hidden_error(float *delta_h, int n_hidden, const float *delta_o, int n_output, float **weight, const float *hidden) {
  for (int j = 1; j <= n_hidden; j++) {
    float sum = 0.0f;
    for (int k = 1; k <= n_output; k++)
      sum += delta_o[k] * weight[j][k];
    delta_h[j] = hidden[j] * (1.0f - hidden[j]) * sum;
  }
}

static void checksum_rows(const char *name, float **m, int rows, int cols) {
  float *flat = (float *)malloc((size_t)rows * (size_t)cols * sizeof(float));
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      flat[(long)r * cols + c] = m[r][c];
  checksum_floats(name, flat, (long)rows * cols);
  free(flat);
}

int main(int argc, char **argv) {
  int n_in = (int)argument(argc, argv, 1, 4096);
  long reps = argument(argc, argv, 2, 1);
  uint64_t seed = 7;
  float *input = (float *)calloc((size_t)n_in + 1, sizeof(float));
  float *hidden = (float *)calloc(HIDDEN_UNITS + 1, sizeof(float));
  float *output = (float *)calloc(OUTPUT_UNITS + 1, sizeof(float));
  float *delta_h = (float *)calloc(HIDDEN_UNITS + 1, sizeof(float));
  float *delta_o = (float *)calloc(OUTPUT_UNITS + 1, sizeof(float));
  float target[OUTPUT_UNITS + 1] = {0.0f, 0.1f};
  float **input_weights = matrix_by_rows(n_in + 1, HIDDEN_UNITS + 1);
  float **input_previous = matrix_by_rows(n_in + 1, HIDDEN_UNITS + 1);
  float **hidden_weights = matrix_by_rows(HIDDEN_UNITS + 1, OUTPUT_UNITS + 1);
  float **hidden_previous = matrix_by_rows(HIDDEN_UNITS + 1, OUTPUT_UNITS + 1);
  for (int k = 1; k <= n_in; k++)
    input[k] = random_unit(&seed);
  for (int k = 0; k <= n_in; k++)
    for (int j = 0; j <= HIDDEN_UNITS; j++)
      input_weights[k][j] = (random_unit(&seed) - 0.5f) * 0.01f;
  for (int k = 0; k <= HIDDEN_UNITS; k++)
    for (int j = 0; j <= OUTPUT_UNITS; j++)
      hidden_weights[k][j] = random_unit(&seed) - 0.5f;
  printf("size: %d\n", n_in);
  for (long rep = 0; rep < reps; rep++) {
    double start = now_ms();
    layerforward(input, hidden, input_weights, n_in, HIDDEN_UNITS);
    report_time("layerforward", start);
    layerforward(hidden, output, hidden_weights, HIDDEN_UNITS, OUTPUT_UNITS);
    output_error(delta_o, target, output, OUTPUT_UNITS);
    hidden_error(delta_h, HIDDEN_UNITS, delta_o, OUTPUT_UNITS, hidden_weights, hidden);
    adjust_weights(delta_o, OUTPUT_UNITS, hidden, HIDDEN_UNITS, hidden_weights, hidden_previous);
    start = now_ms();
    adjust_weights(delta_h, HIDDEN_UNITS, input, n_in, input_weights, input_previous);
    report_time("adjust_weights", start);
  }
  checksum_floats("hidden", hidden, HIDDEN_UNITS + 1);
  checksum_floats("output", output, OUTPUT_UNITS + 1);
  checksum_rows("input_weights", input_weights, n_in + 1, HIDDEN_UNITS + 1);
  checksum_rows("input_previous", input_previous, n_in + 1, HIDDEN_UNITS + 1);
  return 0;
}
