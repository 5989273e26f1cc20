// Zeros written by `memset` into an array the function allocates: C++'s value-initialized
// `new float[n]()` (clang emits a `memset` after `operator new[]`), and C's `malloc` followed
// by `memset(t, 0, ...)`. The fill is the array's initial contents, as calloc's zeros are
// (`arrays::zero_fills`), not a call with side effects; nor does it stop a field of an
// object passed in (`in.h`) from being a parameter: alias analysis shows that the `memset`
// of a fresh allocation cannot write it.
// - sobel: a class with accessors, `int` counters, clamped reads in a helper, a lambda, two
//   value-initialized gradient images, bounds read from the image object;
// - histogram_blur: `long` counters, `malloc` + `memset` of a temporary that is read where
//   nothing was written (its zeros reach the output), flattened subscripts;
// - prefix: `new float[n]()` whose first element only the zeros define.
// Twins left alone: a `memset` after the array was written (`late_fill`: the zeros are a
// statement the model cannot hold), a `memset` of an array passed in (`clear_argument`), and
// one at each step of a time loop into an array allocated before it (`time_steps`: the
// zeros of each step are no initial contents of the function's run). And zeros written before
// the region (`before_region`: a call between keeps the `memset` out of the nests' region) are
// what the program left there, which the region reads: the array is not removed.
// Outputs identical at several sizes, with -fno-exceptions too.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: clang++-14 -O3 -fno-exceptions %s -o %t.naive-noexc
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fno-exceptions -fpass-plugin=%polyprop %s -o %t.polyprop-noexc 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "2 3" "7 5" "64 33" "301 203"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "2 3" "7 5" "64 33" "301 203"; do %t.polyprop $s; done' > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: sh -c 'for s in "1 1" "7 5" "301 203"; do %t.naive-noexc $s; done' > %t.naive-noexc.out
// RUN: sh -c 'for s in "1 1" "7 5" "301 203"; do %t.polyprop-noexc $s; done' > %t.polyprop-noexc.out
// RUN: cmp %t.naive-noexc.out %t.polyprop-noexc.out
// CHECK-DAG: polyprop: function _Z5sobelR5ImageRKS_, function body: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z14histogram_blurllPKfPf, function body: transformed: {{[0-9]+}} temporaries removed
// CHECK-DAG: polyprop: function _Z6prefixiPKfPf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z9late_filliPKfPf, function body: not transformed: rejected: call with side effects: call to llvm.memset writes zeros that are not the array's initial contents
// CHECK-DAG: polyprop: function _Z10time_stepsiiPKfPf, function body: not transformed: rejected: call with side effects: call to llvm.memset writes zeros that are not the array's initial contents
// CHECK-DAG: polyprop: function _Z13before_regioniPKfPf, loop nests: not transformed: nothing propagated
// CHECK-DAG: polyprop: function _Z14clear_argumentiPKfPf, function body: not transformed: rejected: call with side effects: call to llvm.memset{{.*}} may write memory
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

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
  for (int y = 0; y < in.h; ++y)
    for (int x = 0; x < in.w; ++x) {
      gx(x, y) = diff(at_clamped(in, x + 1, y), at_clamped(in, x - 1, y));
      gy(x, y) = diff(at_clamped(in, x, y + 1), at_clamped(in, x, y - 1));
    }
  for (int y = 0; y < in.h; ++y)
    for (int x = 0; x < in.w; ++x)
      out(x, y) = std::sqrt(gx(x, y) * gx(x, y) + gy(x, y) * gy(x, y));
}

// t's rows 0 and h - 1 are never written: the blur reads their zeros.
void histogram_blur(long h, long w, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * h * w);
  memset(t, 0, sizeof(float) * h * w);
  for (long y = 1; y < h - 1; y++)
    for (long x = 0; x < w; x++)
      t[y * w + x] = in[y * w + x] * 0.5f + 1.0f;
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = t[y * w + x] + (y > 0 ? t[(y - 1) * w + x] : 0.0f);
  free(t);
}

void prefix(int n, const float *in, float *out) {
  float *t = new float[n]();
  for (int i = 1; i < n; i++)
    t[i] = in[i - 1] * 3.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i] + in[i];
  delete[] t;
}

void late_fill(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (int i = 0; i < n; i++)
    out[i] = t[i];
  memset(t, 0, sizeof(float) * n);
  for (int i = 0; i < n; i += 2)
    t[i] = in[i];
  for (int i = 0; i < n; i++)
    out[i] += t[i];
  free(t);
}

void clear_argument(int n, const float *in, float *out) {
  memset(out, 0, sizeof(float) * n);
  float *t = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (int i = 1; i < n; i += 2)
    out[i] = t[i];
  free(t);
}

// Leaves freed chunks of n floats that are not zeros, for the next allocations to reuse:
// zeros lost by a transform would show.
static void dirty_heap(long n) {
  float *junk = (float *)malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    junk[i] = 7.0f;
  free(junk);
}

void time_steps(int steps, int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  for (int s = 0; s < steps; s++) {
    memset(t, 0, sizeof(float) * n);
    for (int i = 1; i < n; i += 2)
      t[i] = in[i] * (float)s;
    for (int i = 0; i < n; i++)
      out[i] += t[i];
  }
  free(t);
}

void before_region(int n, const float *in, float *out) {
  float *t = (float *)malloc(sizeof(float) * n);
  memset(t, 0, sizeof(float) * (n / 2 * 2));
  std::fflush(stdout);
  for (int i = 0; i < n; i += 2)
    t[i] = in[i] * 3.0f;
  for (int i = 0; i < n / 2 * 2; i++)
    out[i] = t[i] + 1.0f;
  free(t);
}

static double sum(const float *p, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += p[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int w = argc > 2 ? atoi(argv[1]) : 64, h = argc > 2 ? atoi(argv[2]) : 33;
  long n = (long)w * h;
  Image in(w, h), out(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      in(x, y) = std::sin(x * 0.37f) * std::cos(y * 0.21f) + (float)((x * 7 + y * 3) % 5);
  sobel(out, in);
  float *o = (float *)malloc(sizeof(float) * n);
  dirty_heap(n);
  histogram_blur(h, w, in.data.get(), o);
  std::printf("%d x %d: sobel %.9g blur %.9g", w, h, sum(out.data.get(), n), sum(o, n));
  dirty_heap(n);
  prefix((int)n, in.data.get(), o);
  std::printf(" prefix %.9g", sum(o, n));
  late_fill((int)n, in.data.get(), o);
  std::printf(" late %.9g", sum(o, n));
  clear_argument((int)n, in.data.get(), o);
  std::printf(" clear %.9g", sum(o, n));
  time_steps(3, (int)n, in.data.get(), o);
  std::printf(" steps %.9g", sum(o, n));
  dirty_heap(n);
  before_region((int)n, in.data.get(), o);
  std::printf(" before %.9g\n", sum(o, n));
  free(o);
  return 0;
}
