// C++ temporaries made with new[] and released with delete[], clamped borders written as
// ternaries. With long counters the blur is transformed (new[] is an allocation like malloc:
// its size, computed by llvm.umul.with.overflow, is rebuilt in the generated code when a kept
// temporary needs it) and runs identically. With int counters the front end cannot read the
// index x - 1 yet: instcombine writes sext(trunc(x) - 1) as ashr(shl(x, 32) - 2^32, 32),
// and the function stays as it was, with that reason.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z9blur_longllPKfPf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z8blur_intiiPKfPf, function body: not transformed: rejected: non-affine subscript: value computed inside the region: {{.*}} = ashr exact i64
#include <cstdio>

void blur_long(long h, long w, const float *in, float *out) {
  float *tmp = new float[h * w];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      tmp[y * w + x] = (in[y * w + (x > 0 ? x - 1 : 0)] + in[y * w + x] + in[y * w + (x + 1 < w ? x + 1 : w - 1)]) / 3.0f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = (tmp[(y > 0 ? y - 1 : 0) * w + x] + tmp[y * w + x] + tmp[(y + 1 < h ? y + 1 : h - 1) * w + x]) / 3.0f;
  delete[] tmp;
}

void blur_int(int h, int w, const float *in, float *out) {
  float *tmp = new float[h * w];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      tmp[y * w + x] = (in[y * w + (x > 0 ? x - 1 : 0)] + in[y * w + x] + in[y * w + (x + 1 < w ? x + 1 : w - 1)]) / 3.0f;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = (tmp[(y > 0 ? y - 1 : 0) * w + x] + tmp[y * w + x] + tmp[(y + 1 < h ? y + 1 : h - 1) * w + x]) / 3.0f;
  delete[] tmp;
}

int main() {
  const int h = 37, w = 23;
  float *in = new float[h * w], *a = new float[h * w], *b = new float[h * w];
  for (int i = 0; i < h * w; i++)
    in[i] = (float)(i % 11) * 0.5f;
  blur_long(h, w, in, a);
  blur_int(h, w, in, b);
  for (int i = 0; i < h * w; i++)
    std::printf("%a %a\n", a[i], b[i]);
  delete[] in;
  delete[] a;
  delete[] b;
}
