/* correlation: Pearson correlation matrix of M attributes over N points (double). The column
 * means and standard deviations are local arrays on the stack; a ternary keeps near-zero
 * deviations from blowing up. */
#include <math.h>
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

static void init_array(int m, int n, double *float_n, double data[N][M]) {
  *float_n = (double)n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = (double)((i * j + 3) % (n + 1)) / m + (double)i / n;
}

static void kernel_correlation(int m, int n, double float_n, double data[N][M],
                               double corr[M][M]) {
  double mean[M], stddev[M];
  double eps = 0.1;

  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }
  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}

int main(void) {
  double float_n;
  double (*data)[M] = malloc(sizeof(double[N][M]));
  double (*corr)[M] = malloc(sizeof(double[M][M]));
  init_array(M, N, &float_n, data);
  TIMER_START();
  kernel_correlation(M, N, float_n, data, corr);
  TIMER_PRINT(kernel_correlation);
  print_double("corr", &corr[0][0], M * M);
  print_double("data", &data[0][0], N * M);
  free(data);
  free(corr);
  return 0;
}
