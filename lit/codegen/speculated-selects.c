// Which select sides the generated code evaluates before the condition (an LLVM `select`,
// which the if-converter and the vectorizer handle) and which stay under a branch
// (polyhedral/src/speculation.rs):
// - choose: after propagation the sides read the producers' inputs, which the condition
//   does not read but the source reads at every element anyway (camera pipe's demosaicking):
//   a select, no branch;
// - choose_arrays: `c[i] < k ? h[i] : v[i]`, which reaches the pass as a load from
//   `select(c[i] < k, h, v) + i` (the address chosen inside the region): split into a branch
//   with a load on each side before modeling, then propagated as choose is; 2-D arrays
//   through `short (*)[W]` too (a GEP over the select of the rows' bases);
// - guarded_division: `d != 0 ? 100 / d : 7` reads only what the condition reads, but the
//   division would trap where the condition is false: the side stays a branch (it was
//   evaluated eagerly before, and the program died of SIGFPE);
// - beyond: a side reads in[i + 1] that the source reads only when the condition holds (the
//   caller's array may end at in[n - 1]): it stays a branch.
// - divided_sides: `g > 0 ? g / 4 : -g / 4` (a gradient's magnitude, as a histogram
//   equalization writes it), whose sides divide by constants: no trap, but as one select
//   LLVM merged them into one division by `select(c, 4, -4)`, which did not vectorize (4.5x
//   slower than the source); under a branch each side keeps the range its condition proves,
//   as in the source, and no division by a variable is left after -O3 (OPT).
// Outputs are identical with and without the plugin (the inputs have zero divisors).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll | FileCheck %s
// TRANSFORM-DAG: polyprop: function choose, function body: transformed: 2 temporaries removed
// TRANSFORM-DAG: polyprop: function choose_arrays, function body: transformed: 2 temporaries removed
// TRANSFORM-DAG: polyprop: function choose_rows, function body: transformed: 2 temporaries removed
// TRANSFORM-DAG: polyprop: function guarded_division, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function beyond, function body: transformed: 1 temporaries removed
// TRANSFORM-DAG: polyprop: function divided_sides, function body: transformed: 1 temporaries removed
// RUN: %clang -O3 -fpass-plugin=%polyprop -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OPT
// OPT-LABEL: define {{.*}}void @divided_sides(
// OPT-NOT: {{sdiv|udiv}} {{.*}}, %
// OPT: ret void
// CHECK-LABEL: define internal void @choose.polyprop(
// CHECK-NOT: polyprop.select
// CHECK: select i1
// CHECK-NOT: polyprop.select
// CHECK-LABEL: define internal void @choose_arrays.polyprop(
// CHECK-NOT: polyprop.select
// CHECK: select i1
// CHECK-NOT: polyprop.select
// CHECK-LABEL: define internal void @guarded_division.polyprop(
// CHECK: polyprop.select.false:
// CHECK-NOT: polyprop.select.join:
// CHECK: sdiv i32 100,
// CHECK-NEXT: br label %polyprop.select.join
// CHECK-LABEL: define internal void @beyond.polyprop(
// CHECK: polyprop.select.true:
// CHECK-NOT: polyprop.select.join:
// CHECK: load float
// CHECK-NEXT: br label %polyprop.select.join
// CHECK-LABEL: define internal void @divided_sides.polyprop(
// CHECK: polyprop.select.true:
// CHECK-NOT: polyprop.select.false:
// CHECK: sdiv i32 %{{.*}}, 4
// CHECK: polyprop.select.false:
// CHECK-NOT: polyprop.select.join:
// CHECK: sdiv i32 %{{.*}}, -4
#include "Inputs/harness.h"

void choose(long n, const short *a, const short *b, const short *c, short *out) {
  short *h = malloc(sizeof(short) * n);
  short *v = malloc(sizeof(short) * n);
  for (long i = 0; i < n; i++)
    h[i] = (short)((a[i] + b[i]) >> 1);
  for (long i = 0; i < n; i++)
    v[i] = (short)(a[i] - b[i]);
  for (long i = 0; i < n; i++)
    out[i] = (short)(c[i] < 2000 ? h[i] + 1 : v[i] * 2);
  free(h);
  free(v);
}

