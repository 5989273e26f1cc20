/* symm: C = alpha*A*B + beta*C with A symmetric, only its lower triangle read (double).
 * The scalar temp2 accumulates across the k loop. */
#include "checksum.h"

#ifdef MEDIUM
#define M 260
#define N 280
#else
#define M 60
#define N 70
#endif

static void init_array(int m, int n, double *alpha, double *beta, double C[M][N],
                       double A[M][M], double B[M][N]) {
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = (double)((i + j) % 100) / m;
      B[i][j] = (double)((n + i - j) % 100) / m;
    }
  for (int i = 0; i < m; i++) {
    for (int j = 0; j <= i; j++)
      A[i][j] = (double)((i + j) % 100) / m;
    for (int j = i + 1; j < m; j++)
      A[i][j] = -999.0; /* never read */
  }
}

static void kernel_symm(int m, int n, double alpha, double beta, double C[M][N],
                        double A[M][M], double B[M][N]) {
  double temp2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      temp2 = 0.0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

int main(void) {
  double alpha, beta;
  double (*C)[N] = malloc(sizeof(double[M][N]));
  double (*A)[M] = malloc(sizeof(double[M][M]));
  double (*B)[N] = malloc(sizeof(double[M][N]));
  init_array(M, N, &alpha, &beta, C, A, B);
  kernel_symm(M, N, alpha, beta, C, A, B);
  print_double("C", &C[0][0], M * N);
  free(C);
  free(A);
  free(B);
  return 0;
}
