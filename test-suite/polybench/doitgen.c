/* doitgen: multiresolution analysis kernel, A[r][q][:] = A[r][q][:]*C4 (double), through
 * a local row buffer sum[] on the stack. */
#include "checksum.h"

#ifdef MEDIUM
#define NR 60
#define NQ 70
#define NP 80
#else
#define NR 20
#define NQ 24
#define NP 30
#endif

static void init_array(int nr, int nq, int np, double A[NR][NQ][NP], double C4[NP][NP]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++)
      for (int p = 0; p < np; p++)
        A[r][q][p] = (double)((r * q + p) % np) / np;
  for (int i = 0; i < np; i++)
    for (int j = 0; j < np; j++)
      C4[i][j] = (double)(i * j % np) / np;
}

static void kernel_doitgen(int nr, int nq, int np, double A[NR][NQ][NP], double C4[NP][NP]) {
  double sum[NP];
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

int main(void) {
  double (*A)[NQ][NP] = malloc(sizeof(double[NR][NQ][NP]));
  double (*C4)[NP] = malloc(sizeof(double[NP][NP]));
  init_array(NR, NQ, NP, A, C4);
  kernel_doitgen(NR, NQ, NP, A, C4);
  print_double("A", &A[0][0][0], NR * NQ * NP);
  free(A);
  free(C4);
  return 0;
}
