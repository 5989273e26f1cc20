/* adi: alternating direction implicit solver of a 2-D heat equation (double): a tridiagonal
 * (Thomas) solve along columns, then along rows, per time step. The sweep coefficients p
 * and q are local heap temporaries. */
#include "checksum.h"

#ifdef MEDIUM
#define TSTEPS 20
#define N 250
#else
#define TSTEPS 10
#define N 50
#endif

static void init_array(int n, double u[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = (double)(i + n - j) / n;
}

static void kernel_adi(int tsteps, int n, double u[N][N], double v[N][N]) {
  double (*p)[N] = malloc(sizeof(double[N][N]));
  double (*q)[N] = malloc(sizeof(double[N][N]));
  double DX = 1.0 / n, DY = 1.0 / n, DT = 1.0 / tsteps;
  double B1 = 2.0, B2 = 1.0;
  double mul1 = B1 * DT / (DX * DX);
  double mul2 = B2 * DT / (DY * DY);
  double a = -mul1 / 2.0, b = 1.0 + mul1, c = a;
  double d = -mul2 / 2.0, e = 1.0 + mul2, f = d;

  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - f * u[j][i + 1] -
                   a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      v[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    for (int i = 1; i < n - 1; i++) {
      u[i][0] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = u[i][0];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j] -
                   d * q[i][j - 1]) / (d * p[i][j - 1] + e);
      }
      u[i][n - 1] = 1.0;
      for (int j = n - 2; j >= 1; j--)
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
    }
  }
  free(p);
  free(q);
}

int main(void) {
  double (*u)[N] = malloc(sizeof(double[N][N]));
  double (*v)[N] = calloc(N * N, sizeof(double));
  init_array(N, u);
  kernel_adi(TSTEPS, N, u, v);
  print_double("u", &u[0][0], N * N);
  free(u);
  free(v);
  return 0;
}
