/* spmv-like: a sparse matrix-vector product y = A x with A in compressed sparse rows (CSR),
 * the loop shape of Rodinia-era sparse kernels: the inner loop's bounds are loaded from the
 * row-start array and the vector is read through the column-index array. The matrix is a
 * struct of `long` sizes and arrays; counters are `long`, column indices `int`.
 *
 * The matrix: row i has 4 + i % 9 nonzeros, near the diagonal (a band of width 64, as a
 * discretized operator), at columns from the generator; REPS products with the same x.
 *
 * Usage: spmv N [REPS]: N x N.
 */
#include "common.h"

struct csr {
  long rows;
  long nonzeros;
  long *row_start; /* rows + 1 entries; row i is row_start[i] .. row_start[i + 1] - 1 */
  int *column;
  float *value;
};

KERNEL void spmv(const struct csr *a, const float *x, float *y) {
  for (long i = 0; i < a->rows; i++) {
    float sum = 0.0f;
    for (long k = a->row_start[i]; k < a->row_start[i + 1]; k++)
      sum += a->value[k] * x[a->column[k]];
    y[i] = sum;
  }
}

static struct csr banded_matrix(long n, uint64_t *seed) {
  struct csr a = {n, 0, (long *)malloc(sizeof(long) * (size_t)(n + 1)), NULL, NULL};
  for (long i = 0; i < n; i++) {
    a.row_start[i] = a.nonzeros;
    a.nonzeros += 4 + i % 9;
  }
  a.row_start[n] = a.nonzeros;
  a.column = (int *)malloc(sizeof(int) * (size_t)a.nonzeros);
  a.value = (float *)malloc(sizeof(float) * (size_t)a.nonzeros);
  for (long i = 0; i < n; i++)
    for (long k = a.row_start[i]; k < a.row_start[i + 1]; k++) {
      long c = i - 32 + (long)(next_random(seed) % 64);
      a.column[k] = (int)(c < 0 ? -c : (c >= n ? 2 * n - 1 - c : c));
      a.value[k] = random_unit(seed) - 0.5f;
    }
  return a;
}

int main(int argc, char **argv) {
  long n = argument(argc, argv, 1, 2000);
  long reps = argument(argc, argv, 2, 1);
  uint64_t seed = 17;
  struct csr a = banded_matrix(n, &seed);
  float *x = (float *)malloc(sizeof(float) * (size_t)n);
  float *y = (float *)calloc((size_t)n, sizeof(float));
  for (long i = 0; i < n; i++)
    x[i] = random_unit(&seed);
  printf("size: %ld\n", n);
  for (long rep = 0; rep < reps; rep++) {
    double start = now_ms();
    spmv(&a, x, y);
    report_time("spmv", start);
  }
  checksum_floats("y", y, n);
  return 0;
}
