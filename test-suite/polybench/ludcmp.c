/* ludcmp: LU decomposition, then forward and back substitution to solve A*x = b (double).
 * The scalar w accumulates every dot product; the forward solution y is a local heap
 * array. */
#include "checksum.h"

#ifdef MEDIUM
#define N 400
#else
#define N 80
#endif

static void init_array(int n, double A[N][N], double b[N], double x[N]) {
  for (int i = 0; i < n; i++) {
    x[i] = 0.0;
    b[i] = (i + 1) / (double)n / 2.0 + 4;
    for (int j = 0; j < n; j++)
      A[i][j] = (double)((i + 2 * j) % n) / (4.0 * n);
    A[i][i] = 1.0 + n / 2;
  }
}

static void kernel_ludcmp(int n, double A[N][N], double b[N], double x[N]) {
  double *y = malloc(sizeof(double) * N);
  double w;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < n; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (int i = n - 1; i >= 0; i--) {
    w = y[i];
    for (int j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
  free(y);
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double *b = malloc(sizeof(double[N])), *x = malloc(sizeof(double[N]));
  init_array(N, A, b, x);
  kernel_ludcmp(N, A, b, x);
  print_double("x", x, N);
  print_double("A", &A[0][0], N * N);
  free(A);
  free(b);
  free(x);
  return 0;
}
