// Pointwise stages written as one flat loop over the image (`int n = w * h; for (i < n)
// t[i] = ...`) next to stencil stages written `t[y * w + x]`, as C often mixes them. The
// canonicalization makes such a loop the nest `y < h, x < w` with `i = y * w + x`
// (polyprop-rows-of-flat-loops in pass/bridge/bridge.cpp), so that its accesses are rows of
// the same `[*][w]` arrays as the stencils' (before, the flat access was row 0, and the
// delinearization assumed one row: the new code never ran for an image).
// - int_counters: `int n = w * h`, a square, a 3x3 box blur, a difference (styles' p35).
// - malloc_blur: the same with malloc'd temporaries: with w < 0 and h < 0 the flat loops
//   read what no stage wrote (garbage in the source too; not run at those sizes); those
//   instances are assumed away, and the flat statements behind `w < 0` never run then: they
//   leave the model (propagation/src/uninitialized.rs) and the three stages fuse into one.
// - long_counters: `(long)w * h` in the loop condition, `long` counters, and the flat index
//   used as a value (`t[i] = in[i] + i`): the value is `y * w + x` (4 locations removed: the
//   two arrays and two scalars of the size computation).
// - calloc_output: the product written `h * w` (the row length is the factor the stencil's
//   strides mention, not the first one), a calloc'd temporary.
// - all_flat: no stencil, every stage flat: nothing says which factor is the row, the loops
//   stay as they are (and are modeled flat, as before).
// - sizet_of_ints: a `size_t` counter up to `(size_t)w * h` of `int` sizes, the product in the
//   loop condition: the nest runs where both sizes are non-negative (the unsigned product
//   cannot wrap then), the flat loop elsewhere.
// - unsigned_ints: `unsigned` sizes, `(size_t)w * h`: the product of two zero-extended 32-bit
//   values cannot wrap: always the nest.
// - unsigned_counters (not yet): `size_t` sizes, whose product may wrap: the loop stays flat,
//   modeled as row 0 of `[*][w]` under the assumption of one row; its reads of rows below
//   have no writer then, and nothing is removed.
// The only assumption on the sizes left is the one for a negative row length (MODEL), so the
// run-time check accepts every image (callgrind: int_counters.polyprop runs at 7 of the 8
// sizes, all but w < 0). Outputs identical to the
// naive build at sizes with 0 rows, 0 columns, one pixel, odd sizes, and a negative row
// length with a negative row count (w * h > 0: the flat loops run, the 2-D ones do not).
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// RUN: %opt -passes='function(polyprop-canonicalize)' -S %t.ll | FileCheck %s --check-prefix=IR
// CHECK-DAG: polyprop: function int_counters, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function malloc_blur, function body: transformed: 2 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function long_counters, function body: transformed: 4 temporaries removed
// CHECK-DAG: polyprop: function calloc_output, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function all_flat, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function sizet_of_ints, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function unsigned_ints, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function unsigned_counters, function body: not transformed: nothing propagated: no temporary array removed
// The de-flattened stages are 2-D statements over [h][w].
// MODEL-LABEL: polyprop-scops: function int_counters, function body
// MODEL: assumed context: {{.*}}: w >= 0 or (w < 0 and P0 <= 0) }{{ *}}; delinearization of sq
// MODEL: array sq[*][w]: f32 temporary
// MODEL: domain: {{.*}} S0[i0, i1] : {{.*}}0 <= i0 < h and 0 <= i1 < w }
// MODEL-LABEL: polyprop-scops: function all_flat, function body
// MODEL: array t[*]: f32 temporary
// MODEL-LABEL: polyprop-scops: function unsigned_counters, function body
// MODEL: delinearization of t: inner subscripts within [0, w)
// IR-LABEL: define {{.*}} @int_counters(
// IR: rows.dispatch:
// IR: %row.wide = mul nuw nsw i64
// IR-LABEL: define {{.*}} @all_flat(
// IR-NOT: rows.dispatch
// IR-LABEL: define {{.*}} @sizet_of_ints(
// IR: rows.dispatch:
// IR: %row = mul nuw i64 %y{{[0-9]*}}
// IR-LABEL: define {{.*}} @unsigned_counters(
// IR-NOT: rows.dispatch
// IR: ret void
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void int_counters(int w, int h, const float *in, float *out) {
  int n = w * h;
  float *sq = malloc(sizeof(float) * n);
  float *bl = calloc(n > 0 ? n : 1, sizeof(float));
  for (int i = 0; i < n; i++)
    sq[i] = in[i] * in[i];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      bl[y * w + x] = (sq[yu * w + x] + sq[y * w + xl] + sq[y * w + x] + sq[y * w + xr] + sq[yd * w + x]) * 0.2f;
    }
  for (int i = 0; i < n; i++)
    out[i] = bl[i] - in[i];
  free(sq);
  free(bl);
}

