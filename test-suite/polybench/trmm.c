/* trmm: B = alpha*A^T*B with A unit lower triangular (double). */
#include "checksum.h"

#ifdef MEDIUM
#define M 300
#define N 340
#else
#define M 60
#define N 70
#endif

static void init_array(int m, int n, double *alpha, double A[M][M], double B[M][N]) {
  *alpha = 1.5;
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (double)((i + j) % m) / m;
    A[i][i] = 1.0;
    for (int j = 0; j < n; j++)
      B[i][j] = (double)((n + (i - j)) % n) / n;
  }
}

static void kernel_trmm(int m, int n, double alpha, double (*A)[M], double (*B)[N]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(void) {
  double alpha;
  double (*A)[M] = malloc(sizeof(double[M][M]));
  double (*B)[N] = malloc(sizeof(double[M][N]));
  init_array(M, N, &alpha, A, B);
  kernel_trmm(M, N, alpha, A, B);
  print_double("B", &B[0][0], M * N);
  free(A);
  free(B);
  return 0;
}
