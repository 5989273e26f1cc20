/* 3mm: G = (A*B)*(C*D) (double). E = A*B and F = C*D are local temporaries on the heap. */
#include "checksum.h"

#if defined(LARGE)
#define NI 640
#define NJ 720
#define NK 800
#define NL 880
#define NM 960
#elif defined(MEDIUM)
#define NI 160
#define NJ 170
#define NK 180
#define NL 190
#define NM 200
#else
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#define NM 80
#endif

static void init_array(int ni, int nj, int nk, int nl, int nm, double A[NI][NK],
                       double B[NK][NJ], double C[NJ][NM], double D[NM][NL]) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * k + 1) % ni) / (5 * ni);
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)((k * (j + 1) + 2) % nj) / (5 * nj);
  for (int j = 0; j < nj; j++)
    for (int m = 0; m < nm; m++)
      C[j][m] = (double)(j * (m + 3) % nl) / (5 * nl);
  for (int m = 0; m < nm; m++)
    for (int l = 0; l < nl; l++)
      D[m][l] = (double)((m * (l + 2) + 2) % nk) / (5 * nk);
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm, double G[NI][NL],
                       double A[NI][NK], double B[NK][NJ], double C[NJ][NM], double D[NM][NL]) {
  double (*E)[NJ] = malloc(sizeof(double[NI][NJ]));
  double (*F)[NL] = malloc(sizeof(double[NJ][NL]));
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int j = 0; j < nj; j++)
    for (int l = 0; l < nl; l++) {
      F[j][l] = 0.0;
      for (int m = 0; m < nm; m++)
        F[j][l] += C[j][m] * D[m][l];
    }
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      G[i][l] = 0.0;
      for (int j = 0; j < nj; j++)
        G[i][l] += E[i][j] * F[j][l];
    }
  free(E);
  free(F);
}

int main(void) {
  double (*A)[NK] = malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = malloc(sizeof(double[NK][NJ]));
  double (*C)[NM] = malloc(sizeof(double[NJ][NM]));
  double (*D)[NL] = malloc(sizeof(double[NM][NL]));
  double (*G)[NL] = malloc(sizeof(double[NI][NL]));
  init_array(NI, NJ, NK, NL, NM, A, B, C, D);
  TIMER_START();
  kernel_3mm(NI, NJ, NK, NL, NM, G, A, B, C, D);
  TIMER_PRINT(kernel_3mm);
  print_double("G", &G[0][0], NI * NL);
  free(A);
  free(B);
  free(C);
  free(D);
  free(G);
  return 0;
}
