// Large helpers. A static helper of any size called from one place is inlined before the
// pass, as -O3's inliner inlines the last call to a static function whatever its size; one
// called from several places that touches no memory but its own stack, has no loop and calls
// only such functions is an operation of the statement (its call marked `readnone nounwind
// willreturn`, what -O3's function-attrs pass infers), as `__attribute__((const))` ones are.
// - tone_blur: int counters, flattened subscripts: `t = tone(in)`, a tone curve of 100
//   multiply-adds called once, then a 3-row blur of t (t kept by the cost model: 100
//   operations evaluated at three rows; a line buffer);
// - tone_twice_a, tone_twice_b: `tone2`, the same body, called from both (-O3 inlines
//   neither call: far above its threshold): a pure call; in tone_twice_a t is read once per
//   element and propagated, in tone_twice_b twice (i and n - 1 - i), which would call tone2
//   twice per element: kept (the code-complexity heuristic's limit on calls);
// - counted_a, counted_b (the negative twin): `counted` also counts its calls in a global:
//   the loops stay rejected, naming the call.
// With the copy of a function the transform works on, the original calls the helper too
// (`.polyprop.source`): that call does not count. Outputs identical to the naive build.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function tone_blur, function body: transformed: {{.*}}; line buffers: t[3][w]
// CHECK-DAG: polyprop: function tone_twice_a, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function tone_twice_b, function body: not transformed: nothing propagated
// CHECK-DAG: polyprop: function counted_a, {{.*}}not transformed: rejected: call with side effects: call to counted may write memory
// CHECK-DAG: polyprop: function counted_b, {{.*}}not transformed: rejected: call with side effects: call to counted may write memory
#include <stdio.h>
#include <stdlib.h>

#define STEP v = v * 0.999f + 0.001f;
#define STEP10 STEP STEP STEP STEP STEP STEP STEP STEP STEP STEP
#define STEP100 STEP10 STEP10 STEP10 STEP10 STEP10 STEP10 STEP10 STEP10 STEP10 STEP10

static float tone(float v) {
  STEP100
  return v;
}

static float tone2(float v) {
  STEP100
  return v;
}

static long calls;
static float counted(float v) {
  calls++;
  STEP100
  return v;
}

void tone_blur(int h, int w, const float *in, float *out) {
  float *t = malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = tone(in[y * w + x]);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] * 0.25f + t[y * w + x] * 0.5f +
                       t[(y < h - 1 ? y + 1 : h - 1) * w + x] * 0.25f;
  free(t);
}

void tone_twice_a(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = tone2(in[i]);
  for (int i = 0; i < n; i++)
    out[i] = t[i] * 2.0f;
  free(t);
}

void tone_twice_b(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = tone2(in[i]) * 0.5f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] - t[n - 1 - i];
  free(t);
}

void counted_a(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = counted(in[i]);
  for (int i = 0; i < n; i++)
    out[i] = t[i] * 2.0f;
  free(t);
}

void counted_b(int n, const float *in, float *out) {
  float *t = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = counted(in[i]) * 0.5f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

int main(void) {
  static const int sizes[][2] = {{1, 1}, {2, 3}, {9, 17}};
  for (int k = 0; k < 3; k++) {
    int h = sizes[k][0], w = sizes[k][1];
    float *in = malloc(sizeof(float) * h * w), *out = malloc(sizeof(float) * h * w);
    for (int i = 0; i < h * w; i++)
      in[i] = (float)((i * 7919 + k) % 1013) / 97.0f;
    tone_blur(h, w, in, out);
    unsigned long s = 0;
    for (int i = 0; i < h * w; i++) {
      union { float f; unsigned u; } x = {out[i]};
      s = s * 31 + x.u;
    }
    tone_twice_a(h * w, in, out);
    tone_twice_b(h * w, out, out);
    counted_a(h * w, out, out);
    counted_b(h * w, out, out);
    for (int i = 0; i < h * w; i++) {
      union { float f; unsigned u; } x = {out[i]};
      s = s * 37 + x.u;
    }
    printf("%d %d %lx %ld\n", h, w, s, calls);
    free(in), free(out);
  }
  return 0;
}
