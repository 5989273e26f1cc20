/* Longest common subsequence lengths, a dynamic program written column by column: the table
 * is a pointer to rows of a variable length (`int (*)[n + 1]`), counters are `long`, the best
 * of the two neighbours a ternary. Each cell needs its upper, left and upper-left neighbours;
 * the inner loop walks down a column, a row apart per cell. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void lcs(long n, int (*table)[n + 1], const char *a, const char *b) {
  for (long j = 1; j <= n; j++)
    for (long i = 1; i <= n; i++)
      table[i][j] = a[i] == b[j] ? table[i - 1][j - 1] + 1
                                 : (table[i - 1][j] > table[i][j - 1] ? table[i - 1][j] : table[i][j - 1]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 64;
  char *a = malloc(n + 1), *b = malloc(n + 1);
  unsigned state = 7;
  for (long i = 0; i <= n; i++) {
    state = state * 1103515245u + 12345u;
    a[i] = "ACGT"[(state >> 16) & 3];
    state = state * 1103515245u + 12345u;
    b[i] = "ACGT"[(state >> 16) & 3];
  }
  int (*table)[n + 1] = calloc((size_t)(n + 1) * (size_t)(n + 1), sizeof(int));
  lcs(n, table, a, b);
  long sum = 0;
  for (long i = 0; i <= n; i++)
    for (long j = 0; j <= n; j++)
      sum = sum * 31 + table[i][j];
  printf("lcs %d checksum %ld\n", table[n][n], sum);
  return 0;
}
