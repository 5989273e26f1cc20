/* Jacobi 2-D, 5-point stencil, two arrays swapped every time step (PolyBench style):
 * 5 loads and 1 store per point; 1000 x 1000 points, 17 sweeps: 10^8 accesses. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static void step(double (*restrict out)[N], double (*restrict in)[N]) {
  for (long i = 1; i < N - 1; i++)
    for (long j = 1; j < N - 1; j++)
      out[i][j] = 0.2 * (in[i][j] + in[i][j - 1] + in[i][j + 1] + in[i - 1][j] + in[i + 1][j]);
}

int main(int argc, char **argv) {
  long sweeps = argc > 1 ? atol(argv[1]) : 17;
  double (*a)[N] = malloc(sizeof(double[N][N])), (*b)[N] = malloc(sizeof(double[N][N]));
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++)
      a[i][j] = b[i][j] = (double)((i * 7 + j * 3) % 17);
  for (long t = 0; t < sweeps; t++) {
    if (t % 2 == 0)
      step(b, a);
    else
      step(a, b);
  }
  printf("%f\n", a[N / 2][N / 2]);
  return 0;
}
