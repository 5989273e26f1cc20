/* jacobi-2d: 5-point Jacobi stencil, ping-pong between A and B (double). */
#include "checksum.h"

#if defined(LARGE)
#define TSTEPS 500
#define N 1300
#elif defined(MEDIUM)
#define TSTEPS 60
#define N 400
#else
#define TSTEPS 10
#define N 60
#endif

static void init_array(int n, double A[N][N], double B[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n, double (*A)[N], double (*B)[N]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*B)[N] = malloc(sizeof(double[N][N]));
  init_array(N, A, B);
  TIMER_START();
  kernel_jacobi_2d(TSTEPS, N, A, B);
  TIMER_PRINT(kernel_jacobi_2d);
  print_double("A", &A[0][0], N * N);
  print_double("B", &B[0][0], N * N);
  free(A);
  free(B);
  return 0;
}
