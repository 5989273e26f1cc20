/* heat-3d: 3-D heat equation, 7-point stencil, ping-pong between A and B (double). */
#include "checksum.h"

#if defined(LARGE)
#define TSTEPS 500
#define N 120
#elif defined(MEDIUM)
#define TSTEPS 40
#define N 60
#else
#define TSTEPS 10
#define N 20
#endif

static void init_array(int n, double A[N][N][N], double B[N][N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (n - k)) * 10 / n;
}

static void kernel_heat_3d(int tsteps, int n, double (*A)[N][N], double (*B)[N][N]) {
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                       A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                       B[i][j][k];
  }
}

int main(void) {
  double (*A)[N][N] = malloc(sizeof(double[N][N][N]));
  double (*B)[N][N] = malloc(sizeof(double[N][N][N]));
  init_array(N, A, B);
  TIMER_START();
  kernel_heat_3d(TSTEPS, N, A, B);
  TIMER_PRINT(kernel_heat_3d);
  print_double("A", &A[0][0][0], N * N * N);
  print_double("B", &B[0][0][0], N * N * N);
  free(A);
  free(B);
  return 0;
}
