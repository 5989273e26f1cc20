/* syr2k: C = alpha*A*B^T + alpha*B*A^T + beta*C on the lower triangle (double). */
#include "checksum.h"

#if defined(LARGE)
#define M 1000
#define N 1200
#elif defined(MEDIUM)
#define M 240
#define N 300
#else
#define M 60
#define N 80
#endif

static void init_array(int n, int m, double *alpha, double *beta, double C[N][N],
                       double A[N][M], double B[N][M]) {
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = (double)((i * j + 1) % n) / n;
      B[i][j] = (double)((i * j + 2) % m) / m;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = (double)((i * j + 3) % n) / m;
}

static void kernel_syr2k(int n, int m, double alpha, double beta, double C[N][N],
                         double A[N][M], double B[N][M]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

int main(void) {
  double alpha, beta;
  double (*C)[N] = malloc(sizeof(double[N][N]));
  double (*A)[M] = malloc(sizeof(double[N][M]));
  double (*B)[M] = malloc(sizeof(double[N][M]));
  init_array(N, M, &alpha, &beta, C, A, B);
  TIMER_START();
  kernel_syr2k(N, M, alpha, beta, C, A, B);
  TIMER_PRINT(kernel_syr2k);
  print_double("C", &C[0][0], N * N);
  free(C);
  free(A);
  free(B);
  return 0;
}
