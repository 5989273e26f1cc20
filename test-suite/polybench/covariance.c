/* covariance: covariance matrix of M attributes over N points (float); the column means
 * are a local heap array. */
#include "checksum.h"

#if defined(LARGE)
#define M 1200
#define N 1400
#elif defined(MEDIUM)
#define M 240
#define N 260
#else
#define M 60
#define N 70
#endif

static void init_array(int m, int n, float *float_n, float data[N][M]) {
  *float_n = (float)n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = (float)((i * j + 5) % n) / m;
}

static void kernel_covariance(int m, int n, float float_n, float data[N][M], float cov[M][M]) {
  float *mean = malloc(sizeof(float) * M);
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0f;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0f);
      cov[j][i] = cov[i][j];
    }
  free(mean);
}

int main(void) {
  float float_n;
  float (*data)[M] = malloc(sizeof(float[N][M]));
  float (*cov)[M] = malloc(sizeof(float[M][M]));
  init_array(M, N, &float_n, data);
  TIMER_START();
  kernel_covariance(M, N, float_n, data, cov);
  TIMER_PRINT(kernel_covariance);
  print_float("cov", &cov[0][0], M * M);
  print_float("data", &data[0][0], N * M);
  free(data);
  free(cov);
  return 0;
}
