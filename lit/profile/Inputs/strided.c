/* Loop nests that walk memory across rows, in several styles: a transpose written row by row
 * of its source (int counters, flattened subscripts), column sums into a vector (long
 * counters, T (*)[N] arrays), and a column-major stencil update (C99 VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void transpose(int n, const float *a, float *b) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j * n + i] = a[i * n + j];
}

__attribute__((noinline)) void column_sums(long n, float (*a)[512], float *sums) {
  for (long j = 0; j < 512; j++) {
    float s = 0.0f;
    for (long i = 0; i < n; i++)
      s += a[i][j];
    sums[j] = s;
  }
}

__attribute__((noinline)) void smooth_columns(long rows, long cols, float c[rows][cols], const float u[rows][cols]) {
  for (long j = 1; j < cols - 1; j++)
    for (long i = 1; i < rows - 1; i++)
      c[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  int reps = argc > 2 ? atoi(argv[2]) : 1;
  float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n);
  float (*m)[512] = malloc(sizeof(float) * 512 * n);
  float *sums = malloc(sizeof(float) * 512), *c = calloc((size_t)n * n, sizeof(float));
  unsigned state = 3;
  for (long k = 0; k < (long)n * n; k++) {
    state = state * 1103515245u + 12345u;
    a[k] = (float)((state >> 8) & 4095) / 256.0f;
  }
  for (long k = 0; k < 512L * n; k++)
    m[0][k] = a[k % ((long)n * n)];
  for (int r = 0; r < reps; r++) {
    transpose(n, a, b);
    column_sums(n, m, sums);
    smooth_columns(n, n, (float (*)[n])c, (const float (*)[n])b);
  }
  double s1 = 0, s2 = 0, s3 = 0;
  for (long k = 0; k < (long)n * n; k++) {
    s1 += b[k] * (double)(k % 7);
    s3 += c[k] * (double)(k % 5);
  }
  for (int j = 0; j < 512; j++)
    s2 += sums[j] * (double)(j % 3);
  printf("%a %a %a\n", s1, s2, s3);
  return 0;
}
