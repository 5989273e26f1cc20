/* Timing driver for the C-style pipelines of this folder (scripts/bench-c-styles.sh): fills a
 * W x H input deterministically, runs pipeline() once per round, prints each round's time in
 * ms on stderr and an FNV-1a hash of the output on stdout. Usage: ./prog W H ROUNDS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void pipeline(int w, int h, const float *in, float *out);
int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 2048, h = argc > 2 ? atoi(argv[2]) : 2048;
  int rounds = argc > 3 ? atoi(argv[3]) : 1;
  size_t n = (size_t)(w > 0 ? w : 0) * (h > 0 ? h : 0);
  float *in = malloc((n + 1) * sizeof(float)), *out = malloc((n + 1) * sizeof(float));
  uint32_t s = 12345;
  for (size_t k = 0; k < n; k++) {
    s = s * 1664525u + 1013904223u;
    in[k] = (float)(s >> 8) / 16777216.0f;
  }
  for (int r = 0; r < rounds; r++) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pipeline(w, h, in, out);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "%.3f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  }
  uint64_t hash = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < n * sizeof(float); k++) hash = (hash ^ b[k]) * 1099511628211ull;
  printf("%016llx\n", (unsigned long long)hash);
  free(in);
  free(out);
  return 0;
}
