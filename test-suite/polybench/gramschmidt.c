/* gramschmidt: modified Gram-Schmidt QR decomposition A = Q*R (float), with sqrtf and the
 * scalar nrm. */
#include <math.h>
#include "checksum.h"

#ifdef MEDIUM
#define M 240
#define N 260
#else
#define M 60
#define N 70
#endif

static void init_array(int m, int n, float A[M][N], float R[N][N], float Q[M][N]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (((float)((i * j) % m) / m) * 100) + 10;
      Q[i][j] = 0.0f;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      R[i][j] = 0.0f;
}

static void kernel_gramschmidt(int m, int n, float A[M][N], float R[N][N], float Q[M][N]) {
  float nrm;
  for (int k = 0; k < n; k++) {
    nrm = 0.0f;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrtf(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0f;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main(void) {
  float (*A)[N] = malloc(sizeof(float[M][N]));
  float (*R)[N] = malloc(sizeof(float[N][N]));
  float (*Q)[N] = malloc(sizeof(float[M][N]));
  init_array(M, N, A, R, Q);
  kernel_gramschmidt(M, N, A, R, Q);
  print_float("A", &A[0][0], M * N);
  print_float("R", &R[0][0], N * N);
  print_float("Q", &Q[0][0], M * N);
  free(A);
  free(R);
  free(Q);
  return 0;
}
