// Temporaries from calloc whose zeros the program reads (propagation/src/zero_initialized.rs):
// the zeros are values of the source, so the model writes them in a statement of their own,
// first, over the elements some read reaches before any write; propagation recomputes them
// like any value, and the statement goes with the array's other writers.
// - border_columns: `int` counters, flattened subscripts; the blurs write the interior, the
//   next stage reads the zero border columns: both temporaries removed (styles' p27).
// - border_rows: `long` counters, `float (*)[W]`; a vertical blur leaves rows 0 and n - 1 zero.
// - int_histogram_rows: `int` elements (the zeros are integers), a stage that writes every
//   other row of a `short` temporary read at every row.
// - never_written: a calloc'd array only read (all zeros): removed.
// - accumulated (negative twin): `acc[x] += in[y][x]` over y reads its own zeros and each
//   earlier sum, a recurrence: the array stays, and so does its statement of zeros; the
//   other temporary goes. Kept, it is allocated with calloc and written by that statement.
// With keep=t1, border_columns keeps t1: the generated code allocates it with calloc and its
// statement of zeros writes the border the next stage reads. Outputs identical to the naive build at several sizes, 0 and
// 1 included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS='keep=t1;print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.keep 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: %t.keep > %t.keep.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: cmp %t.naive.out %t.keep.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-propagation>' %t.ll | FileCheck %s --check-prefix=PROP
// CHECK-DAG: polyprop: function border_columns, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function border_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function int_histogram_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function never_written, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function accumulated, function body: transformed: 1 temporaries removed
// KEEP: polyprop: function border_columns, function body: transformed: 1 temporaries removed, 4 statements
// PROP-LABEL: polyprop-propagation: function border_columns, function body
// PROP-NEXT: propagation
// PROP-NEXT: initial zeros written first (calloc): t1, t2
// PROP-NEXT: t1 (temporary): propagated {{.*}}; removed writes Zeros_t1, S0;
// PROP-NEXT: t2 (temporary): propagated {{.*}}; removed writes Zeros_t2, S1_{{.*}};
// PROP-LABEL: polyprop-propagation: function never_written, function body
// PROP-NEXT: propagation
// PROP-NEXT: initial zeros written first (calloc): z
// PROP-NEXT: z (temporary): propagated {{.*}}; removed writes Zeros_z;
// PROP-LABEL: polyprop-propagation: function accumulated, function body
// PROP-NEXT: propagation
// PROP-NEXT: initial zeros written first (calloc): acc
// PROP-DAG: acc (temporary): not propagated: recurrence
// PROP-DAG: sq (temporary): propagated {{.*}}; removed writes S0;
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define W 40

__attribute__((noinline)) void border_columns(int w, int h, const float *in, float *out) {
  float *t1 = calloc((size_t)w * h, sizeof(float));
  float *t2 = calloc((size_t)w * h, sizeof(float));
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t1[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 0; x < w; x++)
      t2[y * w + x] = (t1[(y - 1) * w + x] + t1[y * w + x] + t1[(y + 1) * w + x]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}

__attribute__((noinline)) void border_rows(long n, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*r)[W] = calloc(n * W, sizeof(float));
  for (long y = 1; y < n - 1; y++)
    for (long x = 0; x < W; x++)
      r[y][x] = in[y - 1][x] - 2.0f * in[y][x] + in[y + 1][x];
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      out[y][x] = r[y][x] * r[y][x];
  free(r);
}

__attribute__((noinline)) void int_histogram_rows(int n, int *restrict out, const short *restrict in) {
  short *h = calloc((size_t)n * W, sizeof(short));
  for (int y = 0; y < n; y += 2)
    for (int x = 0; x < W; x++)
      h[y * W + x] = (short)(in[y * W + x] >> 1);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < W; x++)
      out[y * W + x] = h[y * W + x] * 3 + 1;
  free(h);
}

__attribute__((noinline)) void never_written(int n, float *restrict out, const float *restrict in) {
  float *z = calloc((size_t)n, sizeof(float));
  for (int i = 0; i < n; i++)
    out[i] = z[i] + in[i];
  free(z);
}

__attribute__((noinline)) void accumulated(long n, float *restrict out, const float (*restrict in)[W]) {
  float (*sq)[W] = malloc(sizeof(float) * n * W);
  float *acc = calloc(W, sizeof(float));
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      sq[y][x] = in[y][x] * in[y][x];
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      acc[x] += sq[y][x];
  for (long x = 0; x < W; x++)
    out[x] = acc[x] * 0.5f;
  free(acc);
  free(sq);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

static void run(int n) {
  static float in[24][W], out[24][W];
  static short sin_[24 * W];
  static int iout[24 * W];
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < W; j++) {
      in[i][j] = (float)((i * 7 + j * 13) % 29) / 7.0f - 1.5f;
      sin_[i * W + j] = (short)((i * 31 + j * 17) % 200 - 100);
    }
  border_columns(W, n, &in[0][0], &out[0][0]);
  printf("border_columns %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
  border_rows(n, out, in);
  printf("border_rows %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
  int_histogram_rows(n, iout, sin_);
  printf("int_histogram_rows %d %016llx\n", n, (unsigned long long)hash(iout, sizeof(int) * n * W));
  never_written(n * W, &out[0][0], &in[0][0]);
  printf("never_written %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
  accumulated(n, &out[0][0], in);
  printf("accumulated %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * W));
}

int main(void) {
  const int sizes[] = {0, 1, 2, 3, 7, 24};
  for (int k = 0; k < 6; k++)
    run(sizes[k]);
  return 0;
}
