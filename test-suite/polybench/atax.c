/* atax: y = A^T*(A*x) (float); A*x goes through the argument array tmp. */
#include "checksum.h"

#if defined(LARGE)
#define M 1900
#define N 2100
#elif defined(MEDIUM)
#define M 1300
#define N 1400
#else
#define M 110
#define N 120
#endif

static void init_array(int m, int n, float A[M][N], float x[N]) {
  float fn = (float)n;
  for (int i = 0; i < n; i++)
    x[i] = 1.0f + (i / fn);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (float)((i + j) % n) / (5 * m);
}

static void kernel_atax(int m, int n, float A[M][N], float x[N], float y[N], float tmp[M]) {
  for (int i = 0; i < n; i++)
    y[i] = 0.0f;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void) {
  float (*A)[N] = malloc(sizeof(float[M][N]));
  float *x = malloc(sizeof(float[N])), *y = malloc(sizeof(float[N]));
  float *tmp = malloc(sizeof(float[M]));
  init_array(M, N, A, x);
  TIMER_START();
  kernel_atax(M, N, A, x, y, tmp);
  TIMER_PRINT(kernel_atax);
  print_float("y", y, N);
  print_float("tmp", tmp, M);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
