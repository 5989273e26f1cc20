/* nussinov: RNA secondary structure by dynamic programming (int table, char sequence);
 * max as a macro, base pairing as a data-dependent ternary. */
#include "checksum.h"

#ifdef MEDIUM
#define N 360
#else
#define N 60
#endif

#define max_score(a, b) ((a) >= (b) ? (a) : (b))
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

static void init_array(int n, char seq[N], int table[N][N]) {
  for (int i = 0; i < n; i++)
    seq[i] = (char)((i + 1) % 4);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      table[i][j] = 0;
}

static void kernel_nussinov(int n, char seq[N], int table[N][N]) {
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

int main(void) {
  char *seq = malloc(N);
  int (*table)[N] = malloc(sizeof(int[N][N]));
  init_array(N, seq, table);
  kernel_nussinov(N, seq, table);
  print_int("table", &table[0][0], N * N);
  free(seq);
  free(table);
  return 0;
}