__attribute__((noinline)) void malloc_blur(int w, int h, const float *in, float *out) {
  int n = w * h;
  float *sq = malloc(sizeof(float) * n);
  float *bl = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    sq[i] = in[i] * in[i];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      bl[y * w + x] = (sq[yu * w + x] + sq[y * w + xl] + sq[y * w + x] + sq[y * w + xr] + sq[yd * w + x]) * 0.2f;
    }
  for (int i = 0; i < n; i++)
    out[i] = bl[i] - in[i];
  free(sq);
  free(bl);
}

__attribute__((noinline)) void long_counters(long w, long h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  float *u = calloc(w * h > 0 ? w * h : 1, sizeof(float));
  for (long i = 0; i < w * h; i++)
    t[i] = in[i] + (float)i;
  for (long y = 1; y < h - 1; y++)
    for (long x = 0; x < w; x++)
      u[y * w + x] = t[(y - 1) * w + x] - t[(y + 1) * w + x];
  for (long i = 0; i < w * h; i++)
    out[i] = u[i] * 0.5f;
  free(t);
  free(u);
}

__attribute__((noinline)) void calloc_output(int w, int h, const float *in, float *out) {
  float *t = calloc(w * h > 0 ? w * h : 1, sizeof(float));
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t[y * w + x] = in[y * w + x - 1] + in[y * w + x + 1];
  for (int i = 0; i < h * w; i++)
    out[i] = t[i] * t[i];
  free(t);
}

__attribute__((noinline)) void all_flat(int w, int h, const float *in, float *out) {
  int n = w * h;
  float *t = malloc(sizeof(float) * (n > 0 ? n : 1));
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 3.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

__attribute__((noinline)) void sizet_of_ints(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  for (size_t i = 0; i < (size_t)w * h; i++)
    t[i] = in[i] * in[i];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[(size_t)y * w + x] = t[(size_t)y * w + x - 1] + t[(size_t)y * w + x + 1];
  free(t);
}

__attribute__((noinline)) void unsigned_ints(unsigned w, unsigned h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * ((size_t)w * h + 1));
  for (size_t i = 0; i < (size_t)w * h; i++)
    t[i] = in[i] * 2.0f;
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 1; x + 1 < w; x++)
      out[(size_t)y * w + x] = t[(size_t)y * w + x - 1] - t[(size_t)y * w + x + 1];
  free(t);
}

__attribute__((noinline)) void unsigned_counters(size_t w, size_t h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  for (size_t i = 0; i < w * h; i++)
    t[i] = in[i] * in[i];
  for (size_t y = 0; y < h; y++)
    for (size_t x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] + 1.0f;
  free(t);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

#define MAXN (40 * 24)

static void run(int w, int h) {
  static float in[MAXN], out[MAXN];
  int n = w * h > 0 ? w * h : 0;
  for (int i = 0; i < MAXN; i++) {
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
    out[i] = 0.0f;
  }
  int_counters(w, h, in, out);
  printf("int_counters %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  if (w >= 0 || h >= 0) {
    malloc_blur(w, h, in, out);
    printf("malloc_blur %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  }
  long_counters(w, h, in, out);
  printf("long_counters %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  calloc_output(w, h, in, out);
  printf("calloc_output %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  all_flat(w, h, in, out);
  printf("all_flat %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  if (w >= 0 && h >= 0) {
    sizet_of_ints(w, h, in, out);
    printf("sizet_of_ints %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
    unsigned_ints((unsigned)w, (unsigned)h, in, out);
    printf("unsigned_ints %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
    unsigned_counters((size_t)w, (size_t)h, in, out);
    printf("unsigned_counters %d %d %016llx\n", w, h, (unsigned long long)hash(out, sizeof(float) * n));
  }
}

int main(void) {
  const int sizes[][2] = {{0, 5}, {5, 0}, {1, 1}, {2, 3}, {7, 5}, {40, 24}, {-3, -2}, {-4, 3}};
  for (int k = 0; k < 8; k++)
    run(sizes[k][0], sizes[k][1]);
  return 0;
}