void choose_arrays(long n, const short *a, const short *b, const short *c, short *out) {
  short *h = malloc(sizeof(short) * n);
  short *v = malloc(sizeof(short) * n);
  for (long i = 0; i < n; i++)
    h[i] = (short)((a[i] + b[i]) >> 1);
  for (long i = 0; i < n; i++)
    v[i] = (short)(a[i] - b[i]);
  for (long i = 0; i < n; i++)
    out[i] = c[i] < 2000 ? h[i] : v[i];
  free(h);
  free(v);
}

enum { W = 10 };

void choose_rows(int rows, const short (*a)[W], const short (*c)[W], short (*out)[W]) {
  short (*h)[W] = malloc(sizeof(short) * W * rows);
  short (*v)[W] = malloc(sizeof(short) * W * rows);
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < W; x++)
      h[y][x] = (short)(a[y][x] >> 1);
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < W; x++)
      v[y][x] = (short)(a[y][x] * 3);
  for (int y = 0; y < rows; y++)
    for (int x = 0; x < W; x++)
      out[y][x] = c[y][x] < 2000 ? h[y][x] : v[y][x];
  free(h);
  free(v);
}

void guarded_division(long n, const int *d, int *out) {
  int *t = malloc(sizeof(int) * n);
  for (long i = 0; i < n; i++)
    t[i] = d[i] != 0 ? 100 / d[i] : 7;
  for (long i = 0; i < n; i++)
    out[i] = t[i] + 1;
  free(t);
}

void beyond(long n, const float *c, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    t[i] = c[i] > 0.5f ? in[i + 1] : 0.0f;
  for (long i = 0; i < n; i++)
    out[i] = t[i] * 2.0f;
  free(t);
}

void divided_sides(long n, const unsigned char *in, unsigned char *out) {
  short *g = malloc(sizeof(short) * n);
  for (long i = 0; i < n; i++)
    g[i] = (short)(in[i + 1] - in[i]);
  for (long i = 0; i < n; i++) {
    int v = in[i] + (g[i] > 0 ? g[i] / 4 : -g[i] / 4);
    out[i] = (unsigned char)(v > 255 ? 255 : v);
  }
  free(g);
}

int main(void) {
  enum { N = 1000 };
  short *a = malloc(sizeof(short) * N), *b = malloc(sizeof(short) * N), *e = malloc(sizeof(short) * N);
  short *s = malloc(sizeof(short) * N);
  int *d = malloc(sizeof(int) * N), *q = malloc(sizeof(int) * N);
  float *c = malloc(sizeof(float) * N), *in = malloc(sizeof(float) * (N + 1)), *o = malloc(sizeof(float) * N);
  for (long k = 0; k < N; k++) {
    a[k] = (short)(harness_next() * 4000);
    b[k] = (short)(harness_next() * 4000);
    e[k] = (short)(harness_next() * 4000);
    d[k] = (int)(harness_next() * 4) - 1; /* -1, 0, 1, 2, 3: zeros among them */
  }
  harness_fill_float(c, N);
  harness_fill_float(in, N + 1);
  choose(N, a, b, e, s);
  harness_print("choose", s, sizeof(short) * N);
  choose_arrays(N, a, b, e, s);
  harness_print("choose_arrays", s, sizeof(short) * N);
  choose_rows(N / W, (const short (*)[W])a, (const short (*)[W])e, (short (*)[W])s);
  harness_print("choose_rows", s, sizeof(short) * N);
  guarded_division(N, d, q);
  beyond(N, c, in, o);
  harness_print("guarded_division", q, sizeof(int) * N);
  harness_print("beyond", o, sizeof(float) * N);
  unsigned char *u = malloc(N + 1), *w = malloc(N);
  for (long k = 0; k <= N; k++)
    u[k] = (unsigned char)(harness_next() * 256);
  divided_sides(N, u, w);
  harness_print("divided_sides", w, N);
  return 0;
}
