// C++: an `int` returning its argument and a `bool` returning a constant, temporaries made with
// new[], a clamp helper over std::min and std::max. Both are transformed and return the same.
// RUN: clang++-14 -O3 -g %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform clang++-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// CHECK-DAG: polyprop: function _Z6smoothiPfPKf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z7sharpenlPfPKf, function body: transformed: 1 temporaries removed
#include <cstdio>
#include <algorithm>
static int clamp_index(int i, int n) { return std::min(std::max(i, 0), n - 1); }
int smooth(int n, float *__restrict out, const float *__restrict in) {
  float *t = new float[n];
  for (int i = 0; i < n; i++) t[i] = in[i] * 2.0f + 1.0f;
  for (int i = 0; i < n; i++) out[i] = t[clamp_index(i - 1, n)] * 0.25f + t[i] * 0.5f + t[clamp_index(i + 1, n)] * 0.25f;
  delete[] t;
  return n;
}
bool sharpen(long n, float *__restrict out, const float *__restrict in) {
  float *t = new float[n];
  for (long i = 0; i < n; i++) t[i] = in[i] - 0.5f;
  for (long i = 1; i + 1 < n; i++) out[i] = t[i] * 3.0f - t[i - 1] - t[i + 1];
  delete[] t;
  return true;
}
int main() {
  const int N = 77;
  static float in[N], a[N], b[N];
  for (int i = 0; i < N; i++) in[i] = (float)((i * 13) % 17) * 0.125f;
  int r = smooth(N, a, in);
  bool s = sharpen(N, b, in);
  for (int i = 0; i < N; i++) std::printf("%a %a\n", a[i], b[i]);
  std::printf("%d %d\n", r, (int)s);
}
