// C++: a function with a std::vector local calls its helpers through `invoke` (the vector's
// destructor must run if a helper throws). A lambda with a loop of its own, invoked inside a
// loop, is inlined like a called helper (its unwind edge kept), so that each loop nest around
// it is modeled; before, the invoke kept it a call that may write memory. The vector's
// construction and destruction are inlined too (the standard library's helpers, followed
// deeper), their throws and unwinding are error paths (pass/src/region.rs): the whole body is
// one SCoP, transformed, and the program still prints the same.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=detect clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out && %t.naive 61 >> %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out && %t.polyprop 61 >> %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-LABEL: polyprop-detect: function _Z3boxiiPKfPf
// CHECK-NOT: call to {{.*}}clEii
// CHECK: SCoP function body
// CHECK-LABEL: polyprop-detect: function
// TRANSFORM: polyprop: function _Z3boxiiPKfPf, function body: transformed:

#include <cstdio>
#include <cstdlib>
#include <vector>

void box(int w, int h, const float *in, float *out) {
  std::vector<float> tmp((size_t)w * h);
  float *t = tmp.data();
  auto row_taps = [&](int y, int x) {
    float s = 0.0f;
    for (int d = -2; d <= 2; d++)
      s += in[y * w + x + d];
    return s * 0.2f;
  };
  for (int y = 0; y < h; y++)
    for (int x = 2; x < w - 2; x++)
      t[y * w + x] = row_taps(y, x);
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++) {
      float s = 0.0f;
      for (int d = -2; d <= 2; d++)
        s += t[(y + d) * w + x];
      out[y * w + x] = s * 0.2f;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 23;
  int w = n + 5, h = n;
  std::vector<float> in((size_t)w * h), out((size_t)w * h);
  for (int i = 0; i < w * h; i++)
    in[i] = (float)((i * 7919) % 1000) / 1000.0f;
  box(w, h, in.data(), out.data());
  double s = 0.0;
  for (int i = 0; i < w * h; i++)
    s += out[i] * (1 + i % 7);
  std::printf("%d %a\n", n, s);
  return 0;
}
