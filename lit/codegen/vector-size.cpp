// C++ loops bounded by std::vector::size(), the way C++ is written: the arrays are vectors
// passed by reference, the temporary comes from new[]. size() is (end - begin) / sizeof(T), two
// pointers loaded from the vector; canonicalization freezes such a difference of loaded
// pointers (polyprop-opaque-lengths), so that the length is one parameter rather than an
// expression of two addresses, and the data pointer, reloaded after operator new[] (a call that
// may write memory), is one base through the phi loop rotation makes of its reloads. Styles:
// size_t counters with `i + 1 < v.size()`, int counters with `(int)v.size()`, a 2-D image
// whose row count is `v.size() / w`. A twin that writes the vector it takes the size of (its
// end pointer may move: push_back) is left alone. Outputs identical at every size.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 0 1 2 3 4 5 8 17 64 1000; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 0 1 2 3 4 5 8 17 64 1000; do %t.polyprop $n; done' > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z13smooth_size_tRKSt6vectorIfSaIfEERS1_, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z10smooth_intRKSt6vectorIfSaIfEERS1_, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z10blur_imageRKSt6vectorIfSaIfEERS1_l, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z11grow_as_youRSt6vectorIfSaIfEE, {{.*}}not transformed
#include <cstdio>
#include <cstdlib>
#include <vector>

void smooth_size_t(const std::vector<float> &in, std::vector<float> &out) {
  float *t = new float[in.size()];
  for (size_t i = 1; i + 1 < in.size(); i++)
    t[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
  for (size_t i = 2; i + 2 < in.size(); i++)
    out[i] = (t[i - 1] + t[i] + t[i + 1]) / 3.0f;
  delete[] t;
}

void smooth_int(const std::vector<float> &in, std::vector<float> &out) {
  int n = (int)in.size();
  float *t = new float[n];
  for (int i = 0; i < n; i++)
    t[i] = in[i] * in[i];
  for (int i = 1; i < n; i++)
    out[i] = t[i] - t[i - 1];
  delete[] t;
}

// A w-wide image in a vector: rows = size() / w.
void blur_image(const std::vector<float> &in, std::vector<float> &out, long w) {
  long h = (long)in.size() / w;
  float *t = new float[in.size()];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      t[y * w + x] = in[y * w + (x > 0 ? x - 1 : 0)] + in[y * w + x] + in[y * w + (x + 1 < w ? x + 1 : w - 1)];
  for (long y = 0; y < h; y++)
    for (long x = 0; x < w; x++)
      out[y * w + x] = t[(y > 0 ? y - 1 : 0) * w + x] + t[y * w + x] + t[(y + 1 < h ? y + 1 : h - 1) * w + x];
  delete[] t;
}

// The size changes while the loop runs: not a parameter.
void grow_as_you(std::vector<float> &v) {
  for (size_t i = 0; i < v.size() && i < 16; i++)
    if (v[i] > 100.0f)
      v.push_back(v[i] / 2.0f);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  std::vector<float> in(n), a(n), b(n), c(n);
  for (int i = 0; i < n; i++)
    in[i] = (float)((i * 7919 + 13) % 1000) / 7.0f;
  smooth_size_t(in, a);
  smooth_int(in, b);
  if (n % 4 == 0 && n > 0)
    blur_image(in, c, 4);
  std::vector<float> g(in);
  grow_as_you(g);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] + 2.0 * b[i] + 3.0 * c[i];
  printf("%d %a %zu\n", n, s, g.size());
  return 0;
}
