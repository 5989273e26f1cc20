// Loops that walk an array by pointer until an end pointer (`for (p = row; p != row + w; ++p)`,
// `while (p != e) *q++ = *p++`, C++'s `it != v.end()` once inlined): the exit compares two
// addresses of one object, which the model reads as their byte difference against 0
// (Affinator::pointer_comparison; SCEV subtracts addresses of one base only), and the pointer
// that walks the temporary (`*q++ = ...`, a phi) is one of its addresses (arrays.rs
// address_users), so the temporary is still one.
// - rows_for: `for` over a row by pointer, `int` counters elsewhere: transformed.
// - rows_while: `while (p != e) *q++ = *p++ * 2.0f`, `long` row starts: transformed.
// - interior_rows: `long` counters, each row's interior walked from `&in[y * w + 1]` to
//   `&in[y * w + w - 1]`: instcombine compares the two indices, `y * w + 1 == y * w + w - 1`,
//   neither side affine, their difference is (equality only; Affinator::difference_comparison).
// - other_object (negative twin): the loop walks `in` up to an end pointer passed as another
//   argument (another object as far as the model knows): the exit is not affine, a reason.
// - image_flat (not yet): one pointer walk over the whole image next to 2-D stages: a SCoP,
//   but flat (as `for (i < w * h)` before it is made rows), so nothing is removed.
// - below_end (not yet): `p < end`: SCEV's trip count keeps the pointers, a reason.
// Outputs identical to the naive build at six sizes, empty ones included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform,detect %clang -O3 -fpass-plugin=%polyprop %s -o %t.pp > %t.log 2>&1
// RUN: FileCheck %s --input-file=%t.log
// RUN: FileCheck %s --check-prefix=DETECT --input-file=%t.log
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// CHECK-DAG: polyprop: function rows_for, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function rows_while, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function interior_rows, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function other_object, loop nest: not transformed
// CHECK-DAG: polyprop: function image_flat, function body: not transformed: nothing propagated: no temporary array removed
// CHECK-DAG: polyprop: function below_end, loop nest: not transformed
// DETECT-LABEL: polyprop-detect: function other_object
// DETECT-NEXT: rejected function body: non-affine condition: data-dependent branch around a loop: {{.*}} = icmp eq float* %1, %2
// DETECT-LABEL: polyprop-detect: function below_end
// DETECT-NEXT: rejected function body: non-affine loop bound: loop bound: non-integer value: float*
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void rows_for(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  for (int y = 0; y < h; y++) {
    float *q = t + y * w;
    for (const float *p = in + y * w; p != in + y * w + w; ++p, ++q)
      *q = *p * *p;
  }
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = t[y * w + x - 1] + t[y * w + x + 1];
  free(t);
}

__attribute__((noinline)) void rows_while(long w, long h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  for (long y = 0; y < h; y++) {
    const float *p = in + y * w, *e = p + w;
    float *q = t + y * w;
    while (p != e)
      *q++ = *p++ * 2.0f;
  }
  for (long y = 1; y < h - 1; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = t[(y - 1) * w + x] - t[(y + 1) * w + x];
  free(t);
}

__attribute__((noinline)) void interior_rows(long w, long h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  if (w > 2)
    for (long y = 0; y < h; y++) {
      float *q = &t[y * w + 1];
      for (const float *p = &in[y * w + 1]; p != &in[y * w + w - 1]; ++p, ++q)
        *q = *p * 0.25f + 1.0f;
    }
  for (long y = 0; y < h; y++)
    for (long x = 2; x < w - 2; x++)
      out[y * w + x] = t[y * w + x - 1] + t[y * w + x + 1];
  free(t);
}

__attribute__((noinline)) void other_object(long n, const float *in, const float *end, float *out) {
  float *t = malloc(sizeof(float) * (n > 0 ? n : 1));
  float *q = t;
  for (const float *p = in; p != end; ++p, ++q)
    *q = *p + 1.0f;
  for (long i = 1; i < n - 1; i++)
    out[i] = t[i - 1] * 0.5f + t[i + 1];
  free(t);
}

__attribute__((noinline)) void image_flat(int w, int h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (w * h > 0 ? w * h : 1));
  float *q = t;
  for (const float *p = in; p != in + (long)w * h; ++p, ++q)
    *q = *p * 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = t[y * w + x - 1] - t[y * w + x + 1];
  free(t);
}

__attribute__((noinline)) void below_end(long n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * (n > 0 ? n : 1));
  float *q = t;
  for (const float *p = in; p < in + n; p++)
    *q++ = *p * 3.0f;
  for (long i = 1; i < n - 1; i++)
    out[i] = t[i - 1] - t[i + 1];
  free(t);
}

static uint64_t hash(const void *p, size_t bytes) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull;
  return h;
}

int main(void) {
  static float in[40 * 24], out[40 * 24];
  const int sizes[][2] = {{0, 5}, {5, 0}, {1, 1}, {2, 3}, {7, 5}, {40, 24}};
  for (int k = 0; k < 6; k++) {
    int w = sizes[k][0], h = sizes[k][1];
    size_t bytes = sizeof(float) * w * h;
    for (int i = 0; i < 40 * 24; i++) {
      in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
      out[i] = 0.0f;
    }
    rows_for(w, h, in, out);
    printf("rows_for %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
    rows_while(w, h, in, out);
    printf("rows_while %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
    interior_rows(w, h, in, out);
    printf("interior_rows %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
    other_object((long)w * h, in, in + (w * h > 0 ? w * h : 0), out);
    printf("other_object %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
    image_flat(w, h, in, out);
    printf("image_flat %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
    below_end((long)w * h, in, out);
    printf("below_end %d %d %016llx\n", w, h, (unsigned long long)hash(out, bytes));
  }
  return 0;
}
