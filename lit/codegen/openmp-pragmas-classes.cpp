// The source's own `#pragma omp parallel for` in C++ as people write it (the C forms are in
// openmp-pragmas.c): an image class with accessors, value-initialized storage and bounds read
// from the object, a lambda and clamped reads in a helper (sobel); `std::vector` temporaries
// and `int` counters (blur). clang's outlined loops capture the objects by reference; the
// copy the plugin transforms runs them in one thread, and the generated code runs its own
// parallel loops. Outputs identical to the sequential naive build with 1 and 2 threads, at
// several sizes, and the transformed code ran (trace-checks).
// RUN: clang++-14 -O3 -Wno-unknown-pragmas %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.omp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "3 2" "64 33" "301 203"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "3 2" "64 33" "301 203"; do OMP_NUM_THREADS=1 %t.omp $s; done' > %t.omp1.out
// RUN: sh -c 'for s in "1 1" "3 2" "64 33" "301 203"; do OMP_NUM_THREADS=2 %t.omp $s; done' > %t.omp2.out
// RUN: cmp %t.naive.out %t.omp1.out
// RUN: cmp %t.naive.out %t.omp2.out
// RUN: env POLYPROP_OPTIONS=trace-checks clang++-14 -O3 -fopenmp -fpass-plugin=%polyprop %s -o %t.trace
// RUN: env OMP_NUM_THREADS=2 %t.trace 64 33 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function _Z5sobelR5ImageRKS_, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z4blurRSt6vectorIfSaIfEERKS1_ii, function body: transformed: 1 temporaries removed
// RAN-DAG: _Z5sobelR5ImageRKS_
// RAN-DAG: _Z4blurRSt6vectorIfSaIfEERKS1_ii
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

struct Image {
  int w, h;
  std::unique_ptr<float[]> data;
  Image(int w, int h) : w(w), h(h), data(new float[(size_t)w * h]()) {}
  float &operator()(int x, int y) { return data[(size_t)y * w + x]; }
  float operator()(int x, int y) const { return data[(size_t)y * w + x]; }
};

static inline float at_clamped(const Image &im, int x, int y) {
  x = std::min(std::max(x, 0), im.w - 1);
  y = std::min(std::max(y, 0), im.h - 1);
  return im(x, y);
}

void sobel(Image &out, const Image &in) {
  Image gx(in.w, in.h), gy(in.w, in.h);
  auto diff = [](float a, float b) { return a - b; };
#pragma omp parallel for
  for (int y = 0; y < in.h; ++y)
    for (int x = 0; x < in.w; ++x) {
      gx(x, y) = diff(at_clamped(in, x + 1, y), at_clamped(in, x - 1, y));
      gy(x, y) = diff(at_clamped(in, x, y + 1), at_clamped(in, x, y - 1));
    }
#pragma omp parallel for schedule(static)
  for (int y = 0; y < in.h; ++y)
    for (int x = 0; x < in.w; ++x)
      out(x, y) = std::sqrt(gx(x, y) * gx(x, y) + gy(x, y) * gy(x, y));
}

void blur(std::vector<float> &out, const std::vector<float> &in, int w, int h) {
  std::vector<float> tmp(static_cast<size_t>(w) * h);
#pragma omp parallel for
  for (int y = 0; y < h; ++y)
    for (int x = 1; x < w - 1; ++x)
      tmp[y * w + x] = (in[y * w + x - 1] + in[y * w + x] + in[y * w + x + 1]) / 3.0f;
#pragma omp parallel for
  for (int y = 1; y < h - 1; ++y)
    for (int x = 1; x < w - 1; ++x)
      out[y * w + x] = (tmp[(y - 1) * w + x] + tmp[y * w + x] + tmp[(y + 1) * w + x]) / 3.0f;
}

int main(int argc, char **argv) {
  int w = argc > 2 ? atoi(argv[1]) : 64, h = argc > 2 ? atoi(argv[2]) : 33;
  Image in(w, h), out(w, h);
  std::vector<float> vin((size_t)w * h), vout((size_t)w * h, 0.5f);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      in(x, y) = std::sin(x * 0.37f) * std::cos(y * 0.21f) + (float)((x * 7 + y * 3) % 5);
      vin[(size_t)y * w + x] = in(x, y);
    }
  sobel(out, in);
  blur(vout, vin, w, h);
  double s = 0, t = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      s += out(x, y) * (double)(x % 7 + 1);
      t += vout[(size_t)y * w + x] * (double)(y % 5 + 1);
    }
  std::printf("%d x %d: sobel %.9g blur %.9g\n", w, h, s, t);
  return 0;
}
