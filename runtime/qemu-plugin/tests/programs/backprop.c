/* The first kernel of backprop (paper 000, Figure 1) with separately allocated rows of conn:
 * between two rows, an allocation whose size varies with k (16 * (k * k % 11) + 8 bytes), so
 * that the address of conn[k] is not an affine function of k. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Global, so that the compiler cannot drop the allocations stored there. */
void *spacers[64];

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

__attribute__((noinline)) void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  for (int j = 1; j <= n2; j++) {
    float sum = 0.0f;
    for (int k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = squash(sum);
  }
}

int main(int argc, char **argv) {
  int n1 = argc > 1 ? atoi(argv[1]) : 42, n2 = argc > 2 ? atoi(argv[2]) : 16;
  float **conn = malloc((n1 + 1) * sizeof(float *));
  for (int k = 0; k <= n1; k++) {
    conn[k] = malloc((n2 + 1) * sizeof(float));
    spacers[k % 64] = malloc(16 * (k * k % 11) + 8);
    for (int j = 0; j <= n2; j++)
      conn[k][j] = (float)(k - j) / 64.0f;
  }
  float *l1 = malloc((n1 + 1) * sizeof(float)), *l2 = malloc((n2 + 1) * sizeof(float));
  for (int k = 0; k <= n1; k++)
    l1[k] = (float)k / 32.0f;
  bpnn_layerforward(l1, l2, conn, n1, n2);
  float total = 0.0f;
  for (int j = 1; j <= n2; j++)
    total += l2[j];
  printf("%f\n", total);
  return 0;
}
