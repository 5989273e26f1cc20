/* jacobi-1d: 3-point Jacobi stencil, ping-pong between A and B (float). The first sweep
 * keeps a sliding window of three scalars rotated each iteration (left = mid; mid = right),
 * as hand-optimized code often does; the second reads the array directly. */
#include "checksum.h"

#if defined(LARGE)
#define TSTEPS 500
#define N 2000
#elif defined(MEDIUM)
#define TSTEPS 1000
#define N 4000
#else
#define TSTEPS 40
#define N 300
#endif

static void init_array(int n, float A[N], float B[N]) {
  for (int i = 0; i < n; i++) {
    A[i] = ((float)i + 2) / n;
    B[i] = ((float)i + 3) / n;
  }
}

static void kernel_jacobi_1d(int tsteps, int n, float A[N], float B[N]) {
  for (int t = 0; t < tsteps; t++) {
    float left = A[0], mid = A[1];
    for (int i = 1; i < n - 1; i++) {
      float right = A[i + 1];
      B[i] = 0.33333f * (left + mid + right);
      left = mid;
      mid = right;
    }
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(void) {
  float *A = malloc(sizeof(float[N])), *B = malloc(sizeof(float[N]));
  init_array(N, A, B);
  TIMER_START();
  kernel_jacobi_1d(TSTEPS, N, A, B);
  TIMER_PRINT(kernel_jacobi_1d);
  print_float("A", A, N);
  print_float("B", B, N);
  free(A);
  free(B);
  return 0;
}
