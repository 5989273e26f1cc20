/* The slowdown benchmark: a 2-D loop nest with 10^8 memory accesses (5 * 10^7 iterations of
 * one load and one store; b[j] stays in a register after unrolling is off). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 10000, m = 5000;
  float *a = calloc(m + 1, sizeof(float));
  for (long i = 0; i < n; i++)
    for (long j = 1; j <= m; j++)
      a[j] = a[j] * 0.5f + (float)i; /* one load, one store per iteration */
  printf("%f\n", a[m]);
  return 0;
}
