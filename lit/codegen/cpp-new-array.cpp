// C++ temporaries made with new[] and released with delete[], clamped borders written as
// ternaries, with long and with int counters. Both blurs are transformed (new[] is an
// allocation like malloc: its size, computed by llvm.umul.with.overflow, is rebuilt in the
// generated code when a kept temporary needs it) and run identically. With int counters
// instcombine writes the index sext(trunc(x) - 1) as ashr(shl(x, 32) - 2^32, 32), which the
// affinator reads as x - 1 where x - 1 fits in 32 bits (lit/scalars/shifted-sign-extension.c).
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z9blur_longllPKfPf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z8blur_intiiPKfPf, function body: transformed: 1 temporaries removed
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
