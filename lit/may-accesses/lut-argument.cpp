// Lookup tables passed as pointer arguments, whose extent the function does not know, read at
// data-dependent subscripts, in C++ (std::malloc temporaries, int counters, flattened
// subscripts, an inline clamp helper). The range of the subscript bounds the may-read
// (polyhedral/src/range.rs): the clamp to [0, 255] and a conversion to unsigned char give the
// run-time check finite bounds for the table, so tone and quantize are transformed (their
// temporaries removed) and run identically. A 64-bit subscript with no clamp has no bound:
// the function stays as it was, with a reason in the user's terms (before: a raw isl message).
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: %ir -x c++ %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s --check-prefix=MODEL
// CHECK-DAG: polyprop: function _Z4toneiiPKfS0_Pf, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z8quantizeiPKfS0_Pf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z9unboundediPKfS0_Pf, function body: not transformed: not yet: run-time check: {{.*}} is accessed at a data-dependent subscript with no bound
// MODEL-DAG: may-read: [{{.*}}] -> { S1[i0, i1] -> {{.*}}[may0] : may0 >= 0 and may0 <= 255 }
// MODEL-DAG: may-read: [{{.*}}] -> { S1[i0] -> {{.*}}[may0] : may0 >= 0 and may0 <= 255 }
#include <cstdio>
#include <cstdlib>

static inline int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

void tone(int h, int w, const float *in, const float *curve, float *out) {
  float *lum = static_cast<float *>(std::malloc(sizeof(float) * h * w));
  float *mapped = static_cast<float *>(std::malloc(sizeof(float) * h * w));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      lum[y * w + x] = in[y * w + x] * 0.5f + 0.25f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      mapped[y * w + x] = curve[clampi((int)(lum[y * w + x] * 255), 0, 255)];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = mapped[y * w + x] * 2.0f;
  std::free(lum);
  std::free(mapped);
}

void quantize(int n, const float *in, const float *levels, float *out) {
  float *scaled = static_cast<float *>(std::malloc(sizeof(float) * n));
  for (int i = 0; i < n; i++)
    scaled[i] = in[i] * 250.0f;
  for (int i = 0; i < n; i++)
    out[i] = levels[(unsigned char)scaled[i]] + 1.0f;
  std::free(scaled);
}

void unbounded(int n, const float *in, const float *table, float *out) {
  float *scaled = static_cast<float *>(std::malloc(sizeof(float) * n));
  for (int i = 0; i < n; i++)
    scaled[i] = in[i] * 200.0f;
  for (int i = 0; i < n; i++)
    out[i] = table[(long)scaled[i]] - 1.0f;
  std::free(scaled);
}

int main() {
  const int h = 31, w = 17;
  static float in[h * w], out[h * w], q[h * w], u[h * w], curve[256];
  for (int i = 0; i < 256; i++) curve[i] = i * i / 65536.0f;
  for (int i = 0; i < h * w; i++) in[i] = (i * 37 % 101) / 100.0f;
  tone(h, w, in, curve, out);
  quantize(h * w, in, curve, q);
  unbounded(h * w, in, curve, u);
  for (int i = 0; i < h * w; i++) std::printf("%a %a %a\n", out[i], q[i], u[i]);
}
