/* A flat-array gemm as C with #define'd buffers writes it: rows of N, loops to n
 * (scripts/bench-constant-rows.sh). Prints the kernel's time and an FNV-1a hash of c. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 1024
#ifndef T
#define T float
#endif
void gemm_flat(long n, T *restrict c, const T *restrict a, const T *restrict b) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        c[i * N + j] += a[i * N + k] * b[k * N + j];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  T *a = malloc(sizeof(T) * N * N), *b = malloc(sizeof(T) * N * N), *c = calloc(N * N, sizeof(T));
  for (long i = 0; i < N * N; i++) { a[i] = (T)(i % 17) - 8; b[i] = (T)(i % 13) - 6; }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  gemm_flat(n, c, a, b);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  unsigned long long h = 1469598103934665603ULL;
  const unsigned char *p = (const unsigned char *)c;
  for (long i = 0; i < (long)sizeof(T) * N * N; i++) { h ^= p[i]; h *= 1099511628211ULL; }
  printf("%.1f ms checksum %016llx\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6, h);
  return 0;
}
