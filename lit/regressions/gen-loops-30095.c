// Found by scripts/campaign.sh (gen-loops seed 30095), reduced by hand: a miscompile. The
// value of a ternary whose condition is a data-dependent '||', (a < 0.125 ? -3.0f : b) != 0.5f,
// reaches the join from two paths (both conditions branch to the block that yields the first
// value). The phi was built as a select on the first condition only, dropping the second:
// 417 instead of 580.5. Now each successor's value covers every path from it (nested selects).
// The twins: the '||' spelled out with int counters, and the same shape as f2's with long
// counters.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function f2, function body: transformed
// CHECK-DAG: polyprop: function either_int, function body: transformed
// CHECK-DAG: polyprop: function either_long, function body: transformed
#include <stdio.h>
#include <stdlib.h>

static double g2[34][35];
static int g3[34];

static void f2(long n0, double (*p0)[35], int *p1) {
  int (*q0)[32] = malloc(sizeof(int) * 32 * 32);
  for (long a17 = 0; a17 < 32; a17++)
    for (long b18 = 0; b18 < 32; b18++)
      q0[a17][b18] = ((p1[b18 + 2] + a17)) % 1009;
  p0[n0][(n0 - 2 < 0 ? 0 : n0 - 2 > 34 ? 34 : n0 - 2)] =
      p0[n0][(n0 - 2 < 0 ? 0 : n0 - 2 > 34 ? 34 : n0 - 2)] * 0.5f +
      (((p0[n0 + 3][n0] > p0[n0 - 1][n0 / 2 + 1] ? p0[n0 + 3][n0] : p0[n0 - 1][n0 / 2 + 1]) < 0.125f ? -3.0f : p0[n0 + 2][n0 - 2]) != 0.5f
           ? (float)(q0[27][n0 / 2 + 1])
           : p0[(n0 - 1 < 0 ? 0 : n0 - 1 > 33 ? 33 : n0 - 1)][n0]) * 0.5f;
  free(q0);
}

void either_int(int n, const float *a, const float *b, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = a[i] * 3.0f;
  for (int i = 0; i < n; i++)
    out[i] = (a[i] < 1.0f || b[i] > 4.0f) ? t[i] : b[i] - t[i];
  free(t);
}

void either_long(long n, const float *a, const float *b, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = a[i] + 2.0f;
  for (long i = 0; i < n; i++)
    out[i] = (a[i] < 1.0f ? -3.0f : b[i]) != 0.5f ? t[i] : -t[i];
  free(t);
}

int main(void) {
  for (int i = 0; i < 34; i++)
    for (int j = 0; j < 35; j++)
      g2[i][j] = (double)((i * 10 + j * 39 + 996) % 2001 - 1000) * 0.5f;
  for (int i = 0; i < 34; i++)
    g3[i] = (int)((i * 67 + 938) % 2017 - 1008);
  f2(18, g2, g3);
  printf("%a\n", g2[18][16]);
  float a[50], b[50], x[50], y[50];
  for (int i = 0; i < 50; i++) {
    a[i] = (float)(i % 3);
    b[i] = (float)(i % 7) * 0.5f;
  }
  either_int(50, a, b, x);
  either_long(50, a, b, y);
  for (int i = 0; i < 50; i++)
    printf("%a %a\n", x[i], y[i]);
  return 0;
}
