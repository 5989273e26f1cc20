/* bicg: the two products of BiCGStab, s = A^T*r and q = A*p, in one loop nest (double). */
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

static void init_array(int m, int n, double A[N][M], double r[N], double p[M]) {
  for (int i = 0; i < m; i++)
    p[i] = (double)(i % m) / m;
  for (int i = 0; i < n; i++) {
    r[i] = (double)(i % n) / n;
    for (int j = 0; j < m; j++)
      A[i][j] = (double)(i * (j + 1) % n) / n;
  }
}

static void kernel_bicg(int m, int n, double A[N][M], double s[M], double q[N], double p[M],
                        double r[N]) {
  for (int i = 0; i < m; i++)
    s[i] = 0.0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void) {
  double (*A)[M] = malloc(sizeof(double[N][M]));
  double *s = malloc(sizeof(double[M])), *q = malloc(sizeof(double[N]));
  double *p = malloc(sizeof(double[M])), *r = malloc(sizeof(double[N]));
  init_array(M, N, A, r, p);
  TIMER_START();
  kernel_bicg(M, N, A, s, q, p, r);
  TIMER_PRINT(kernel_bicg);
  print_double("s", s, M);
  print_double("q", q, N);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
