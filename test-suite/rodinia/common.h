/* Shared helpers of the Rodinia-like kernel set: argument parsing, deterministic inputs,
 * the kernel timer and the bit-exact output checksum. Only main and the set-up code use
 * them; the kernels themselves are plain C in each program.
 *
 * Every program takes `N [REPS]` (problem size, timed calls; REPS defaults to 1) and prints
 *   size: N
 *   time_ms KERNEL: T       one line per timed call of each kernel (clock_gettime, monotonic)
 *   checksum NAME: HEX SUM  per output array: FNV-1a 64 of its bytes and the hex float (%a)
 *                           of the sum of its elements, so that any differing bit shows
 */
#ifndef RODINIA_COMMON_H
#define RODINIA_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The kernels stay functions of their own, as in Rodinia: the time measured is the
 * kernel's as written, not a copy specialized into main for the sizes of one run. */
#define KERNEL __attribute__((noinline))

/* splitmix64 (Steele, Lea, Flood 2014): deterministic inputs from one 64-bit state. */
static inline uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A uniform float in [0, 1) from the top 24 bits. */
static inline float random_unit(uint64_t *state) {
  return (float)(next_random(state) >> 40) * (1.0f / 16777216.0f);
}

/* argv[index] as a positive number, or `fallback` when absent; exits on anything else. */
static inline long argument(int argc, char **argv, int index, long fallback) {
  if (argc <= index)
    return fallback;
  char *end;
  long value = strtol(argv[index], &end, 10);
  if (*end != '\0' || value <= 0) {
    fprintf(stderr, "usage: %s N [REPS]  (positive integers; got `%s`)\n", argv[0], argv[index]);
    exit(2);
  }
  return value;
}

static inline double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static inline void report_time(const char *kernel, double start_ms) {
  printf("time_ms %s: %.4f\n", kernel, now_ms() - start_ms);
}

static inline uint64_t fnv1a(const void *data, size_t bytes) {
  const unsigned char *b = (const unsigned char *)data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < bytes; k++) {
    h ^= b[k];
    h *= 0x100000001b3ull;
  }
  return h;
}

static inline void checksum_floats(const char *name, const float *x, long count) {
  double sum = 0.0;
  for (long k = 0; k < count; k++)
    sum += x[k];
  printf("checksum %s: %016llx %a\n", name, (unsigned long long)fnv1a(x, sizeof(float) * (size_t)count), sum);
}

static inline void checksum_ints(const char *name, const int *x, long count) {
  long long sum = 0;
  for (long k = 0; k < count; k++)
    sum += x[k];
  printf("checksum %s: %016llx %lld\n", name, (unsigned long long)fnv1a(x, sizeof(int) * (size_t)count), sum);
}

#endif
