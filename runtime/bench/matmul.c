/* C = A * B, i-j-k order, 368 x 368 doubles: two loads per inner iteration (C[i][j] stays in
 * a register), 2 * 368^3 = 10^8 accesses. */
#include <stdio.h>
#include <stdlib.h>

#define N 368

int main(void) {
  double (*a)[N] = malloc(sizeof(double[N][N])), (*b)[N] = malloc(sizeof(double[N][N]));
  double (*c)[N] = malloc(sizeof(double[N][N]));
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      a[i][j] = (double)((i + j) % 7);
      b[i][j] = (double)((i * j) % 5);
    }
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      double sum = 0.0;
      for (long k = 0; k < N; k++)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }
  printf("%f\n", c[N / 3][N / 2]);
  return 0;
}
