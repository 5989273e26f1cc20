/* seidel-2d: in-place 9-point Gauss-Seidel sweeps (double). */
#include "checksum.h"

#if defined(LARGE)
#define TSTEPS 100
#define N 1000
#elif defined(MEDIUM)
#define TSTEPS 20
#define N 400
#else
#define TSTEPS 5
#define N 60
#endif

static void init_array(int n, double A[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / n;
}

static void kernel_seidel_2d(int tsteps, int n, double A[N][N]) {
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(void) {
  double (*A)[N] = malloc(sizeof(double[N][N]));
  init_array(N, A);
  TIMER_START();
  kernel_seidel_2d(TSTEPS, N, A);
  TIMER_PRINT(kernel_seidel_2d);
  print_double("A", &A[0][0], N * N);
  free(A);
  return 0;
}
