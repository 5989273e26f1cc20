// Scheduling and tiling (option `schedule`, paper 003 section 5.3): isl's scheduler reorders
// every SCoP, also those without a temporary (gemm), permutable bands are tiled
// (`tile-size`), and the point loops put a parallel one innermost. Differential: outputs
// identical to the naive build, sequentially and with -fopenmp on 2 threads; without the
// option nothing but propagation happens (gemm untouched). A tiled band whose innermost
// point loop is parallel and another carries a dependence is tiled again for registers: in
// full 4 x 8 register tiles the reduction loop holds the 32 updates unrolled, each at one
// element plus a constant, which LLVM keeps in registers across the loop (LICM's remarks
// on mv's 8 sums; gemm's inner size here is known at run time only, so its rows may alias).
// The runs take the scheduler's schedule whatever the cost model says (`schedule-cost=off`):
// they test the machinery; lit/codegen/schedule-cost.c tests the model's choices (under it
// only gemm here is rescheduled).
// Styles: `int` counters, flattened subscripts, `double (*)[N]`, a stencil in time (whose
// band is not permutable as it stands), a pipeline with a temporary, and a matrix-vector
// product in `float (*)[N]` with `long` counters (register tiles of one dimension).
// RUN: %clang -O3 %s -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=8;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.sched 2>&1 | FileCheck %s
// RUN: %t.sched > %t.sched.out
// RUN: cmp %t.naive.out %t.sched.out
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=8' %clang -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.omp
// RUN: env OMP_NUM_THREADS=2 %t.omp > %t.omp.out
// RUN: cmp %t.naive.out %t.omp.out
// With -g, the outlined loops' instructions carry locations of their own subprogram (they did
// not verify, and nothing was transformed, when the builder kept the caller's location).
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=8;print=transform' %clang -O3 -g -fopenmp -fpass-plugin=%polyprop %s -o %t.omp-g 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t.omp-g > %t.omp-g.out
// RUN: cmp %t.naive.out %t.omp-g.out
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %ir %s -o %t.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast<schedule;schedule-cost=off;tile-size=8>>)' %t.ll 2>&1 | FileCheck %s --check-prefix=AST
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=8' %clang -O3 -fpass-plugin=%polyprop -Rpass=licm -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LICM
// CHECK-DAG: polyprop: function gemm, function body: transformed: 0 temporaries removed, 2 statements, rescheduled, 2 bands tiled
// CHECK-DAG: polyprop: function smooth, function body: transformed: 0 temporaries removed, 1 statements, rescheduled
// CHECK-DAG: polyprop: function mv, function body: transformed: 0 temporaries removed, 2 statements, rescheduled
// CHECK-DAG: polyprop: function blur, function body: transformed: 1 temporaries removed, {{.*}}, rescheduled
// PLAIN-DAG: polyprop: function gemm, whole function: not transformed: nothing propagated: no temporary array (nothing allocated; not modeled)
// PLAIN-DAG: polyprop: function blur, function body: transformed: 1 temporaries removed
// AST-LABEL: function gemm
// AST: for (long c0 = 0; c0 < ni; c0 += 8) {
// AST: if (ni - c0 - c3 - 1 >= 3 && nj - c1 - 1 >= 7) {
// AST-NEXT: for (long c4 = 0; c4 <= min(7, nk - c2 - 1); c4 += 1) {
// AST-NEXT: S1(c0 + c3, c2 + c4, c1);
// AST-NEXT: S1(c0 + c3, c2 + c4, c1 + 1);
// AST: S1(c0 + c3 + 3, c2 + c4, c1 + 7);
// AST-NEXT: }
// AST-NEXT: } else {
// AST-NEXT: for (long c4 = 0; c4 <= min(7, nk - c2 - 1); c4 += 1) {
// AST-NEXT: for (long c5 = 0; c5 <= min(3, ni - c0 - c3 - 1); c5 += 1) {
#include "Inputs/harness.h"

#define N 45

// gemm with `int` counters and flattened subscripts, loops i, k, j.
void gemm(int ni, int nj, int nk, double alpha, double beta, double *c, const double *a, const double *b) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      c[i * nj + j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
  }
}

// Gauss-Seidel-like smoothing in place: each point reads its updated neighbours.
void smooth(long steps, long n, double (*x)[N]) {
  for (long t = 0; t < steps; t++)
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < N - 1; j++)
        x[i][j] = (x[i - 1][j] + x[i][j - 1] + x[i][j] + x[i][j + 1] + x[i + 1][j]) * 0.2;
}

// y = A x, the rows' sums in order.
void mv(long n, const float (*a)[N], const float *x, float *y) {
  for (long i = 0; i < n; i++) {
    y[i] = 0;
    for (long j = 0; j < N; j++)
      // LICM-COUNT-8: schedule.c:[[@LINE+1]]:{{[0-9]+}}: remark: Moving accesses to memory location out of the loop
      y[i] += a[i][j] * x[j];
  }
}

// A two-stage pipeline through a temporary.
void blur(long n, const float (*in)[N], float (*out)[N]) {
  float (*t)[N] = malloc(sizeof(float) * n * N);
  for (long i = 0; i < n; i++)
    for (long j = 1; j < N - 1; j++)
      t[i][j] = in[i][j - 1] + in[i][j] + in[i][j + 1];
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < N - 1; j++)
      out[i][j] = t[i - 1][j] + t[i][j] + t[i + 1][j];
  free(t);
}

int main(void) {
  for (int n = 1; n <= 40; n += 13) {
    double *a = malloc(sizeof(double) * n * N), *b = malloc(sizeof(double) * N * N), *c = malloc(sizeof(double) * n * N);
    harness_fill_double(a, n * N);
    harness_fill_double(b, N * N);
    harness_fill_double(c, n * N);
    gemm(n, N, N, 1.5, 0.5, c, a, b);
    harness_print("gemm", c, sizeof(double) * n * N);
    double (*x)[N] = malloc(sizeof(double) * (n + 2) * N);
    harness_fill_double(&x[0][0], (n + 2) * N);
    smooth(3, n + 2, x);
    harness_print("smooth", x, sizeof(double) * (n + 2) * N);
    float (*in)[N] = malloc(sizeof(float) * n * N), (*out)[N] = calloc(n * N, sizeof(float));
    harness_fill_float(&in[0][0], n * N);
    blur(n, in, out);
    harness_print("blur", out, sizeof(float) * n * N);
    float *v = malloc(sizeof(float) * N), *y = malloc(sizeof(float) * n);
    harness_fill_float(v, N);
    mv(n, in, v, y);
    harness_print("mv", y, sizeof(float) * n);
    free(v), free(y);
    free(a), free(b), free(c), free(x), free(in), free(out);
  }
  return 0;
}
