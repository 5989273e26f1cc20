/* floyd-warshall: all-pairs shortest paths on an int distance matrix, the minimum taken
 * with a ternary. The matrix is a global array passed to the kernel. */
#include "checksum.h"

#ifdef MEDIUM
#define N 320
#else
#define N 60
#endif

static int path[N][N];

static void init_array(int n, int p[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      p[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        p[i][j] = 999;
    }
}

static void kernel_floyd_warshall(int n, int (*p)[N]) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
}

int main(void) {
  init_array(N, path);
  kernel_floyd_warshall(N, path);
  print_int("path", &path[0][0], N * N);
  return 0;
}
