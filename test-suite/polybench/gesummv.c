/* gesummv: y = alpha*A*x + beta*B*x (double); the row products A*x go through a local
 * array tmp on the stack. */
#include "checksum.h"

#if defined(LARGE)
#define N 1300
#elif defined(MEDIUM)
#define N 1300
#else
#define N 90
#endif

static void init_array(int n, double *alpha, double *beta, double A[N][N], double B[N][N],
                       double x[N]) {
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < n; i++) {
    x[i] = (double)(i % n) / n;
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * j + 1) % n) / n;
      B[i][j] = (double)((i * j + 2) % n) / n;
    }
  }
}

static void kernel_gesummv(int n, double alpha, double beta, double A[N][N], double B[N][N],
                           double x[N], double y[N]) {
  double tmp[N];
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(void) {
  double alpha, beta;
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*B)[N] = malloc(sizeof(double[N][N]));
  double *x = malloc(sizeof(double[N])), *y = malloc(sizeof(double[N]));
  init_array(N, &alpha, &beta, A, B, x);
  TIMER_START();
  kernel_gesummv(N, alpha, beta, A, B, x, y);
  TIMER_PRINT(kernel_gesummv);
  print_double("y", y, N);
  free(A);
  free(B);
  free(x);
  free(y);
  return 0;
}
