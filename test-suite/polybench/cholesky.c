/* cholesky: in-place Cholesky factorization A = L*L^T of a symmetric, diagonally dominant
 * matrix (double); only the lower triangle is written. */
#include <math.h>
#include "checksum.h"

#ifdef MEDIUM
#define N 500
#else
#define N 80
#endif

static void init_array(int n, double A[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i + j) % 7 + 1) / (8.0 * n);
    A[i][i] = 2.0 + i % 3;
  }
}

static void kernel_cholesky(int n, double A[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  init_array(N, A);
  kernel_cholesky(N, A);
  print_double("A", &A[0][0], N * N);
  free(A);
  return 0;
}
