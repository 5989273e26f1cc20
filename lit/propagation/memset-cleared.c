// Temporaries cleared with memset right after malloc, as C often writes what calloc would do:
// canonicalization makes `p = malloc(n); memset(p, 0, n)` one `calloc(n, 1)`
// (polyprop-zeroed-allocations in pass/bridge/bridge.cpp), whose zeros the model knows
// (propagation/src/zero_initialized.rs): the zero border a stage leaves propagates.
// - border_rows: `long` counters, `float (*)[W]`, memset with sizeof of the whole block.
// - border_columns: `int` counters, flattened subscripts, the size computed once in a variable.
// - half_cleared: memset of half the buffer (another size): no calloc, but the memset is the
//   array's initial contents all the same (arrays::zero_fills: zeros where it writes,
//   indeterminate elements elsewhere, of which zeros are one value), and the rows the first
//   stage leaves propagate as zeros.
// Negative twins, memset stays a call that writes memory (the reason names it):
// - ones: memset to 0xff (not zeros).
// - touched_between: the buffer's first element written between malloc and memset.
// Outputs identical to the naive build at six sizes, 0 and 1 included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -load-pass-plugin %polyprop -passes='function(polyprop-canonicalize)' -S %t.ll | FileCheck %s --check-prefix=IR
// CHECK-DAG: polyprop: function border_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function border_columns, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function half_cleared, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function ones, function body: not transformed: rejected: call with side effects: call to llvm.memset
// CHECK-DAG: polyprop: function touched_between, function body: not transformed: rejected: call with side effects: call to llvm.memset
// IR-LABEL: define {{.*}} @border_rows(
// IR: call noalias i8* @calloc(i64 %{{.*}}, i64 1)
// IR-NOT: call void @llvm.memset
// IR-LABEL: define {{.*}} @half_cleared(
// IR: @malloc(
// IR: @llvm.memset
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 40

__attribute__((noinline)) void border_rows(long n, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*r)[W] = malloc(sizeof(float[W]) * n);
  memset(r, 0, sizeof(float[W]) * n);
  for (long y = 1; y < n - 1; y++)
    for (long x = 0; x < W; x++)
      r[y][x] = in[y - 1][x] - 2.0f * in[y][x] + in[y + 1][x];
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      out[y][x] = r[y][x] * r[y][x];
  free(r);
}

__attribute__((noinline)) void border_columns(int w, int h, const float *in, float *out) {
  size_t bytes = sizeof(float) * w * h;
  float *t = malloc(bytes);
  memset(t, 0, bytes);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] - t[y * w + x];
  free(t);
}

__attribute__((noinline)) void half_cleared(long n, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*r)[W] = malloc(sizeof(float[W]) * n);
  memset(r, 0, sizeof(float[W]) * (n / 2));
  for (long y = n / 2; y < n; y++)
    for (long x = 0; x < W; x++)
      r[y][x] = in[y][x] * 2.0f;
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      out[y][x] = r[y][x] + 1.0f;
  free(r);
}

__attribute__((noinline)) void ones(long n, int (*restrict out)[W], const int (*restrict in)[W]) {
  int (*r)[W] = malloc(sizeof(int[W]) * n);
  memset(r, 0xff, sizeof(int[W]) * n);
  for (long y = 1; y < n; y++)
    for (long x = 0; x < W; x++)
      r[y][x] = in[y][x] - in[y - 1][x];
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      out[y][x] = r[y][x] * 3;
  free(r);
}

__attribute__((noinline)) void touched_between(long n, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*r)[W] = malloc(sizeof(float[W]) * n);
  if (n > 0)
    r[0][0] = 5.0f;
  memset(r, 0, sizeof(float[W]) * n);
  for (long y = 1; y < n - 1; y++)
    for (long x = 0; x < W; x++)
      r[y][x] = in[y][x] + in[y + 1][x];
  for (long y = 0; y < n; y++)
    for (long x = 0; x < W; x++)
      out[y][x] = r[y][x] * 0.5f;
  free(r);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

static void run(int n) {
  static float in[24][W], out[24][W];
  static int iin[24][W], iout[24][W];
  for (int i = 0; i < 24; i++)
    for (int j = 0; j < W; j++) {
      in[i][j] = (float)((i * 7 + j * 13) % 29) / 7.0f - 1.5f;
      iin[i][j] = (i * 31 + j * 17) % 200 - 100;
    }
  border_rows(n, out, in);
  printf("border_rows %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
  border_columns(W, n, &in[0][0], &out[0][0]);
  printf("border_columns %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
  half_cleared(n, out, in);
  printf("half_cleared %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * (n / 2) * W));
  ones(n, iout, iin);
  printf("ones %d %016llx\n", n, (unsigned long long)hash(iout, sizeof(int) * n * W));
  touched_between(n, out, in);
  printf("touched_between %d %016llx\n", n, (unsigned long long)hash(out, sizeof(float) * n * W));
}

int main(void) {
  const int sizes[] = {0, 1, 2, 3, 7, 24};
  for (int k = 0; k < 6; k++)
    run(sizes[k]);
  return 0;
}
