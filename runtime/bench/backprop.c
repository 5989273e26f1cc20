/* The backprop weight update of paper 000, Figure 1 (bpnn_adjust_weights), with separately
 * allocated rows: per (k, j) two loads of w and oldw, one load of delta and ly, two stores;
 * 1001 x 2501 weights, 8 sweeps: 10^8 accesses (the row pointer loads are a few more). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long sweeps = argc > 1 ? atol(argv[1]) : 8, nk = 1000, nj = 2500;
  float **w = malloc((nk + 1) * sizeof(float *)), **oldw = malloc((nk + 1) * sizeof(float *));
  float *delta = malloc((nj + 1) * sizeof(float)), *ly = malloc((nk + 1) * sizeof(float));
  for (long k = 0; k <= nk; k++) {
    w[k] = calloc(nj + 1, sizeof(float));
    oldw[k] = calloc(nj + 1, sizeof(float));
    ly[k] = (float)(k % 13) / 13.0f;
  }
  for (long j = 0; j <= nj; j++)
    delta[j] = (float)(j % 7) / 70.0f;
  for (long s = 0; s < sweeps; s++)
    for (long k = 0; k <= nk; k++)
      for (long j = 1; j <= nj; j++) {
        float new_dw = 0.3f * delta[j] * ly[k] + 0.3f * oldw[k][j];
        w[k][j] += new_dw;
        oldw[k][j] = new_dw;
      }
  printf("%f\n", w[nk / 2][nj / 2]);
  return 0;
}
