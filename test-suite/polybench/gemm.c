/* gemm: C = alpha*A*B + beta*C (double). */
#include "checksum.h"

#if defined(LARGE)
#define NI 1000
#define NJ 1100
#define NK 1200
#elif defined(MEDIUM)
#define NI 300
#define NJ 320
#define NK 340
#else
#define NI 60
#define NJ 70
#define NK 80
#endif

static void init_array(int ni, int nj, int nk, double *alpha, double *beta, double C[NI][NJ],
                       double A[NI][NK], double B[NK][NJ]) {
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)(i * (k + 1) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)(k * (j + 2) % nj) / nj;
}

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta, double C[NI][NJ],
                        double A[NI][NK], double B[NK][NJ]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  double alpha, beta;
  double (*C)[NJ] = malloc(sizeof(double[NI][NJ]));
  double (*A)[NK] = malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = malloc(sizeof(double[NK][NJ]));
  init_array(NI, NJ, NK, &alpha, &beta, C, A, B);
  TIMER_START();
  kernel_gemm(NI, NJ, NK, alpha, beta, C, A, B);
  TIMER_PRINT(kernel_gemm);
  print_double("C", &C[0][0], NI * NJ);
  free(C);
  free(A);
  free(B);
  return 0;
}
