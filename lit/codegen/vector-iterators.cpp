// Iterator loops over a std::vector the function constructs with n elements: std::transform
// over t.begin()..t.end() and a range-for over t. libstdc++'s fill leaves t's end pointer as
// a phi of its paths (begin where n == 0, begin + 1 where n == 1, begin + n after the fill
// loop); canonicalization writes it begin + n (polyprop-fill-ends: each path's offset is n's
// value on its edge, by lazy value info), so `p != t.end()` is a comparison within one array
// and the loops are affine. Before, both functions were rejected ("data-dependent branch
// around a loop: icmp eq float* ..."). Outputs identical at every size, empty included; the
// new code runs in both functions at every size (RAN). Not yet, left to the run-time check:
// such a loop over an image written in rows (t[y * w + x]), where nothing relates n to w * h;
// the one-row assumption fails.
// RUN: clang++-14 -std=c++17 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -std=c++17 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for n in 0 1 2 17 1000; do %t.naive $n; done' > %t.naive.out
// RUN: sh -c 'for n in 0 1 2 17 1000; do %t.pp $n; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of _Z16smooth_transformlPKfPf$' %t.trace | FileCheck %s --check-prefix=RAN
// RUN: grep -c 'new code of _Z9range_forlPKfPf$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function _Z16smooth_transformlPKfPf, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z9range_forlPKfPf, function body: transformed: 1 temporaries removed
// RAN: 5
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>
__attribute__((noinline)) void smooth_transform(long n, const float *in, float *out) {
  std::vector<float> t(n);
  for (long i = 0; i < n; i++)
    t[i] = in[i] + in[i + 1 < n ? i + 1 : i];
  std::transform(t.begin(), t.end(), out, [](float v) { return v * 0.5f + 1.0f; });
}
__attribute__((noinline)) void range_for(long n, const float *in, float *out) {
  std::vector<float> t(n);
  long i = 0;
  for (float &v : t) {
    v = in[i] * 3.0f;
    i++;
  }
  for (long k = 0; k < n; k++)
    out[k] = t[k] - t[k > 0 ? k - 1 : 0];
}
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  float *in = (float *)malloc(sizeof(float) * n + 4), *out = (float *)calloc(n + 1, sizeof(float));
  for (long i = 0; i < n; i++) in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  uint64_t h = 1469598103934665603ull;
  smooth_transform(n, in, out);
  for (long k = 0; k < n * 4; k++) h = (h ^ ((unsigned char *)out)[k]) * 1099511628211ull;
  range_for(n, in, out);
  for (long k = 0; k < n * 4; k++) h = (h ^ ((unsigned char *)out)[k]) * 1099511628211ull;
  printf("%ld %016llx\n", n, (unsigned long long)h);
}
