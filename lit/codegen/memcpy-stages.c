// memcpy between the stages of a pipeline: an input copied into a scratch buffer, one
// buffer copied into another, a result copied into the output, a small image copied
// through on an early return. Canonicalization makes each copy between arrays of a scalar
// element type the loop `dst[i] = src[i]` over `len / sizeof(T)` elements
// (polyprop-memcpy-loops; the type is the pointers' before their cast to i8*, or the one a
// malloc'd buffer is cast to), and a count of `sizeof(float) * w * h` bytes of `int` sizes
// becomes rows (`w >= 0, h >= 0`: the bytes do not wrap): the copies are statements, and
// propagation removes the temporaries they copy from and into.
// - copy_in_out: memcpy(t0, in), a blur, memcpy(t2, t1), a blur, the output (4 removed);
// - early_return: `if (w < 3 || h < 3) { memcpy(out, in, ...); return; }`, then interior
//   stencils;
// - result_copy: the last stage into a temporary, then memcpy(out, t);
// - flat_copy: one dimension, `long n`, a copy of `n * sizeof(float)` bytes;
// - long_sizes (twin): `sizeof(double) * w * h` of `long` sizes may wrap, so its count is not
//   `w * h`: the copy stays a call, the function body is rejected for it, and its nests alone
//   are modeled.
// Outputs identical at every size, empty ones included; the new code runs (RAN).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "2 2" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "2 2" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of copy_in_out$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of early_return$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of result_copy$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of flat_copy$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function copy_in_out, function body: transformed: 4 temporaries removed
// CHECK-DAG: polyprop: function early_return, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function result_copy, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function flat_copy, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function long_sizes, function body: not transformed: rejected: call with side effects: call to llvm.memcpy
// RAN: 7
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void copy_in_out(int w, int h, const float *in, float *out) {
  size_t n = sizeof(float) * w * h;
  float *t0 = malloc(n + 4), *t1 = malloc(n + 4), *t2 = malloc(n + 4), *t3 = malloc(n + 4);
  memcpy(t0, in, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y * w + x] = (t0[y * w + xl] + t0[y * w + x] + t0[y * w + xr]) / 3.0f;
    }
  memcpy(t2, t1, n);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t3[y * w + x] = (t2[yu * w + x] + t2[y * w + x] + t2[yd * w + x]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t3[y * w + x]);
  free(t0);
  free(t1);
  free(t2);
  free(t3);
}

__attribute__((noinline)) void early_return(int w, int h, const float *in, float *out) {
  if (w < 3 || h < 3) {
    memcpy(out, in, sizeof(float) * w * h);
    return;
  }
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t1[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      t2[y * w + x] = (t1[(y - 1) * w + x] + t1[y * w + x] + t1[(y + 1) * w + x]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x];
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y * w + x]);
  free(t1);
  free(t2);
}

__attribute__((noinline)) void result_copy(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h + 4), *u = malloc(sizeof(float) * w * h + 4);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y * w + x] = in[y * w + (x > 0 ? x - 1 : 0)] * in[y * w + x];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      u[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] - t[y * w + x];
  memcpy(out, u, sizeof(float) * w * h);
  free(t);
  free(u);
}

__attribute__((noinline)) void flat_copy(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n + 4);
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 3.0f + 1.0f;
  memcpy(out, t, n * sizeof(float));
  free(t);
}

__attribute__((noinline)) void long_sizes(long w, long h, const double *in, double *out) {
  double *t = malloc(sizeof(double) * w * h + 8), *u = malloc(sizeof(double) * w * h + 8);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y * w + x] = in[y * w + (x > 0 ? x - 1 : 0)] + in[y * w + x];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      u[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] * 0.5 + t[y * w + x];
  memcpy(out, u, sizeof(double) * w * h);
  free(t);
  free(u);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  size_t n = (size_t)w * h;
  float *in = malloc(sizeof(float) * n + 4), *out = malloc(sizeof(float) * n + 4);
  double *din = malloc(sizeof(double) * n + 8), *dout = malloc(sizeof(double) * n + 8);
  for (size_t i = 0; i < n; i++) {
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
    din[i] = in[i];
  }
  memset(out, 0, sizeof(float) * n);
  copy_in_out(w, h, in, out);
  printf("copy_in_out %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  early_return(w, h, in, out);
  printf("early_return %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  result_copy(w, h, in, out);
  printf("result_copy %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  flat_copy((long)n, in, out);
  printf("flat_copy %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  memset(dout, 0, sizeof(double) * n);
  long_sizes(w, h, din, dout);
  printf("long_sizes %d %d %016llx\n", w, h, (unsigned long long)hash(dout, sizeof(double) * n));
  return 0;
}
