/* A recursion that stays a real call at -O2: the suffix sums of an array, computed on the way
 * back from the recursion (work after the call: no tail call to turn into a loop). Each
 * recursion depth is one iteration of a recursive loop (paper 001, section 3.2). */
#include <stdio.h>

#define N 300

long a[N], partial[N];

__attribute__((noinline)) long suffix_sum(const long *p, long n) {
  if (n == 0)
    return 0;
  long rest = suffix_sum(p + 1, n - 1);
  partial[n - 1] = rest + p[0];
  return partial[n - 1];
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < N; i++)
    a[i] = 3 * i + argc;
  long total = 0;
  int rounds = argc + 3;
  for (int round = 0; round < rounds; round++)
    total += suffix_sum(a, N);
  printf("%ld\n", total);
  return 0;
}
