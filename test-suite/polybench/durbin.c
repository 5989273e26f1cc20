/* durbin: Levinson-Durbin recursion for a Toeplitz system (double). alpha, beta and sum are
 * scalars carried from one k iteration to the next; z is a local array on the stack. */
#include "checksum.h"

#ifdef MEDIUM
#define N 3000
#else
#define N 120
#endif

static void init_array(int n, double r[N]) {
  for (int i = 0; i < n; i++)
    r[i] = 0.5 / (i + 2.0);
}

static void kernel_durbin(int n, double r[N], double y[N]) {
  double z[N];
  double alpha, beta, sum;

  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

int main(void) {
  double *r = malloc(sizeof(double[N])), *y = malloc(sizeof(double[N]));
  init_array(N, r);
  kernel_durbin(N, r, y);
  print_double("y", y, N);
  free(r);
  free(y);
  return 0;
}
