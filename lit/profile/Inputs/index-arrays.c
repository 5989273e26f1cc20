/* Reads through an index array, in two styles: a gather `out[i] = in[index[i]] + 1` over
 * one-dimensional arrays (`int` counters), and srad's column-major neighbour differences with
 * flattened subscripts `image[north[i] + rows * j]` (`long` counters). `in` and `out` are the
 * two halves of one allocation, so an index past `in`'s half reads what the loop writes.
 *
 * Usage: index-arrays N LAYOUT. Layout 0: every index inside its array. Layout 1: the gather's
 * indices point into `out`, one element behind the one written (each element the previous
 * one plus 1, a chain the source computes in order). Layout 2: one neighbour index past its
 * column (the next column's first pixel; the image has a column of padding). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void gather(int n, const float *in, const int *index, float *out) {
  for (int i = 0; i < n; i++)
    out[i] = in[index[i]] + 1.0f;
}

/* A gather under a mask: `index[i]` is read only where `mask[i]` is set (the index array may
 * be shorter than the loop elsewhere), so no pass may read all of it: not an index array. */
__attribute__((noinline)) void masked_gather(int n, const float *in, const unsigned char *mask, const int *index, float *out) {
  for (int i = 0; i < n; i++)
    out[i] = mask[i] ? in[index[i]] : 0.0f;
}

__attribute__((noinline)) void differences(long rows, long cols, const float *image, const int *north, const int *south,
                                           float *d_north, float *d_south) {
  for (long j = 0; j < cols; j++)
    for (long i = 0; i < rows; i++) {
      long k = i + rows * j;
      d_north[k] = image[north[i] + rows * j] - image[k];
      d_south[k] = image[south[i] + rows * j] - image[k];
    }
}

static void print_sum(const char *name, const float *a, long n) {
  double sum = 0;
  for (long k = 0; k < n; k++)
    sum += a[k] * (double)(k % 7 + 1);
  printf("%s %a\n", name, sum);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  int layout = argc > 2 ? atoi(argv[2]) : 0;
  float *buffer = malloc(sizeof(float) * 2 * (size_t)n);
  float *in = buffer, *out = buffer + n;
  int *index = malloc(sizeof(int) * (size_t)n);
  unsigned state = 9;
  for (int i = 0; i < 2 * n; i++) {
    state = state * 1103515245u + 12345u;
    buffer[i] = (float)((state >> 8) & 1023) / 16.0f;
  }
  for (int i = 0; i < n; i++)
    index[i] = layout == 1 ? n + i - 1 : (int)((i * 7L) % n);
  gather(n, in, index, out);
  print_sum("out", out, n);
  unsigned char *mask = malloc((size_t)n);
  for (int i = 0; i < n; i++)
    mask[i] = i % 3 != 0;
  masked_gather(n, in, mask, index, out);
  print_sum("masked", out, n);

  long rows = n, cols = n;
  float *image = malloc(sizeof(float) * (size_t)(rows * (cols + 1)));
  float *d_north = malloc(sizeof(float) * (size_t)(rows * cols)), *d_south = malloc(sizeof(float) * (size_t)(rows * cols));
  int *north = malloc(sizeof(int) * (size_t)rows), *south = malloc(sizeof(int) * (size_t)rows);
  for (long k = 0; k < rows * (cols + 1); k++) {
    state = state * 1103515245u + 12345u;
    image[k] = (float)((state >> 8) & 1023) / 16.0f;
  }
  for (long i = 0; i < rows; i++) {
    north[i] = (int)(i == 0 ? 0 : i - 1);
    south[i] = (int)(i == rows - 1 ? rows - 1 : i + 1);
  }
  if (layout == 2)
    south[rows - 1] = (int)rows;
  differences(rows, cols, image, north, south, d_north, d_south);
  print_sum("d_north", d_north, rows * cols);
  print_sum("d_south", d_south, rows * cols);
  return 0;
}
