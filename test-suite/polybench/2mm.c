/* 2mm: D = alpha*A*B*C + beta*D (double). The intermediate product tmp = alpha*A*B is a
 * temporary of the kernel, malloc'd and freed inside it. */
#include "checksum.h"

#if defined(LARGE)
#define NI 800
#define NJ 900
#define NK 1100
#define NL 1200
#elif defined(MEDIUM)
#define NI 180
#define NJ 190
#define NK 210
#define NL 220
#else
#define NI 40
#define NJ 50
#define NK 70
#define NL 80
#endif

static void init_array(int ni, int nj, int nk, int nl, double *alpha, double *beta,
                       double A[NI][NK], double B[NK][NJ], double C[NJ][NL], double D[NI][NL]) {
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * k + 1) % ni) / ni;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)(k * (j + 1) % nj) / nj;
  for (int j = 0; j < nj; j++)
    for (int l = 0; l < nl; l++)
      C[j][l] = (double)((j * (l + 3) + 1) % nl) / nl;
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++)
      D[i][l] = (double)(i * (l + 2) % nk) / nk;
}

static void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                       double A[NI][NK], double B[NK][NJ], double C[NJ][NL], double D[NI][NL]) {
  double (*tmp)[NJ] = malloc(sizeof(double[NI][NJ]));
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int l = 0; l < nl; l++) {
      D[i][l] *= beta;
      for (int j = 0; j < nj; j++)
        D[i][l] += tmp[i][j] * C[j][l];
    }
  free(tmp);
}

int main(void) {
  double alpha, beta;
  double (*A)[NK] = malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = malloc(sizeof(double[NK][NJ]));
  double (*C)[NL] = malloc(sizeof(double[NJ][NL]));
  double (*D)[NL] = malloc(sizeof(double[NI][NL]));
  init_array(NI, NJ, NK, NL, &alpha, &beta, A, B, C, D);
  TIMER_START();
  kernel_2mm(NI, NJ, NK, NL, alpha, beta, A, B, C, D);
  TIMER_PRINT(kernel_2mm);
  print_double("D", &D[0][0], NI * NL);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
