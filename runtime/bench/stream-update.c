/* a[j] = a[j] * 0.5 + i over a 5000-element row, 10^4 times: one load and one store per
 * iteration and nothing else, about one cycle of native work per memory access (the
 * runtime's densest case; same loop as tests/programs/slowdown.c). 10^8 accesses. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 10000, m = 5000;
  float *a = calloc(m + 1, sizeof(float));
  for (long i = 0; i < n; i++)
    for (long j = 1; j <= m; j++)
      a[j] = a[j] * 0.5f + (float)i;
  printf("%f\n", a[m]);
  return 0;
}
