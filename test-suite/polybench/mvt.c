/* mvt: x1 += A*y1, x2 += A^T*y2 (float). */
#include "checksum.h"

#if defined(LARGE)
#define N 2000
#elif defined(MEDIUM)
#define N 1400
#else
#define N 120
#endif

static void init_array(int n, float x1[N], float x2[N], float y1[N], float y2[N],
                       float A[N][N]) {
  for (int i = 0; i < n; i++) {
    x1[i] = (float)(i % n) / n;
    x2[i] = (float)((i + 1) % n) / n;
    y1[i] = (float)((i + 3) % n) / n;
    y2[i] = (float)((i + 4) % n) / n;
    for (int j = 0; j < n; j++)
      A[i][j] = (float)(i * j % n) / n;
  }
}

static void kernel_mvt(int n, float x1[N], float x2[N], float y1[N], float y2[N],
                       float A[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
}

int main(void) {
  float (*A)[N] = malloc(sizeof(float[N][N]));
  float *x1 = malloc(sizeof(float[N])), *x2 = malloc(sizeof(float[N]));
  float *y1 = malloc(sizeof(float[N])), *y2 = malloc(sizeof(float[N]));
  init_array(N, x1, x2, y1, y2, A);
  TIMER_START();
  kernel_mvt(N, x1, x2, y1, y2, A);
  TIMER_PRINT(kernel_mvt);
  print_float("x1", x1, N);
  print_float("x2", x2, N);
  free(A);
  free(x1);
  free(x2);
  free(y1);
  free(y2);
  return 0;
}
