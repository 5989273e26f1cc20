/* Output checksums of the PolyBench-style kernels: for each output array, the hex float
 * (%a) of the sum of its elements and an FNV-1a hash of its bytes, so that a difference in
 * any bit of any element shows up in the printed line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t fnv1a(const void *data, size_t bytes) {
  const unsigned char *b = (const unsigned char *)data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < bytes; k++) {
    h ^= b[k];
    h *= 0x100000001b3ull;
  }
  return h;
}

static void print_double(const char *name, const double *x, long count) {
  double sum = 0.0;
  for (long k = 0; k < count; k++)
    sum += x[k];
  printf("%s sum %a hash %016llx\n", name, sum,
         (unsigned long long)fnv1a(x, sizeof(double) * (size_t)count));
}

static void print_float(const char *name, const float *x, long count) {
  double sum = 0.0;
  for (long k = 0; k < count; k++)
    sum += x[k];
  printf("%s sum %a hash %016llx\n", name, sum,
         (unsigned long long)fnv1a(x, sizeof(float) * (size_t)count));
}

static void print_int(const char *name, const int *x, long count) {
  long long sum = 0;
  for (long k = 0; k < count; k++)
    sum += x[k];
  printf("%s sum %lld hash %016llx\n", name, sum,
         (unsigned long long)fnv1a(x, sizeof(int) * (size_t)count));
}

/* The timing of `polyprop-bench --set polybench`: with -DPOLYPROP_TIME, TIMER_START() reads
 * CLOCK_MONOTONIC before the kernel call and TIMER_PRINT(kernel_<name>) prints
 * `time_ms kernel_<name>: T` (milliseconds) after it. Without the macro both are empty
 * statements, so the default output is the checksum lines alone. */
#ifdef POLYPROP_TIME
#include <time.h>
static double polybench_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}
#define TIMER_START() double polybench_start_ms = polybench_now_ms()
#define TIMER_PRINT(kernel) printf("time_ms " #kernel ": %.3f\n", polybench_now_ms() - polybench_start_ms)
#else
#define TIMER_START() (void)0
#define TIMER_PRINT(kernel) (void)0
#endif
