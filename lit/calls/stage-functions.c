// A pipeline written as one static function per stage, called from the function that
// allocates the temporaries: the stages are inlined before modeling (what -O3's inliner
// does to a local function with few call sites, later), so the pipeline is one SCoP and
// its temporaries go. `blur` is called twice (two stages of one function). Twin: a stage
// marked noinline stays a call, the pipeline has no loop of its own and is not modeled.
// Outputs identical to the naive build at 5 sizes; print=propagation shows the inlined
// pipeline's propagation.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROP
// CHECK-DAG: polyprop: function pipeline, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function twice, function body: transformed: 2 temporaries removed
// CHECK-NOT: polyprop: function kept_apart, function body: transformed
// The printers see the stages inlined too, as the transform does:
// PROP: polyprop-propagation: function pipeline, function body
// PROP-NEXT: propagation
// PROP-NEXT: #0 MemRef0 (temporary): propagated 3 RAW dependences
// PROP-NEXT: #1 MemRef1 (temporary): propagated
#include "../codegen/Inputs/harness.h"

static void hblur(int w, int h, const float *src, float *dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      dst[y * w + x] = (src[y * w + xl] + src[y * w + x] + src[y * w + xr]) / 3.0f;
    }
}

static void vblur(int w, int h, const float *src, float *dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      dst[y * w + x] = (src[yu * w + x] + src[y * w + x] + src[yd * w + x]) / 3.0f;
    }
}

static void sharpen(int w, int h, const float *src, const float *blur, float *dst) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      dst[y * w + x] = src[y * w + x] + 0.5f * (src[y * w + x] - blur[y * w + x]);
}

void pipeline(int w, int h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  hblur(w, h, in, t1);
  vblur(w, h, t1, t2);
  sharpen(w, h, in, t2, out);
  free(t1);
  free(t2);
}

static void scale(long n, const float *src, float *dst, float k) {
  for (long i = 0; i < n; i++)
    dst[i] = src[i] * k;
}

void twice(long n, const float *in, float *out) {
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  scale(n, in, a, 0.5f);
  scale(n, a, b, 3.0f);
  for (long i = 0; i < n; i++)
    out[i] = b[i] + in[i];
  free(a);
  free(b);
}

__attribute__((noinline)) static void apart(long n, const float *src, float *dst) {
  for (long i = 0; i < n; i++)
    dst[i] = src[i] + 1.0f;
}

void kept_apart(long n, const float *in, float *out) {
  float *a = malloc(sizeof(float) * n);
  apart(n, in, a);
  apart(n, a, out);
  free(a);
}

int main(void) {
  enum { N = 12 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {12, 12}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    pipeline(w, h, in, out);
    harness_print("pipeline", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    twice(w * h, in, out);
    harness_print("twice", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    kept_apart(w * h, in, out);
    harness_print("kept apart", out, sizeof out);
  }
  return 0;
}
