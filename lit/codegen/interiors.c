// Interiors of clamped innermost reads (polyhedral/src/interiors.rs): after propagation, a
// statement whose reads clamp its innermost iterator (x - 1 clamped at 0, 2x + 2 at w - 1) is
// split into its interior, where no clamp bites and each is replaced by its argument, in a
// loop of its own, and its borders, which keep the clamps. Three styles of a two-stage blur
// (a 3-tap blur along rows, then a 5-tap downsampling along them):
// - blur_int: int counters, flattened subscripts, clamps as ternaries;
// - blur_long: long counters, `float (*)[W]` arrays, clamps in a helper function;
// - blur_far: a clamp that bites on half of the row (x clamped at w / 2): no interior is taken
//   (the border would be as wide as the interior).
// Outputs identical to the plain build at widths where the interior is empty (1-4), one
// iteration (5-6) and long (37, 64).
// RUN: %clang -O3 -g %s -o %t.naive
// RUN: %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-ast>' %t.ll | FileCheck %s
// RUN: env POLYPROP_OPTIONS='print=transform' %clang -O3 -g -fpass-plugin=%polyprop %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSFORM
//
// The downsampling reads the blur, propagated, at 2x - 3 to 2x + 3: the interior starts at
// x = 2 and ends 2 before the row; between, the same statement without a condition.
// CHECK-LABEL: polyprop-ast: function blur_int, function body
// CHECK: for (long [[Y:c[0-9]+]] = 0; [[Y]] < h; [[Y]] += 1) {
// CHECK-NEXT: for (long [[X:c[0-9]+]] = 0; [[X]] <= min(1, {{.*}}); [[X]] += 1)
// CHECK-NEXT: [[S:S[0-9]+]]([[Y]], [[X]]);
// CHECK: for (long [[X2:c[0-9]+]] = 2; [[X2]] < {{.*}}; [[X2]] += 1)
// CHECK-NEXT: [[S]]_interior([[Y]], [[X2]]);
// CHECK-LABEL: polyprop-ast: function blur_long, function body
// CHECK: [[S:S[0-9]+]]_interior(
// CHECK-LABEL: polyprop-ast: function blur_far, function body
// CHECK-NOT: _interior
// CHECK: polyprop-ast
//
// The interiors carry the blur in recurrences (no clamp to prove the shifts around).
// TRANSFORM: function blur_int, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: {{.*}}S{{[0-9]+}}_interior: 2 recurrences
// TRANSFORM: function blur_long, function body: transformed: 1 temporaries removed, 1 statements; carried in recurrences: {{.*}}S{{[0-9]+}}_interior: 2 recurrences
// TRANSFORM: function blur_far, function body: transformed: 1 temporaries removed, 1 statements
#include <stdio.h>
#include <stdlib.h>

void blur_int(int h, int w, const float *in, float *out) {
  int wo = w / 2;
  float *t = (float *)malloc(sizeof(float) * h * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t[y * w + x] = (in[y * w + (x > 0 ? x - 1 : 0)] + 2.0f * in[y * w + x] + in[y * w + (x + 1 < w ? x + 1 : w - 1)]) * 0.25f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < wo; x++)
      out[y * wo + x] = t[y * w + (2 * x - 2 > 0 ? 2 * x - 2 : 0)] * 0.0625f + t[y * w + (2 * x - 1 > 0 ? 2 * x - 1 : 0)] * 0.25f +
                        t[y * w + 2 * x] * 0.375f + t[y * w + (2 * x + 1 < w ? 2 * x + 1 : w - 1)] * 0.25f +
                        t[y * w + (2 * x + 2 < w ? 2 * x + 2 : w - 1)] * 0.0625f;
  free(t);
}

static inline long clamp(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }

void blur_long(long h, long w, float (*in)[w], float (*out)[w / 2]) {
  float (*t)[w] = malloc(sizeof(float) * h * w);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y][x] = (in[y][clamp(x - 1, 0, w - 1)] + 2.0f * in[y][x] + in[y][clamp(x + 1, 0, w - 1)]) * 0.25f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w / 2; x++) {
      float s = 0.0f;
      s += t[y][clamp(2 * x - 2, 0, w - 1)] * 0.0625f;
      s += t[y][clamp(2 * x - 1, 0, w - 1)] * 0.25f;
      s += t[y][2 * x] * 0.375f;
      s += t[y][clamp(2 * x + 1, 0, w - 1)] * 0.25f;
      s += t[y][clamp(2 * x + 2, 0, w - 1)] * 0.0625f;
      out[y][x] = s;
    }
  free(t);
}

void blur_far(long h, long w, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * h * w);
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y * w + x] = in[y * w + x] * 0.5f + in[y * w + (x < w / 2 ? x : w / 2)];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] * 3.0f + in[y * w + x];
  free(t);
}

static unsigned long digest(const float *a, long n) {
  unsigned long d = 1469598103934665603ul;
  for (long i = 0; i < n; i++) {
    unsigned int bits;
    __builtin_memcpy(&bits, &a[i], sizeof bits);
    d = (d ^ bits) * 1099511628211ul;
  }
  return d;
}

int main(void) {
  const long widths[] = {1, 2, 3, 4, 5, 6, 37, 64};
  for (unsigned k = 0; k < sizeof widths / sizeof widths[0]; k++) {
    long h = 3, w = widths[k];
    float *in = malloc(sizeof(float) * h * w), *out = malloc(sizeof(float) * h * w);
    for (long i = 0; i < h * w; i++)
      in[i] = (float)((i * 7919) % 1000) / 7.0f;
    blur_int((int)h, (int)w, in, out);
    printf("w=%ld int %016lx", w, digest(out, h * (w / 2)));
    blur_long(h, w, (float (*)[w])in, (float (*)[w / 2])out);
    printf(" long %016lx", digest(out, h * (w / 2)));
    blur_far(h, w, in, out);
    printf(" far %016lx\n", digest(out, h * w));
    free(in);
    free(out);
  }
  return 0;
}
