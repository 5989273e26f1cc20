// Row-pointer tables from a profile in C++ (issue 15): a function template over `T **` with
// `int` counters, and the rows of a `std::vector<float *>` (its data pointer loaded from the
// vector, then each row from the table) with `long` counters and `std::max`. Profiled at a
// small size, built with the profile, run at 16 times that size with rows one allocation each
// and with overlapping rows (the check fails, the original code runs): outputs identical.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang++-14 -O3 -march=x86-64-v3 -g %s -o %t/rows.v3
// RUN: %polyprop-cli profile -o %t/rows.profile -- %t/rows.v3 30 0 > /dev/null 2>&1
// RUN: clang++-14 -O3 -march=native -g %s -o %t/plain
// RUN: env POLYPROP_OPTIONS='profile=%t/rows.profile;print=transform' clang++-14 -O3 -march=native -g -fpass-plugin=%polyprop %s -o %t/rows 2>&1 | FileCheck %s
// CHECK-DAG: polyprop: function _Z5scaleIdEviiPPT_PKS0_, function body: transformed: {{.*}}, rescheduled {{.*}} bands tiled
// CHECK-DAG: polyprop: function _Z5decayRSt6vectorIPfSaIS0_EEllf, function body: transformed: {{.*}}, rescheduled {{.*}} bands tiled
// RUN: %t/plain 480 0 > %t/plain.0
// RUN: %t/rows 480 0 > %t/rows.0
// RUN: cmp %t/plain.0 %t/rows.0
// RUN: %t/plain 480 1 > %t/plain.1
// RUN: %t/rows 480 1 > %t/rows.1
// RUN: cmp %t/plain.1 %t/rows.1

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kColumns = 23;

template <typename T>
__attribute__((noinline)) void scale(int n, int m, T **rows, const T *factor) {
  for (int j = 0; j < m; ++j)
    for (int k = 0; k < n; ++k)
      rows[k][j] *= factor[k];
}

__attribute__((noinline)) void decay(std::vector<float *> &rows, long n, long m, float f) {
  for (long j = 1; j < m; ++j)
    for (long k = 0; k < n; ++k)
      rows[k][j] = std::max(rows[k][j - 1] * f, rows[k][j]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 30;
  bool overlapping = argc > 2 && std::atoi(argv[2]) == 1;
  std::vector<double *> d(n);
  std::vector<float *> f(n);
  double *dblock = static_cast<double *>(std::calloc(n + kColumns, sizeof(double)));
  float *fblock = static_cast<float *>(std::calloc(n + kColumns, sizeof(float)));
  std::vector<double> factor(n);
  for (int k = 0; k < n; ++k) {
    d[k] = overlapping ? dblock + k : new double[kColumns];
    f[k] = overlapping ? fblock + k : new float[kColumns];
    factor[k] = 1.0 + (k % 5) * 0.125;
    for (int j = 0; j < kColumns; ++j) {
      d[k][j] = (k * 7 + j * 3) % 11;
      f[k][j] = static_cast<float>((k * 5 + j * 13) % 17);
    }
  }
  scale(n, kColumns, d.data(), factor.data());
  decay(f, n, kColumns, 0.75f);
  for (int k = 0; k < n; k += n / 6 + 1)
    for (int j = 0; j < kColumns; ++j)
      std::printf("%a %a\n", d[k][j], f[k][j]);
  return 0;
}
