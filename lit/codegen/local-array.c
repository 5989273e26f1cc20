// A local array of constant size (`double tmp[N]`, an alloca in the source function) in a
// whole-function SCoP: the new function has its own, so the SCoP is generated where it used
// to be refused ("base of ... is not an argument, global or malloc"): correlation's mean and
// stddev stay arrays of the new function under `schedule` (rescheduled, with their sums
// mapped back to the elements). gesummv as PolyBench writes it: propagation could remove
// tmp, but a stack array alone is not worth generating code for (it stays in the cache).
// The twin: a local array whose address escapes to a call that may write memory: no SCoP.
// Differential: outputs identical to the naive build.
// RUN: %clang -O3 %s -o %t.naive -lm
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.plain -lm 2>&1 | FileCheck %s
// RUN: %t.plain > %t.plain.out
// RUN: cmp %t.naive.out %t.plain.out
// RUN: env POLYPROP_OPTIONS='schedule;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.sched -lm 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %t.sched > %t.sched.out
// RUN: cmp %t.naive.out %t.sched.out
// CHECK-DAG: polyprop: function gesummv, function body: not transformed: nothing propagated: only local arrays of constant size removed (on the stack, in the cache)
// CHECK-DAG: polyprop: function escapes, function body: not transformed: rejected: call with side effects: call to record may write memory
// SCHED-DAG: polyprop: function correlation, function body: transformed: {{.*}} scalars mapped to array elements {{.*}}, rescheduled
#include "Inputs/harness.h"
#include <math.h>

#define N 40
#define M 33

void gesummv(int n, double alpha, double beta, double A[N][N], double B[N][N], double x[N], double y[N]) {
  double tmp[N];
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

void correlation(int m, int n, double float_n, double data[N][M], double corr[M][M]) {
  double mean[M], stddev[M];
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] = sqrt(stddev[j] / float_n);
    stddev[j] = stddev[j] <= 0.1 ? 1.0 : stddev[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = (data[i][j] - mean[j]) / (sqrt(float_n) * stddev[j]);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
    }
}

__attribute__((noinline)) void record(double *t, int n);

void escapes(int n, double *out) {
  double t[N];
  for (int i = 0; i < n; i++)
    t[i] = out[i] * 2.0;
  record(t, n);
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0;
}

static double recorded;
__attribute__((noinline)) void record(double *t, int n) { recorded = t[n / 2]; }

int main(void) {
  static double A[N][N], B[N][N], x[N], y[N], data[N][M], corr[M][M], out[N];
  harness_fill_double(&A[0][0], N * N);
  harness_fill_double(&B[0][0], N * N);
  harness_fill_double(x, N);
  harness_fill_double(&data[0][0], N * M);
  harness_fill_double(out, N);
  gesummv(N, 1.5, 1.2, A, B, x, y);
  harness_print("gesummv", y, sizeof y);
  correlation(M, N, (double)N, data, corr);
  harness_print("correlation", corr, sizeof corr);
  harness_print("data", data, sizeof data);
  escapes(N, out);
  harness_print("escapes", out, sizeof out);
  printf("recorded %a\n", recorded);
  return 0;
}
