// Flat arrays with rows of a constant size and loops bounded by a parameter, as C written
// with `#define N` buffers walks them: `c[i * N + j]` for `j < n`. One-dimensional, the model
// holds the pairs of rows that overlap where n > N, which leave isl's scheduler no new order;
// read as rows of N (pass/src/arrays.rs, rows_of_constant_size) under the assumption n <= N,
// checked at run time, the product is rescheduled with register tiles.
// - gemm_rows: `long` counters, int elements;
// - gemm_rows_int: `int` counters, double elements, rows of 64;
// - window (negative twin): windows of 32 that overlap by construction (`x[16 * i + k]`, k <
//   32) never fit rows of 16: the array is read again as one dimension, as before.
// - fields (negative twin): a stride of 3 (channels of a pixel) is no row.
// - offset (negative twin): a parameter in the column (`x[off + i * N + j]`) would be assumed
//   below N, which a buffer's offset seldom is: x stays one-dimensional, y gets rows.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: polyprop-scops: function gemm_rows,
// MODEL: assumed context: [p0] -> {  : p0 <= 256 }    ; delinearization of MemRef0: inner subscripts within [0, 256)
// MODEL: array MemRef0[*][256]: i32
// MODEL: read: [p0] -> { S{{[0-9]+}}[i0, i1, i2] -> MemRef2[i2, i1] }
// MODEL-LABEL: polyprop-scops: function gemm_rows_int,
// MODEL: delinearization of MemRef0: inner subscripts within [0, 64)
// MODEL: array MemRef0[*][64]: f64
// MODEL-LABEL: polyprop-scops: function window,
// MODEL-NOT: delinearization
// MODEL: array MemRef1[*]: f32
// MODEL: read: [p0] -> { S{{[0-9]+}}[i0, i1] -> MemRef1[16*i0 + i1] }
// MODEL-LABEL: polyprop-scops: function fields,
// MODEL-NOT: delinearization
// MODEL: read: [p0] -> { S{{[0-9]+}}[i0, i1] -> MemRef1[3*i0 + i1] }
// MODEL-LABEL: polyprop-scops: function offset,
// MODEL: delinearization of MemRef0: inner subscripts within [0, 256)
// MODEL-NOT: delinearization of MemRef1
// MODEL: array MemRef0[*][256]: f32
// MODEL: array MemRef1[*]: f32
// MODEL-LABEL: polyprop-scops: function main,
// RUN: env POLYPROP_OPTIONS='schedule;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// CHECK-DAG: polyprop: function gemm_rows, function body: transformed: {{.*}}rescheduled {{.*}}bands tiled
// CHECK-DAG: polyprop: function gemm_rows_int, function body: transformed: {{.*}}rescheduled {{.*}}bands tiled
// Differential: sizes within the rows and past them (the check fails, the original runs).
// RUN: %clang -O3 %s -o %t.naive
// RUN: %t.naive 5 > %t.naive.out
// RUN: %t.naive 64 >> %t.naive.out
// RUN: %t.naive 200 >> %t.naive.out
// RUN: %t.naive 256 >> %t.naive.out
// RUN: %t.naive 300 >> %t.naive.out
// RUN: %t.polyprop 5 > %t.polyprop.out
// RUN: %t.polyprop 64 >> %t.polyprop.out
// RUN: %t.polyprop 200 >> %t.polyprop.out
// RUN: %t.polyprop 256 >> %t.polyprop.out
// RUN: %t.polyprop 300 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
#include "Inputs/harness.h"

#define N 256
#define M 64

void gemm_rows(long n, int *restrict c, const int *restrict a, const int *restrict b) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++)
        c[i * N + j] += a[i * N + k] * b[k * N + j];
}

void gemm_rows_int(int n, double *restrict c, const double *restrict a, const double *restrict b) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        c[i * M + j] += a[i * M + k] * b[k * M + j];
}

void window(long n, float *restrict y, const float *restrict x) {
  for (long i = 0; i < n; i++)
    for (long k = 0; k < 32; k++)
      y[i] += x[16 * i + k];
}

void fields(long n, float *restrict y, const float *restrict rgb) {
  for (long i = 0; i < n; i++)
    for (long c = 0; c < 3; c++)
      y[i] += rgb[3 * i + c] * (float)(c + 1);
}

void offset(long n, long off, float *restrict y, const float *restrict x) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      y[i * N + j] = x[off + i * N + j] * 0.5f;
}

int main(int argc, char **argv) {
  long n = atol(argv[1]);
  // Room for the rows that overlap past N: (n - 1) * N + n elements.
  long cells = (n + 1) * N + n;
  int *a = malloc(sizeof(int) * cells), *b = malloc(sizeof(int) * cells), *c = calloc(cells, sizeof(int));
  for (long k = 0; k < cells; k++) {
    a[k] = (int)(k % 17) - 8;
    b[k] = (int)(k % 13) - 6;
  }
  gemm_rows(n, c, a, b);
  printf("gemm_rows %016llx\n", (unsigned long long)harness_fnv1a(c, sizeof(int) * cells));
  long m = n < M ? n : M + n % 7;
  long dcells = (m + 1) * M + m;
  double *da = malloc(sizeof(double) * dcells), *db = malloc(sizeof(double) * dcells), *dc = calloc(dcells, sizeof(double));
  harness_fill_double(da, dcells);
  harness_fill_double(db, dcells);
  gemm_rows_int((int)m, dc, da, db);
  printf("gemm_rows_int %016llx\n", (unsigned long long)harness_fnv1a(dc, sizeof(double) * dcells));
  float *x = malloc(sizeof(float) * (16 * n + 32)), *y = calloc(n, sizeof(float));
  harness_fill_float(x, 16 * n + 32);
  window(n, y, x);
  fields(n / 3, y, x);
  printf("window %016llx\n", (unsigned long long)harness_fnv1a(y, sizeof(float) * n));
  float *big = malloc(sizeof(float) * (cells + 16)), *rows = calloc(cells, sizeof(float));
  harness_fill_float(big, cells + 16);
  offset(n, 16, rows, big);
  printf("offset %016llx\n", (unsigned long long)harness_fnv1a(rows, sizeof(float) * cells));
  return 0;
}
