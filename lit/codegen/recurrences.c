// Higher-order recurrences (paper 003, section 5.4, Figure 10): after propagation, a
// statement that reads a producer at consecutive iterations of its innermost loop holds the
// producer's expression several times, shifted along that loop. Code generation computes
// the newest one once per iteration and carries the others in scalars
// (pass/src/codegen/rotation.rs, polyhedral/src/recurrences.rs).
// - figure10: Figure 10, f(i) = (in[i] - 1) * (in[i] + 1) / (in[i + 1] + 2): the new
//   function computes f twice before the loop (f(0), f(1)) and once per iteration (IR: one
//   fdiv in the loop body, two in the prologue); order 2, 5 operations.
// - fourth_order: tmp[j - 2] .. tmp[j + 2] with int counters: order 4.
// - sobel_box: a 2-D harris-like chain in `float (*)[N]` arrays, a Sobel gradient squared
//   then a 3x3 box sum: the families are the squared gradients at j - 1, j, j + 1 of each
//   of the three rows (3 recurrences of order 2, 11 operations each; the shifts along i
//   stay recomputed).
// - two_writers: tmp written by f below m and by g from m on: the reader is split per
//   writer (propagation's statement splitting), and the loop of each piece that reads only
//   f (S2_0) or only g (S2_3) carries its recurrence; the two pieces at the border read both,
//   run once, and carry none.
// - two_statements: one loop writing out and out2, from tmp at j - 1, j and j + 1: the
//   family's members are in both statements (order 2).
// - pairs: a loop over half-resolution pairs writing out[2k] and out[2k + 1] from tmp at
//   k - 1, k and k + 1, as an upsampling stage (order 2, members in both statements).
// - clamped: tmp[max(j - 1, 0)] + tmp[j] + tmp[min(j + 1, n - 1)] over the whole row, as
//   clamped borders are written: the members are shifts of each other only where the
//   clamps do not bite, the interior code generation splits off (polyhedral/src/interiors.rs),
//   where they are carried (order 2). clamped_early: the right clamp at n - 2 bites at
//   j = n - 2 already; the interior ends before it, and is carried too. (Without interiors,
//   isl proves for clamped that each value a scalar hands on is the one its user reads, and
//   refuses clamped_early: polyhedral/src/recurrences.rs' unit tests.)
// - gap: tmp[j - 1] + tmp[j + 1] (no tmp[j]): carrying would compute f(j), which the source
//   never computes (and could read out of bounds): not carried.
// - cheap: a producer of one operation: recomputing it is cheaper than a scalar (below the
//   option recurrences=2): not carried.
// Outputs identical to the naive build and to recurrences=off at sizes 0 to 5, 17 and 301
// (clamped_early from 2).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS='recurrences=off;print=transform' %clang -O3 -fpass-plugin=%polyprop %s -o %t.off 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: %t.off > %t.off.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: cmp %t.naive.out %t.off.out
// Rescheduled and tiled, whose register tiles unroll one statement into copies that share its
// expression (each copy carries its own values): identical too.
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off;tile-size=8' %clang -O3 -fpass-plugin=%polyprop %s -o %t.tiled
// RUN: %t.tiled > %t.tiled.out
// RUN: cmp %t.naive.out %t.tiled.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop,verify' -S %t.ll -o %t.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t.out.ll
// CHECK-DAG: polyprop: function figure10, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: S1: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function fourth_order, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: S1: 1 recurrences (order x operations: 4x4)
// CHECK-DAG: polyprop: function sobel_box, function body: transformed: 2 temporaries removed, 1 statements; carried in recurrences: S2: 3 recurrences (order x operations: 2x11 2x11 2x11)
// CHECK-DAG: polyprop: function two_writers, function body: transformed: 1 temporaries removed, {{[0-9]+}} statements; carried in recurrences: S2_0: 1 recurrences (order x operations: 2x5); S2_3: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function two_statements, function body: transformed: 1 temporaries removed, 2 statements; carried in recurrences: S1 S2: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function pairs, function body: transformed: 1 temporaries removed, 2 statements; carried in recurrences: S1 S2: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function clamped, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: S1_interior: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function clamped_early, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: S1_interior: 1 recurrences (order x operations: 2x5)
// CHECK-DAG: polyprop: function gap, function body: transformed: 1 temporaries removed, 1 statements{{$}}
// CHECK-DAG: polyprop: function cheap, function body: transformed: 1 temporaries removed, 1 statements{{$}}
// OFF-DAG: polyprop: function figure10, function body: transformed: 1 temporaries removed, 1 statements{{$}}
// OFF-DAG: polyprop: function sobel_box, function body: transformed: 2 temporaries removed, 1 statements{{$}}
//
// The new function of figure10: f(j + 1) in the loop, f(0) and f(1) in the prologue (a
// block placed at the function's end).
// IR-LABEL: define internal void @figure10.polyprop(
// IR: br i1 %{{[0-9]+}}, label %polyprop.recurrence.prologue, label %polyprop.exit
// IR: polyprop.loop:
// IR-NEXT: phi i64
// IR-NEXT: %polyprop.carried = phi float
// IR-NEXT: %polyprop.carried{{[0-9]+}} = phi float
// IR: polyprop.body:
// IR: fdiv float
// IR-NOT: fdiv
// IR: freeze float %polyprop.carried{{[0-9]+}}
// IR-NOT: fdiv
// IR: polyprop.exit:
// IR: ret void
// IR: polyprop.recurrence.prologue:
// IR: fdiv float
// IR: fdiv float
// IR-NOT: fdiv
// IR: {{^}$}}
#include <stdio.h>
#include <stdlib.h>

