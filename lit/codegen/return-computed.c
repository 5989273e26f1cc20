// Functions whose statements compute the returned value (an energy, a count, a maximum):
// the return is a write of a live-out scalar, which propagation keeps and the generated
// function returns. Float, long and int results, int and long counters, pointers and
// float (*)[32], a ternary max; also at size 0 (the scalars' initial values). Outputs and
// returned values identical, with -g.
// RUN: %clang -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function blur_energy, function body: transformed: 3 temporaries removed
// CHECK-DAG: polyprop: function count_bright, function body: transformed: 5 temporaries removed
// CHECK-DAG: polyprop: function peak, function body: transformed: 3 temporaries removed
// MODEL-LABEL: polyprop-scops: function blur_energy, function body
// MODEL: scalar s_returned: f32 live-out
// MODEL: write: [n] -> { S{{[0-9]+}}[] -> s_returned[] }
#include <stdio.h>
#include <stdlib.h>
/* A pipeline that returns a checksum of its output: a float sum, an int count, a max. */
float blur_energy(int n, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) t[i] = in[i] * 0.5f;
  float e = 0.0f;
  for (int i = 1; i < n - 1; i++) {
    out[i] = t[i - 1] + t[i] + t[i + 1];
    e += out[i] * out[i];
  }
  free(t);
  return e;
}
long count_bright(long n, long m, float (*restrict out)[32], const float (*restrict in)[32]) {
  float (*t)[32] = malloc(sizeof(float) * n * 32);
  long count = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) t[i][j] = in[i][j] * 2.0f;
  for (long i = 0; i < n; i++)
    for (long j = 1; j < m; j++) {
      out[i][j] = t[i][j] - t[i][j - 1];
      count += out[i][j] > 1.0f;
    }
  free(t);
  return count;
}
int peak(int n, int *restrict out, const int *restrict in) {
  int *t = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) t[i] = in[i] * 3 - 7;
  int best = -1000000;
  for (int i = 0; i < n; i++) {
    out[i] = t[i] / 2;
    best = out[i] > best ? out[i] : best;
  }
  free(t);
  return best;
}
int main(void) {
  enum { N = 50 };
  static float in[N * 32], out[N * 32];
  static int ii[N], io[N];
  for (int i = 0; i < N * 32; i++) in[i] = (float)((i * 7) % 13) * 0.25f;
  for (int i = 0; i < N; i++) ii[i] = (i * 37) % 101 - 50;
  float e = blur_energy(N * 32, out, in);
  long c = count_bright(N, 32, (float (*)[32])out, (const float (*)[32])in);
  int p = peak(N, io, ii);
  for (int i = 0; i < N * 32; i++) printf("%a\n", out[i]);
  for (int i = 0; i < N; i++) printf("%d\n", io[i]);
  printf("%a %ld %d\n", e, c, p);
  printf("%a %ld %d\n", blur_energy(0, out, in), count_bright(0, 32, (float (*)[32])out, (const float (*)[32])in), peak(0, io, ii));
  return 0;
}
