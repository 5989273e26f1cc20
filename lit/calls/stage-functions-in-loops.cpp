// C++ time steps whose stages are function templates in an anonymous namespace, called with
// the data() of std::vectors at each step: the two grids are raw pointers into the vectors,
// swapped with std::swap after each step, the gradient a std::vector made before the loop,
// borders clamped with std::min and std::max on long counters. The stages are inlined into
// the copy the transform works on (lit/calls/stage-functions-in-loops.c), each step is a
// sequence of two nests, and the gradient goes. Twin: a step whose second stage writes the
// grid the first one reads (the reload test keeps the gradient). Outputs identical at five
// sizes and step counts, and the new code runs.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// CHECK-DAG: polyprop: function _Z6evolveRSt6vectorIfSaIfEElli, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z14evolve_inplaceRSt6vectorIfSaIfEElli, {{.*}}: not transformed: nothing propagated: no temporary array removed
// RAN: polyprop: new code of _Z6evolveRSt6vectorIfSaIfEElli
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

namespace {

template <typename T>
void gradient(const T *u, T *g, long w, long h) {
  for (long y = 0; y < h; ++y)
    for (long x = 0; x < w; ++x)
      g[y * w + x] = u[y * w + std::min(x + 1, w - 1)] - u[y * w + x];
}

template <typename T>
void step(const T *u, const T *g, T *next, long w, long h, T k) {
  for (long y = 0; y < h; ++y)
    for (long x = 0; x < w; ++x)
      next[y * w + x] = u[y * w + x] + k * (g[y * w + x] - g[y * w + std::max(x - 1, 0L)]);
}

uint64_t fnv1a(const std::vector<float> &v) {
  uint64_t h = 0xcbf29ce484222325ull;
  const unsigned char *b = reinterpret_cast<const unsigned char *>(v.data());
  for (size_t k = 0; k < v.size() * sizeof(float); k++)
    h = (h ^ b[k]) * 0x100000001b3ull;
  return h;
}

} // namespace

void evolve(std::vector<float> &field, long w, long h, int steps) {
  std::vector<float> other(field.size()), grad(field.size());
  float *u = field.data(), *v = other.data();
  for (int s = 0; s < steps; ++s) {
    gradient(u, grad.data(), w, h);
    step(u, grad.data(), v, w, h, 0.2f);
    std::swap(u, v);
  }
  if (u != field.data())
    std::copy(u, u + w * h, field.data());
}

void evolve_inplace(std::vector<float> &field, long w, long h, int steps) {
  std::vector<float> grad(field.size());
  for (int s = 0; s < steps; ++s) {
    gradient(field.data(), grad.data(), w, h);
    step(field.data(), grad.data(), field.data(), w, h, 0.2f);
  }
}

int main() {
  const long sizes[][3] = {{1, 1, 1}, {3, 2, 2}, {17, 33, 4}, {64, 48, 5}, {40, 40, 0}};
  for (const auto &size : sizes) {
    long w = size[0], h = size[1];
    int steps = static_cast<int>(size[2]);
    std::vector<float> a(w * h);
    for (long i = 0; i < w * h; i++)
      a[i] = static_cast<float>((i * 7919) % 1000) / 7.0f;
    std::vector<float> b = a;
    evolve(a, w, h, steps);
    evolve_inplace(b, w, h, steps);
    std::printf("%ld %ld %d %016llx %016llx\n", w, h, steps, (unsigned long long)fnv1a(a), (unsigned long long)fnv1a(b));
  }
  return 0;
}
