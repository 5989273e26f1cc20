// Loop nests inside larger functions (a printf before or between them, a data-dependent
// outer loop, a value returned): a nest that holds a temporary of its own (allocated in the
// function, accessed only in the nest, freed) is modeled, propagated and versioned in place:
// the run-time check at the end of its preheader, the new code in a function of its own
// (`<function>.polyprop.<loop>`, taking the values from before the nest), control rejoining
// the original at the nest's exit. Differential: outputs identical, also when the check fails
// (two_nests called with overlapping arrays) and under -g (llvm-dwarfdump --verify). Nests
// that cannot gain stay (their reasons are printed): the column pass of two_nests (the reload
// test fails: it overwrites what its temporary read). Values of a nest used after it (the last
// value returned by nest_value; nest_results' sum, count and final row counter) are live-out
// scalars that the new code stores through pointers into stack slots of the caller, whose
// loads the exit's phis take.
// `int` and `long` counters, `float (*)[W]`, flattened subscripts.
// RUN: %clang -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %clang -O3 -g -c -fpass-plugin=%polyprop %s -o %t.o
// RUN: llvm-dwarfdump-14 --verify %t.o | FileCheck %s --check-prefix=DWARF
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o - | FileCheck %s --check-prefix=IR
// CHECK-DAG: polyprop: function frames_blur, function body: not transformed: rejected: call with side effects: call to printf may write memory
// CHECK-DAG: polyprop: function frames_blur, loop nest at {{.*}}: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function two_nests, loop nest at {{.*}}loop-nests.c:69:5: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function two_nests, loop nest at {{.*}}loop-nests.c:75:5: not transformed: nothing propagated: no temporary array removed
// CHECK-DAG: polyprop: function converge, loop nest at {{.*}}loop-nests.c:88:7: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function nest_value, loop nest at {{.*}}: transformed: 4 temporaries removed
// CHECK-DAG: polyprop: function nest_results, loop nest at {{.*}}: transformed: 5 temporaries removed
// DWARF: No errors.
// IR-LABEL: define dso_local i64 @frames_blur(
// IR: br i1 {{.*}}, label %polyprop.optimized, label
// IR: polyprop.optimized:
// IR-NEXT: call void @frames_blur.polyprop.{{.*}}([40 x float]* {{.*}}, [40 x float]* {{.*}}, i64 %0, i32 %1)
// IR-NEXT: br label
// IR: define internal void @frames_blur.polyprop.{{.*}}([40 x float]* {{.*}}, [40 x float]* {{.*}}, i64 {{.*}}, i32 {{.*}})
#include <stdio.h>
#include <stdlib.h>
#define W 40
long frames_blur(long n, int frames, float (*restrict out)[W], const float (*restrict in)[W]) {
  float (*tmp)[W] = malloc(sizeof(float) * n * W);
  printf("frames %d\n", frames);
  for (int f = 0; f < frames; f++) {
    for (long i = 0; i < n; i++)
      for (long j = 0; j < W; j++) tmp[i][j] = in[i][j] * (float)(f + 1);
    for (long i = 0; i < n; i++)
      for (long j = 1; j < W - 1; j++) out[i][j] = 0.5f * out[i][j] + tmp[i][j - 1] + tmp[i][j + 1];
  }
  free(tmp);
  printf("done\n");
  return n * frames;
}
void rows_then_sum(int n, int m, float *restrict a, const float *restrict b, float *restrict total) {
  float *row = malloc(sizeof(float) * m);
  float s = 0.0f;
  for (int k = 0; k < n * m; k++) s += b[k];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) row[j] = b[i * m + j] * 2.0f - 1.0f;
    for (int j = 1; j < m; j++) a[i * m + j] = row[j] + row[j - 1];
  }
  *total = s;
  free(row);
}
/* Two nests with a scratch row each, a printf between them, no restrict: the run-time check
 * decides (main calls it once with overlapping arrays). */