#define N 320

__attribute__((noinline)) void figure10(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long j = 1; j < n - 1; j++)
    out[j] = tmp[j - 1] + tmp[j] + tmp[j + 1];
  free(tmp);
}

__attribute__((noinline)) void fourth_order(int n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    tmp[i] = (in[i] - 0.5f) * (in[i] + 0.25f) - in[i + 1] * 3.0f;
  for (int j = 2; j < n - 2; j++)
    out[j] = tmp[j - 2] * 0.0625f + tmp[j - 1] * 0.25f + tmp[j] * 0.375f + tmp[j + 1] * 0.25f + tmp[j + 2] * 0.0625f;
  free(tmp);
}

__attribute__((noinline)) void sobel_box(long n, float (*in)[N], float (*out)[N]) {
  float (*g)[N] = malloc(sizeof(float[N]) * n);
  float (*gg)[N] = malloc(sizeof(float[N]) * n);
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < N - 1; j++)
      g[i][j] = (in[i - 1][j + 1] - in[i - 1][j - 1]) + 2.0f * (in[i][j + 1] - in[i][j - 1]) + (in[i + 1][j + 1] - in[i + 1][j - 1]);
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < N - 1; j++)
      gg[i][j] = g[i][j] * g[i][j];
  for (long i = 2; i < n - 2; i++)
    for (long j = 2; j < N - 2; j++)
      out[i][j] = gg[i - 1][j - 1] + gg[i - 1][j] + gg[i - 1][j + 1] + gg[i][j - 1] + gg[i][j] + gg[i][j + 1] +
                  gg[i + 1][j - 1] + gg[i + 1][j] + gg[i + 1][j + 1];
  free(g);
  free(gg);
}

__attribute__((noinline)) void two_writers(long n, long m, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++) {
    if (i < m)
      tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
    else
      tmp[i] = (in[i] - 2.0f) * (in[i] + 3.0f) / (in[i + 1] + 4.0f);
  }
  for (long j = 1; j < n - 1; j++)
    out[j] = tmp[j - 1] + tmp[j] + tmp[j + 1];
  free(tmp);
}

__attribute__((noinline)) void two_statements(long n, const float *in, float *out, float *out2) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long j = 1; j < n - 1; j++) {
    out[j] = tmp[j - 1] + tmp[j];
    out2[j] = tmp[j + 1] * 0.5f;
  }
  free(tmp);
}

__attribute__((noinline)) void pairs(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long k = 1; k < n - 1; k++) {
    out[2 * k] = tmp[k - 1] * 0.25f + tmp[k] * 0.75f;
    out[2 * k + 1] = tmp[k] * 0.75f + tmp[k + 1] * 0.25f;
  }
  free(tmp);
}

__attribute__((noinline)) void clamped(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long j = 0; j < n; j++)
    out[j] = tmp[j > 0 ? j - 1 : 0] + tmp[j] + tmp[j + 1 < n ? j + 1 : n - 1];
  free(tmp);
}

__attribute__((noinline)) void clamped_early(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long j = 0; j < n; j++)
    out[j] = tmp[j > 0 ? j - 1 : 0] + tmp[j] + tmp[j + 1 < n - 1 ? j + 1 : n - 2];
  free(tmp);
}

__attribute__((noinline)) void gap(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = (in[i] - 1.0f) * (in[i] + 1.0f) / (in[i + 1] + 2.0f);
  for (long j = 1; j < n - 1; j++)
    out[j] = tmp[j - 1] + tmp[j + 1];
  free(tmp);
}

__attribute__((noinline)) void cheap(long n, const float *in, float *out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = in[i] * 3.0f;
  for (long j = 1; j < n - 1; j++)
    out[j] = tmp[j - 1] + tmp[j] + tmp[j + 1];
  free(tmp);
}

static void print(const char *name, long n, const float *out) {
  double sum = 0;
  for (long k = 0; k < n; k++)
    sum += out[k] * (double)(k % 13 + 1);
  printf("%s %ld %.17g\n", name, n, sum);
}

int main(void) {
  static float in[N * N + N], out[N * N];
  for (long k = 0; k < N * N + N; k++)
    in[k] = (float)((k * 7919) % 1013) / 97.0f - 4.0f;
  long sizes[] = {0, 1, 2, 3, 4, 5, 17, 301};
  for (int s = 0; s < 8; s++) {
    long n = sizes[s];
    for (long k = 0; k < N * N; k++)
      out[k] = -1.0f;
    figure10(n, in, out);
    print("figure10", n, out);
    fourth_order((int)n, in, out);
    print("fourth_order", n, out);
    sobel_box(n, (float (*)[N])in, (float (*)[N])out);
    print("sobel_box", n * N, out);
    two_writers(n, n / 3, in, out);
    print("two_writers", n, out);
    two_statements(n, in, out, out + N * N / 2);
    print("two_statements", N * N, out);
    pairs(n, in, out);
    print("pairs", 2 * n, out);
    clamped(n, in, out);
    print("clamped", n, out);
    if (n >= 2) {
      clamped_early(n, in, out);
      print("clamped_early", n, out);
    }
    gap(n, in, out);
    print("gap", n, out);
    cheap(n, in, out);
    print("cheap", n, out);
  }
  return 0;
}
