// Convolutions as C programmers write them: the taps accumulate in a scalar over a kernel
// loop of a few constant iterations (`sum = 0; for (i = -2; i <= 2; i++) sum += k[i + 2] *
// in[...]; t[x] = sum;`). The update reads the scalar it writes: a recurrence, which kept
// `sum` and every temporary its stores feed. The model splits such an update per constant
// iteration (propagation::unrolling): init, tap 0, ..., store is a chain without a cycle,
// propagated in rounds into the same operations in the same order. A temporary refused
// because a scalar still to be propagated is overwritten before its reader (the sum, reused
// by every pixel) waits for that scalar and is tried again after it.
// - gauss5: separable 5-tap Gaussian, int counters, MIN/MAX clamps; both temporaries go
//   (the horizontal one's 5 clamped taps are replaced without splitting the reader).
// - box3x3: a 3x3 kernel in two nested kernel loops, long counters; its temporary goes.
// - radius (twin): a kernel radius that is a parameter; the loop has no constant range and
//   stays a recurrence: not transformed.
// Outputs identical to the naive build at 5 sizes, 1x1 and 2x3 included.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: env POLYPROP_OPTIONS=print=propagation %clang -O3 -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROPAGATION
// CHECK-DAG: polyprop: function gauss5, function body: transformed: 6 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function box3x3, function body: transformed: 5 temporaries removed
// CHECK-DAG: polyprop: function radius, function body: not transformed: nothing propagated: no temporary array removed
// PROPAGATION-LABEL: polyprop-propagation: function gauss5, function body
// PROPAGATION: reductions split per constant iteration: S1 into 4, S5 into 4
// PROPAGATION: MemRef0 (temporary): propagated 5 RAW dependences into S7; split into none
// PROPAGATION: MemRef1 (temporary): propagated 1 RAW dependences into S8
// PROPAGATION-LABEL: polyprop-propagation: function box3x3, function body
// PROPAGATION: reductions split per constant iteration: S2 into 6
// PROPAGATION: MemRef0 (temporary): propagated
// PROPAGATION-LABEL: polyprop-propagation: function radius, function body
// PROPAGATION-NOT: reductions split
// PROPAGATION: not propagated: recurrence: S2 reads the location it writes
#include "../codegen/Inputs/harness.h"
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void gauss5(int w, int h, const float *in, float *out) {
  static const float k[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float sum = 0.0f;
      for (int i = -2; i <= 2; i++)
        sum += k[i + 2] * in[y * w + MIN(MAX(x + i, 0), w - 1)];
      t1[y * w + x] = sum;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float sum = 0.0f;
      for (int i = -2; i <= 2; i++)
        sum += k[i + 2] * t1[MIN(MAX(y + i, 0), h - 1) * w + x];
      t2[y * w + x] = sum;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = 2.0f * in[y * w + x] - t2[y * w + x];
  free(t1);
  free(t2);
}

void box3x3(long w, long h, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++) {
      float sum = 0.0f;
      for (long dy = -1; dy <= 1; dy++)
        for (long dx = -1; dx <= 1; dx++)
          sum += in[(y + dy) * w + x + dx];
      t[y * w + x] = sum / 9.0f;
    }
  for (long y = 1; y < h - 1; y++)
    for (long x = 1; x < w - 1; x++)
      out[y * w + x] = in[y * w + x] - t[y * w + x];
  free(t);
}

void radius(long w, long h, long r, const float *in, float *out) {
  float *t = malloc(sizeof(float) * w * h);
  for (long y = 0; y < h; y++)
    for (long x = r; x < w - r; x++) {
      float sum = 0.0f;
      for (long i = -r; i <= r; i++)
        sum += in[y * w + x + i];
      t[y * w + x] = sum;
    }
  for (long y = 0; y < h; y++)
    for (long x = r; x < w - r; x++)
      out[y * w + x] = t[y * w + x] * 0.5f;
  free(t);
}

int main(void) {
  enum { N = 16 };
  static float in[N * N], out[N * N];
  harness_fill_float(in, N * N);
  static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 1}, {16, 16}, {7, 5}};
  for (int s = 0; s < 5; s++) {
    int w = sizes[s][0], h = sizes[s][1];
    __builtin_memset(out, 0, sizeof out);
    gauss5(w, h, in, out);
    harness_print("gauss5", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    box3x3(w, h, in, out);
    harness_print("box3x3", out, sizeof out);
    __builtin_memset(out, 0, sizeof out);
    radius(w, h, 1, in, out);
    harness_print("radius", out, sizeof out);
  }
  return 0;
}
