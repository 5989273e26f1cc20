// Calls of the program's own functions that read and write no memory (C's
// __attribute__((const)), noinline so that they stay calls) are operations of the statement,
// like sqrtf: a value written to a temporary is recomputed where the temporary is read and the
// temporary disappears. Three styles: int counters and float pointers with a float helper;
// long counters, T (*)[N] arrays and a helper taking an int and a float; flattened subscripts
// with a double helper called in a ternary. A 3-point stencil over such a temporary is not
// propagated: it would call the helper three times per point instead of once; nor is an
// upsampling read t[i / 2], which would call it twice per element of t (the code-complexity
// heuristic's limits on calls of the program's functions). Outputs identical with and without
// the plugin at two sizes.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out && %t.naive 37 >> %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out && %t.polyprop 37 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function activate_int, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function weigh_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function soften_flat, function body: transformed: 1 temporaries removed
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STENCIL
// STENCIL-LABEL: polyprop-propagation: function blur_squashed
// STENCIL: not propagated: code-complexity heuristic: S1 would call the program's functions 3 times per iteration, limit 1
// STENCIL-LABEL: polyprop-propagation: function upsample_squashed
// STENCIL: not propagated: code-complexity heuristic: S1 reads instances of S0 more than once, and S0 calls the program's functions
#include <stdio.h>
#include <stdlib.h>

__attribute__((const, noinline)) static float squash(float x) {
  return 0.5f + 0.5f * x / (1.0f + (x < 0 ? -x : x));
}

__attribute__((const, noinline)) static float weight(int k, float x) {
  return x * (float)(k % 3 + 1);
}

__attribute__((const, noinline)) static double soften(double x) {
  return x / (1.0 + x * x);
}

void activate_int(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = squash(in[i]);
  for (int i = 0; i < n; i++)
    out[i] = 0.5f * t[i] + in[i];
  free(t);
}

void blur_squashed(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = squash(in[i]);
  for (int i = 1; i < n - 1; i++)
    out[i] = t[i - 1] + t[i] + t[i + 1];
  free(t);
}

void upsample_squashed(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = squash(in[i]);
  for (int i = 0; i < 2 * n; i++)
    out[i] = t[i / 2] * 0.5f;
  free(t);
}

#define W 16
void weigh_rows(long n, float (*in)[W], float (*out)[W]) {
  float (*t)[W] = malloc(sizeof(float[W]) * n);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < W; j++)
      t[i][j] = weight((int)j, in[i][j]);
  for (long i = 1; i < n; i++)
    for (long j = 0; j < W; j++)
      out[i][j] = in[i][j] - t[i - 1][j];
  free(t);
}

void soften_flat(int n, int m, const double *in, double *out) {
  double *t = (double *)malloc(sizeof(double) * n * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[i * m + j] = in[i * m + j] > 0.0 ? soften(in[i * m + j]) : 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      out[i * m + j] = 0.5 * (in[i * m + j] + t[i * m + j - 1]);
  free(t);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  float *a = malloc(sizeof(float) * n * W), *b = calloc((size_t)n * W, sizeof(float));
  double *c = malloc(sizeof(double) * n * W), *d = calloc((size_t)n * W, sizeof(double));
  for (int i = 0; i < n * W; i++) {
    a[i] = (float)((i * 37) % 101) / 7.0f - 6.0f;
    c[i] = (double)((i * 53) % 97) / 9.0 - 4.0;
  }
  activate_int(n * W, a, b);
  float s = 0;
  for (int i = 0; i < n * W; i++) s += b[i] * (float)(i % 7);
  printf("activate %.9g\n", s);
  blur_squashed(n * W, a, b);
  s = 0;
  for (int i = 0; i < n * W; i++) s += b[i] * (float)(i % 3);
  printf("blur %.9g\n", s);
  upsample_squashed(n * W / 2, a, b);
  s = 0;
  for (int i = 0; i < n * W; i++) s += b[i] * (float)(i % 5);
  printf("upsample %.9g\n", s);
  weigh_rows(n, (float (*)[W])a, (float (*)[W])b);
  s = 0;
  for (int i = 0; i < n * W; i++) s += b[i] * (float)(i % 5);
  printf("weigh %.9g\n", s);
  soften_flat(n, W, c, d);
  double r = 0;
  for (int i = 0; i < n * W; i++) r += d[i] * (double)(i % 3);
  printf("soften %.17g\n", r);
  return 0;
}
