// Stage functions with external linkage, as a C file that exports its stages writes them:
// their definitions cannot be replaced at link time (as -O3's inliner takes them, also with
// -fPIC unless -fsemantic-interposition), so they are inlined into the pipeline like static
// ones and the pipeline is one SCoP. Twin: weak stages (-DWEAK) may be replaced by another
// definition: they stay calls, and print=transform says so of the function that allocates
// the temporaries (before, it printed nothing for a function without loops). Outputs
// identical at 5 sizes, and the new code runs.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -DWEAK -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WEAK
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// CHECK: polyprop: function pipeline, function body: transformed: 2 temporaries removed
// WEAK: polyprop: function pipeline, function body: not transformed: rejected: no loop: function without loops (it calls hblur, vblur, sharpen, not inlined)
// RAN: polyprop: new code of pipeline
#include "../codegen/Inputs/harness.h"

#ifdef WEAK
#define STAGE __attribute__((weak))
#else
#define STAGE
#endif

STAGE void hblur(long w, long h, const float *src, float *dst) {
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++) {
      long xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      dst[y * w + x] = (src[y * w + xl] + src[y * w + x] + src[y * w + xr]) / 3.0f;
    }
}

STAGE void vblur(long w, long h, const float *src, float *dst) {
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++) {
      long yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      dst[y * w + x] = (src[yu * w + x] + src[y * w + x] + src[yd * w + x]) / 3.0f;
    }
}

STAGE void sharpen(long w, long h, const float *src, const float *blur, float *dst) {
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
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

int main(void) {
  enum { N = 12 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {12, 12}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    __builtin_memset(out, 0, sizeof out);
    pipeline(sizes[s][0], sizes[s][1], in, out);
    harness_print("pipeline", out, sizeof out);
  }
  return 0;
}
