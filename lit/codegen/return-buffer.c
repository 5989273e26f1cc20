// Functions that allocate their output and return it (`float *out = malloc(..); ...;
// return out;`): the generated function allocates the returned array as it allocates the
// arrays it keeps, does not free it, and returns it; the temporaries before it are
// propagated. `int` counters over flattened subscripts, `long` counters over `float (*)[64]`.
// Not a returned allocation: a pointer into it (`return out + 1;`), which stays "not yet".
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll | FileCheck %s --check-prefix=IR
// CHECK-DAG: polyprop: function blur_new, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function rows_new, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function blur_interior, function body: not transformed: not yet: a returned value of unsupported kind
// IR-LABEL: define internal float* @blur_new.polyprop(
// IR: %[[OUT:[0-9]+]] = call i8* @malloc(
// IR-NOT: call void @free(i8* %[[OUT]])
// IR: ret float*
#include <stdio.h>
#include <stdlib.h>

float *blur_new(int w, int h, const float *in) {
  float *t = malloc(sizeof(float) * w * h);
  float *out = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = in[y * w + x] * 0.5f + in[y * w + (x + 1 < w ? x + 1 : x)] * 0.5f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] + t[(y + 1 < h ? y + 1 : y) * w + x];
  free(t);
  return out;
}

float (*rows_new(long n, const float (*in)[64]))[64] {
  float (*t)[64] = malloc(sizeof(float) * n * 64);
  float (*out)[64] = malloc(sizeof(float) * n * 64);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 64; j++)
      t[i][j] = in[i][j] * 3.0f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < 64; j++)
      out[i][j] = t[i][j] - t[i][63 - j];
  free(t);
  return out;
}

float *blur_interior(int n, const float *in) {
  float *t = malloc(sizeof(float) * n);
  float *out = malloc(sizeof(float) * (n + 1));
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (int i = 0; i < n; i++)
    out[i + 1] = t[i] + 1.0f;
  free(t);
  return out + 1;
}

static void print(const char *name, const float *x, long n) {
  double s = 0;
  for (long k = 0; k < n; k++)
    s = s * 1.0001 + x[k];
  printf("%s %.17g\n", name, s);
}

int main(void) {
  enum { W = 37, H = 23, N = 64 * 14 }; /* N >= W * H */
  float *in = malloc(sizeof(float) * N);
  for (long k = 0; k < N; k++)
    in[k] = (float)((k * 7919 + 13) % 1000) / 37.0f;
  float *a = blur_new(W, H, in);
  print("blur_new", a, W * H);
  float (*b)[64] = rows_new(14, (const float (*)[64])in);
  print("rows_new", &b[0][0], N);
  float *c = blur_interior(N, in);
  print("blur_interior", c, N);
  free(a);
  free(b);
  free(c - 1);
  return 0;
}
