// Parameters of type int, short and unsigned used as values, not only in subscripts: the
// weight w multiplies the input, long temporaries hold n - 2 * i and n - 3, the last value of a counter (n - 1, which LICM stores after
// the loop) is written to an int temporary, and a short offset is added in int arithmetic.
// A parameter in a value keeps its declared type (as in the textual language); in affine
// expressions it is sign-extended to i64. Before, the LLVM front end used an int parameter as
// an i64 value and propagation's verification refused its own result (gen-loops seed 10620).
// Built with and without the plugin, the outputs are identical.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function weigh, function body: transformed
// CHECK-DAG: polyprop: function offsets, function body: transformed
// CHECK-DAG: polyprop: function spans, function body: transformed
// CHECK-NOT: internal error
#include <stdio.h>
#include <stdlib.h>

void weigh(int n, int w, float *restrict out, const float *restrict in) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * w + (float)(n - i);
  for (int i = 0; i < n; i++)
    out[i] = t[i] * 0.5f;
  free(t);
}

void offsets(int n, short d, unsigned u, int *restrict out, int *restrict last) {
  int *t = malloc(sizeof(int) * n);
  int j;
  for (j = 0; j < n - 1; j++)
    t[j] = j * d + (int)u;
  for (int i = 0; i < n - 1; i++)
    out[i] = t[i] - d;
  *last = j;
  free(t);
}

void spans(int n, long *restrict out) {
  long *t = malloc(sizeof(long) * n), *u = malloc(sizeof(long) * n);
  for (long i = 0; i < n; i++) {
    t[i] = n - 2 * i;
    u[i] = n - 3;
  }
  for (long i = 0; i < n; i++)
    out[i] = u[n - 1 - i] + t[i];
  free(t);
  free(u);
}

int main(void) {
  enum { N = 37 };
  static float in[N], out[N];
  static int iout[N];
  static long lout[N];
  int last = -1;
  for (int i = 0; i < N; i++) in[i] = (float)(i * 7 % 11) - 3.5f;
  weigh(N, -3, out, in);
  offsets(N, (short)-5, 4000000000u, iout, &last);
  spans(N, lout);
  for (int i = 0; i < N; i++) printf("%a %d %ld\n", out[i], iout[i], lout[i]);
  printf("%d\n", last);
  return 0;
}
