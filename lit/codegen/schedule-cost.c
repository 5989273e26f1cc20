// The cost model of `schedule` (issue 17): the scheduler's schedule is taken only where it
// touches fewer cache lines per instance than the source's (`schedule_cost`), or as many with
// register tiles around an accumulation; and before scheduling, the scalars LICM made of
// reductions are mapped back to their array element (`scalar_mapping`), checked on the model.
// - mm2: two products in the source's i, j, k order with `int` counters and `double (*)[N]`:
//   the temporary scalars are propagated, the running sums map back to their elements, the
//   column walks of b and c become unit strides: rescheduled.
// - not_dead: the element is read while the scalar holds its new value (its old value is
//   still needed): the mapping would change d's values and is refused (the line names no
//   mapped scalar); the scalar stays, and the scheduler finds no freedom in its conflicts.
// - bicg: two sums over one matrix in one loop, unit strides, and the matrix element moves
//   with every iterator (a register tile would reuse none of it): not scheduled. With the
//   model off, the scheduler's split reads the matrix twice (0.56x at -DLARGE).
// - smooth: a stencil with unit strides and no accumulation: nothing a new schedule could
//   improve, so the scheduler does not run (`worth_scheduling`).
// Differential: outputs identical to the naive build, also with the model off.
// RUN: %clang -O3 %s -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS='schedule;tile-size=16;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.cost 2>&1 | FileCheck %s
// RUN: %t.cost > %t.cost.out
// RUN: cmp %t.naive.out %t.cost.out
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=16;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.always 2>&1 | FileCheck %s --check-prefix=ALWAYS
// RUN: %t.always > %t.always.out
// RUN: cmp %t.naive.out %t.always.out
// CHECK-DAG: polyprop: function mm2, function body: transformed: 0 temporaries removed, {{[0-9]+}} statements, {{[0-9]+}} scalars mapped to array elements ({{.*}} -> MemRef{{.*}}), rescheduled (lines per instance depth 3: {{.*}}), {{[0-9]+}} bands tiled
// CHECK-DAG: polyprop: function not_dead, function body: not transformed: nothing propagated, not rescheduled: isl operation quota exceeded (complexity)
// CHECK-DAG: polyprop: function bicg, function body: not transformed: nothing propagated, not rescheduled: no strided access in two loops or more and no accumulation for a new schedule to improve
// CHECK-DAG: polyprop: function smooth, function body: not transformed: nothing propagated, not rescheduled: no strided access in two loops or more and no accumulation for a new schedule to improve (lines per instance depth 3: {{.*}})
// ALWAYS-DAG: polyprop: function bicg, function body: transformed: 0 temporaries removed, {{.*}}, rescheduled, {{[0-9]+}} bands tiled
// ALWAYS-DAG: polyprop: function smooth, function body: transformed: 0 temporaries removed, 1 statements, rescheduled, 1 bands tiled
#include "Inputs/harness.h"

#define N 37

// D = (A * B) * C, as PolyBench's 2mm writes it (i, j, k).
void mm2(int n, double (*a)[N], double (*b)[N], double (*c)[N], double (*d)[N]) {
  double (*tmp)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        tmp[i][j] += a[i][k] * b[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int l = 0; l < n; l++) {
      d[i][l] *= 0.5;
      for (int j = 0; j < n; j++)
        d[i][l] += tmp[i][j] * c[j][l];
    }
  free(tmp);
}

// The old c[i][j] is read after the sum: c[i][j] cannot hold the sum meanwhile.
void not_dead(int n, double (*a)[N], double (*b)[N], double (*c)[N], double (*d)[N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = c[i][j];
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      d[i][j] = c[i][j] - s;
      c[i][j] = s;
    }
}

void bicg(long n, const double *a, const double *p, const double *r, double *s, double *q) {
  for (long j = 0; j < n; j++)
    s[j] = 0.0;
  for (long i = 0; i < n; i++) {
    q[i] = 0.0;
    for (long j = 0; j < n; j++) {
      s[j] = s[j] + r[i] * a[i * n + j];
      q[i] = q[i] + a[i * n + j] * p[j];
    }
  }
}

void smooth(int t, int n, float (*x)[N]) {
  for (int s = 0; s < t; s++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        x[i][j] = 0.25f * (x[i - 1][j] + x[i + 1][j] + x[i][j - 1] + x[i][j + 1]);
}

int main(void) {
  static double a[N][N], b[N][N], c[N][N], d[N][N], p[N], r[N], s[N], q[N];
  static float x[N][N];
  harness_fill_double(&a[0][0], N * N);
  harness_fill_double(&b[0][0], N * N);
  harness_fill_double(&c[0][0], N * N);
  harness_fill_double(&d[0][0], N * N);
  harness_fill_double(p, N);
  harness_fill_double(r, N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x[i][j] = (float)((i * 7 + j * 3) % 11);
  mm2(N, a, b, c, d);
  harness_print("mm2", &d[0][0], sizeof(double) * (N * N));
  not_dead(N, a, b, c, d);
  harness_print("not_dead c", &c[0][0], sizeof(double) * (N * N));
  harness_print("not_dead d", &d[0][0], sizeof(double) * (N * N));
  bicg(N, &a[0][0], p, r, s, q);
  harness_print("bicg s", s, sizeof(double) * (N));
  harness_print("bicg q", q, sizeof(double) * (N));
  smooth(5, N, x);
  harness_print("smooth", &x[0][0], sizeof x);
  return 0;
}
