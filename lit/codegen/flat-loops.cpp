// C++ twins of flat-loops.c and scops/pointer-loops.c: temporaries made with new[], std::min
// and std::max clamps, a flat loop over `w * h` with an `int` counter and one with a `size_t`
// counter up to `static_cast<std::size_t>(w) * h`, next to a stencil written `t[y * w + x]`
// (both become rows; the `size_t` one also where its factors are sign extensions scalar
// evolution sees through, so that the new code runs at every size: RAN); and a row walked
// by pointer up to `p + w`. Both functions transformed; outputs identical to the naive build
// at six sizes, empty ones included.
// RUN: clang++-14 -std=c++17 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -std=c++17 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.pp > %t.pp.out
// RUN: cmp %t.naive.out %t.pp.out
// RUN: env POLYPROP_OPTIONS=trace-checks clang++-14 -std=c++17 -O3 -fpass-plugin=%polyprop %s -o %t.trace
// RUN: %t.trace 2>&1 >/dev/null | grep -c 'new code of _Z8new_flatiiPKfPf' | FileCheck %s --check-prefix=RAN
// RAN: 6
// CHECK-DAG: polyprop: function _Z8new_flatiiPKfPf, function body: transformed: 2 temporaries removed, 2 statements
// CHECK-DAG: polyprop: function _Z7new_ptriiPKfPf, function body: transformed: 1 temporaries removed, 1 statements
#include <cstdio>
#include <cstdint>
#include <cstddef>
#include <algorithm>
__attribute__((noinline)) void new_flat(int w, int h, const float *in, float *out) {
  float *sq = new float[w * h > 0 ? w * h : 1];
  float *bl = new float[w * h > 0 ? w * h : 1];
  for (int i = 0; i < w * h; ++i) sq[i] = in[i] * in[i];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      bl[y * w + x] = (sq[std::max(y - 1, 0) * w + x] + sq[y * w + x] + sq[std::min(y + 1, h - 1) * w + x]) / 3.0f;
  for (std::size_t i = 0; i < static_cast<std::size_t>(w) * h; ++i) out[i] = bl[i] - in[i];
  delete[] sq;
  delete[] bl;
}
__attribute__((noinline)) void new_ptr(int w, int h, const float *in, float *out) {
  float *t = new float[w * h > 0 ? w * h : 1];
  for (int y = 0; y < h; ++y) {
    const float *p = in + y * w;
    float *q = t + y * w;
    for (const float *e = p + w; p != e; ++p, ++q) *q = *p * 0.5f;
  }
  for (int y = 0; y < h; ++y)
    for (int x = 1; x < w - 1; ++x) out[y * w + x] = t[y * w + x - 1] + t[y * w + x + 1];
  delete[] t;
}
static uint64_t hash(const void *p, size_t bytes) { auto b = static_cast<const unsigned char *>(p); uint64_t h = 1469598103934665603ull; for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 1099511628211ull; return h; }
int main() {
  static float in[4000], out[4000];
  int sizes[][2] = {{0, 5}, {5, 0}, {1, 1}, {2, 3}, {7, 5}, {40, 24}};
  for (auto &s : sizes) {
    int w = s[0], h = s[1];
    for (int i = 0; i < 4000; i++) { in[i] = (float)((i * 37 + 11) % 53) / 9.0f; out[i] = 0; }
    new_flat(w, h, in, out); std::printf("%d %d %016llx\n", w, h, (unsigned long long)hash(out, 4 * w * h));
    new_ptr(w, h, in, out); std::printf("%d %d %016llx\n", w, h, (unsigned long long)hash(out, 4 * w * h));
  }
}
