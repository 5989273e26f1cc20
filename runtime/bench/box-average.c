/* A 3-tap integer box average with a divisor known only at run time, as image code
 * computes it: out[i][j] = (in[i][j-1] + in[i][j] + in[i][j+1] + t) / d over a 1000 x 1000
 * image of ints, 25 passes back and forth. The division gives the loop more native work per
 * memory access than the other kernels. About 10^8 accesses. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static void pass(int (*restrict out)[N], int (*restrict in)[N], int t, int d) {
  for (long i = 0; i < N; i++)
    for (long j = 1; j < N - 1; j++)
      out[i][j] = (in[i][j - 1] + in[i][j] + in[i][j + 1] + t) / d;
}

int main(int argc, char **argv) {
  int passes = 25, d = argc + 2;
  int (*a)[N] = malloc(sizeof(int[N][N])), (*b)[N] = malloc(sizeof(int[N][N]));
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++)
      a[i][j] = b[i][j] = (int)((i * 31 + j * 17) % 1000);
  for (int t = 0; t < passes; t++) {
    pass(b, a, t, d);
    pass(a, b, t, d);
  }
  printf("%d\n", a[N / 2][N / 2]);
  return 0;
}
