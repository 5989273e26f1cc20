/* nw-like: Needleman-Wunsch global alignment scores, in the style of Rodinia's nw
 * (needle.cpp): an (N+1) x (N+1) `int` score matrix, linearized by hand (i * cols + j), whose
 * first row and column hold the gap penalties; each cell is the best of the diagonal plus the
 * substitution score and the two neighbours minus the penalty, through a helper `maximum`.
 * The substitution scores come from a table indexed by both sequences, filled before the
 * kernel as Rodinia does. The kernel sweeps anti-diagonals (a wavefront: i + j = d), the
 * order in which every cell's three inputs are ready, with bounds from min and max.
 *
 * Usage: nw N [REPS]: two sequences of N residues; REPS alignments.
 */
#include "common.h"

#define RESIDUES 24

static int maximum(int a, int b, int c) {
  int k = a > b ? a : b;
  return k > c ? k : c;
}

KERNEL void needle(int n, int *score, const int *reference, int penalty) {
  int cols = n + 1;
  for (int d = 2; d <= 2 * n; d++) {
    int first = d - n > 1 ? d - n : 1;
    int last = d - 1 < n ? d - 1 : n;
    for (int i = first; i <= last; i++) {
      int j = d - i;
      score[i * cols + j] = maximum(score[(i - 1) * cols + j - 1] + reference[i * cols + j],
                                    score[(i - 1) * cols + j] - penalty, score[i * cols + j - 1] - penalty);
    }
  }
}

int main(int argc, char **argv) {
  int n = (int)argument(argc, argv, 1, 256);
  long reps = argument(argc, argv, 2, 1);
  int cols = n + 1, penalty = 10;
  uint64_t seed = 19;
  int substitution[RESIDUES][RESIDUES];
  for (int a = 0; a < RESIDUES; a++)
    for (int b = 0; b < RESIDUES; b++) {
      int lo = a < b ? a : b, hi = a < b ? b : a;
      substitution[a][b] = a == b ? 4 + a % 7 : -((lo * 7 + hi * 3) % 5);
    }
  int *first = (int *)malloc(sizeof(int) * (size_t)cols), *second = (int *)malloc(sizeof(int) * (size_t)cols);
  for (int i = 1; i <= n; i++) {
    first[i] = (int)(next_random(&seed) % RESIDUES);
    second[i] = (int)(next_random(&seed) % RESIDUES);
  }
  int *reference = (int *)calloc((size_t)cols * (size_t)cols, sizeof(int));
  int *score = (int *)calloc((size_t)cols * (size_t)cols, sizeof(int));
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++)
      reference[i * cols + j] = substitution[first[i]][second[j]];
  printf("size: %d\n", n);
  for (long rep = 0; rep < reps; rep++) {
    for (int i = 0; i <= n; i++) {
      score[i * cols] = -i * penalty;
      score[i] = -i * penalty;
    }
    double start = now_ms();
    needle(n, score, reference, penalty);
    report_time("needle", start);
  }
  checksum_ints("score", score, (long)cols * cols);
  return 0;
}
