/* syrk: C = alpha*A*A^T + beta*C on the lower triangle (float). */
#include "checksum.h"

#if defined(LARGE)
#define M 1000
#define N 1200
#elif defined(MEDIUM)
#define M 300
#define N 360
#else
#define M 60
#define N 80
#endif

static void init_array(int n, int m, float *alpha, float *beta, float C[N][N], float A[N][M]) {
  *alpha = 1.5f;
  *beta = 1.2f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = (float)((i * j + 1) % n) / n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = (float)((i * j + 2) % m) / m;
}

static void kernel_syrk(int n, int m, float alpha, float beta, float (*C)[N], float (*A)[M]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void) {
  float alpha, beta;
  float (*C)[N] = malloc(sizeof(float[N][N]));
  float (*A)[M] = malloc(sizeof(float[N][M]));
  init_array(N, M, &alpha, &beta, C, A);
  TIMER_START();
  kernel_syrk(N, M, alpha, beta, C, A);
  TIMER_PRINT(kernel_syrk);
  print_float("C", &C[0][0], N * N);
  free(C);
  free(A);
  return 0;
}
