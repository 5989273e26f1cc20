// Functions that return a value computed from their arguments (`return 0;` as a status,
// `return n * 64 - 64;` as a count): the generated function returns the same value and the
// versioned entry returns what it returns. A function returning what its loops computed (a
// sum) returns the live-out scalar it is written to (more in return-computed.c). `int` and
// `long` counters, pointers and `float (*)[64]`, outputs and returned values compared, also
// with -g (the verifier and llvm-dwarfdump see the returns' locations).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %clang -O3 -g -c -fpass-plugin=%polyprop %s -o %t.o
// RUN: llvm-dwarfdump-14 --verify %t.o | FileCheck %s --check-prefix=DWARF
// CHECK-DAG: polyprop: function blur_status, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function blur_count, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function blur_sum, function body: transformed: 3 temporaries removed
// DWARF: No errors.
#include <stdio.h>
#include <stdlib.h>
int blur_status(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) t[i] = in[i] * 0.5f;
  for (int i = 1; i < n - 1; i++) out[i] = t[i - 1] + t[i] + t[i + 1];
  free(t);
  return 0;
}
long blur_count(long n, float (*restrict out)[64], const float (*restrict in)[64]) {
  float (*t)[64] = malloc(sizeof(float) * n * 64);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 64; j++) t[i][j] = in[i][j] * 3.0f;
  for (long i = 1; i < n; i++)
    for (long j = 0; j < 64; j++) out[i][j] = t[i][j] - t[i - 1][j];
  free(t);
  return n * 64 - 64;
}
float blur_sum(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  float s = 0.0f;
  for (int i = 0; i < n; i++) t[i] = in[i] * 0.5f;
  for (int i = 1; i < n - 1; i++) { out[i] = t[i - 1] + t[i + 1]; s += out[i]; }
  free(t);
  return s;
}
int main(void) {
  enum { N = 100 };
  static float in[N * 64], out[N * 64];
  for (int i = 0; i < N * 64; i++) in[i] = (float)((i * 37) % 101) / 7.0f;
  int a = blur_status(N, out, in);
  for (int i = 1; i < N - 1; i++) printf("%a\n", out[i]);
  long b = blur_count(N, (float (*)[64])out, (const float (*)[64])in);
  for (int i = 64; i < N * 64; i++) printf("%a\n", out[i]);
  float c = blur_sum(N, out, in);
  printf("%d %ld %a\n", a, b, c);
  return 0;
}
