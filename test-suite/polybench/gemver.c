/* gemver: rank-2 update of A, then x = beta*A^T*y + z, w = alpha*A*x (float). */
#include "checksum.h"

#ifdef MEDIUM
#define N 1200
#else
#define N 120
#endif

static void init_array(int n, float *alpha, float *beta, float A[N][N], float u1[N],
                       float v1[N], float u2[N], float v2[N], float w[N], float x[N],
                       float y[N], float z[N]) {
  float fn = (float)n;
  *alpha = 1.5f;
  *beta = 1.2f;
  for (int i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0f;
    v1[i] = ((i + 1) / fn) / 4.0f;
    v2[i] = ((i + 1) / fn) / 6.0f;
    y[i] = ((i + 1) / fn) / 8.0f;
    z[i] = ((i + 1) / fn) / 9.0f;
    x[i] = 0.0f;
    w[i] = 0.0f;
    for (int j = 0; j < n; j++)
      A[i][j] = (float)(i * j % n) / n;
  }
}

static void kernel_gemver(int n, float alpha, float beta, float A[N][N], float u1[N],
                          float v1[N], float u2[N], float v2[N], float w[N], float x[N],
                          float y[N], float z[N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void) {
  float alpha, beta;
  float (*A)[N] = malloc(sizeof(float[N][N]));
  float *u1 = malloc(sizeof(float[N])), *v1 = malloc(sizeof(float[N]));
  float *u2 = malloc(sizeof(float[N])), *v2 = malloc(sizeof(float[N]));
  float *w = malloc(sizeof(float[N])), *x = malloc(sizeof(float[N]));
  float *y = malloc(sizeof(float[N])), *z = malloc(sizeof(float[N]));
  init_array(N, &alpha, &beta, A, u1, v1, u2, v2, w, x, y, z);
  kernel_gemver(N, alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  print_float("A", &A[0][0], N * N);
  print_float("x", x, N);
  print_float("w", w, N);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
