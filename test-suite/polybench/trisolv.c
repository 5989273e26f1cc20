/* trisolv: forward substitution L*x = b with a lower triangular L (float); each row's dot
 * product accumulates in the scalar s. */
#include "checksum.h"

#ifdef MEDIUM
#define N 2000
#else
#define N 120
#endif

static void init_array(int n, float L[N][N], float x[N], float b[N]) {
  for (int i = 0; i < n; i++) {
    x[i] = -999.0f;
    b[i] = (float)i;
    for (int j = 0; j <= i; j++)
      L[i][j] = (float)(i + n - j + 1) * 2 / n;
  }
}

static void kernel_trisolv(int n, float L[N][N], float x[N], float b[N]) {
  for (int i = 0; i < n; i++) {
    float s = b[i];
    for (int j = 0; j < i; j++)
      s -= L[i][j] * x[j];
    x[i] = s / L[i][i];
  }
}

int main(void) {
  float (*L)[N] = malloc(sizeof(float[N][N]));
  float *x = malloc(sizeof(float[N])), *b = malloc(sizeof(float[N]));
  init_array(N, L, x, b);
  kernel_trisolv(N, L, x, b);
  print_float("x", x, N);
  free(L);
  free(x);
  free(b);
  return 0;
}