int two_nests(int n, int m, float *out, const float *in) {
  float *row = malloc(sizeof(float) * m);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) row[j] = in[i * m + j] + 1.0f;
    for (int j = 1; j < m; j++) out[i * m + j] = row[j] * row[j - 1];
  }
  printf("first\n");
  float *col = malloc(sizeof(float) * n);
  for (int j = 0; j < m; j++) {
    for (int i = 0; i < n; i++) col[i] = out[i * m + j] * 0.5f;
    for (int i = 1; i < n; i++) out[i * m + j] = col[i] - col[i - 1];
  }
  free(col);
  free(row);
  return n;
}
/* A nest under a data-dependent outer loop, and a value of the nest used after it. */
float converge(int n, float *restrict a, float *restrict b) {
  float *t = malloc(sizeof(float) * n);
  int rounds = 0;
  while (a[0] < 100.0f && rounds < 50) {
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < n; i++) t[i] = a[i] * 1.5f + (float)k;
      for (int i = 1; i < n; i++) b[i] = t[i] + t[i - 1];
    }
    for (int i = 0; i < n; i++) a[i] = b[i] * 0.5f + 1.0f;
    rounds++;
  }
  free(t);
  float last = 0.0f;
  for (int i = 0; i < n; i++) { last = a[i] * 2.0f - 1.0f; b[i] = last; }
  return last + (float)rounds;
}
float nest_value(int n, float *restrict a, const float *restrict b) {
  float *t = malloc(sizeof(float) * n);
  float last = 0.0f;
  printf("nest_value\n");
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < n; i++) t[i] = b[i] * 2.0f + (float)r;
    for (int i = 1; i < n; i++) {
      a[i] = t[i] + t[i - 1];
      last = a[i];
    }
  }
  free(t);
  return last;
}
/* Values of the nest used after it: a float sum, an int count and the row counter's last value. */
void nest_results(int n, int m, float *restrict out, const float *restrict in, float *restrict stats) {
  float *row = malloc(sizeof(float) * m);
  float sum = 0.0f;
  int count = 0, i;
  printf("nest_results\n");
  for (i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) row[j] = in[i * m + j] * 0.5f;
    for (int j = 1; j < m; j++) {
      out[i * m + j] = row[j] + row[j - 1];
      sum += out[i * m + j];
      count += out[i * m + j] > 4.0f;
    }
  }
  free(row);
  stats[0] = sum;
  stats[1] = (float)count;
  stats[2] = (float)i;
}
int main(void) {
  enum { N = 30, M = 25 };
  static float in[N][W], out[N][W], c[N * M + M], d[N * M], a[N], b[N];
  for (int i = 0; i < N; i++) for (int j = 0; j < W; j++) in[i][j] = (float)((i * 7 + j * 3) % 13) * 0.25f;
  long r = frames_blur(N, 3, out, in);
  for (int i = 0; i < N; i++) for (int j = 0; j < W; j++) printf("%a\n", out[i][j]);
  for (int i = 0; i < N * M + M; i++) c[i] = (float)(i % 9) * 0.5f;
  int r1 = two_nests(N, M, d, c);
  for (int i = 0; i < N * M; i++) printf("%a\n", d[i]);
  int r2 = two_nests(N, M, c + M, c);
  for (int i = 0; i < N * M + M; i++) printf("%a\n", c[i]);
  for (int i = 0; i < N; i++) a[i] = (float)i * 0.1f;
  float v = converge(N, a, b);
  for (int i = 0; i < N; i++) printf("%a %a\n", a[i], b[i]);
  float w = nest_value(N, a, b);
  for (int i = 0; i < N; i++) printf("%a\n", a[i]);
  static float stats[3];
  nest_results(N, M, d, c, stats);
  for (int i = 0; i < N * M; i++) printf("%a\n", d[i]);
  printf("%a %a %a\n", stats[0], stats[1], stats[2]);
  nest_results(0, M, d, c, stats);
  printf("%a %a %a\n", stats[0], stats[1], stats[2]);
  printf("%ld %d %d %a %a\n", r, r1, r2, v, w);
  return 0;
}
