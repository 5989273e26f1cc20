/* lu: in-place LU decomposition without pivoting of a diagonally dominant matrix (double). */
#include "checksum.h"

#ifdef MEDIUM
#define N 400
#else
#define N 80
#endif

static void init_array(int n, double A[N][N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i * j + 3) % n) / (2.0 * n);
    A[i][i] = 1.0 + n;
  }
}

static void kernel_lu(int n, double (*A)[N]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  init_array(N, A);
  kernel_lu(N, A);
  print_double("A", &A[0][0], N * N);
  free(A);
  return 0;
}
