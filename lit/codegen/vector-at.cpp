// Bounds-checked C++: `v.at(y * w + x)` on the vectors a stage function receives. `at()`
// throws where its index is at least the size, an error path (pass/src/region.rs) whose
// condition compares a product of a counter and a size, `y * w + x - 1 >= in.size()`, which is
// no affine condition. The run-time check proves instead a bound of it
// (`Affinator::comparison_superset`): the largest index on the domain, `(h - 1) * w` a product
// parameter plus the column's largest, below the size, and the smallest not negative
// (ASSUMED); every instance then passes `at()`, and a call where the bound fails runs the
// original code, which throws where it did (the twin below). Styles: int counters with
// `at()` reads of an argument vector and a temporary indexed with `[]`; size_t counters over
// int sizes with `at()` on the output written too, and a `new[]` temporary; `at()` on a
// vector the function constructs (its end pointer, a phi of its fill's paths, is written
// begin + n: polyprop-fill-ends). Not yet: `long` sizes, whose product `(h - 1) * w` may not
// fit in 64 bits (no exact product parameter).
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS=print=scops clang++-14 -O3 -fpass-plugin=%polyprop -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSUMED
// RUN: sh -c 'for s in "1 1" "2 2" "1 3" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "2 2" "1 3" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.polyprop $s; done' > %t.polyprop.out 2> %t.trace
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=RAN < %t.trace
// The input one element short: at() throws in both builds, after the same output.
// RUN: sh -c '%t.naive 31 17 short; echo "exit $?"' > %t.naive.short 2>&1
// RUN: sh -c '%t.polyprop 31 17 short; echo "exit $?"' > %t.polyprop.short 2>&1
// RUN: cmp %t.naive.short %t.polyprop.short
// RUN: FileCheck %s --check-prefix=SHORT < %t.polyprop.short
// CHECK-DAG: polyprop: function _Z8at_readsiiRKSt6vectorIfSaIfEERS1_, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z13at_everywhereRKSt6vectorIfSaIfEERS1_ii, function body: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z12at_temporaryiiRKSt6vectorIfSaIfEERS1_, function body: transformed: 1 temporaries removed
// ASSUMED-LABEL: polyprop-scops: function _Z8at_readsiiRKSt6vectorIfSaIfEERS1_, function body
// ASSUMED: the error path (to _ZSt24__throw_out_of_range_fmtPKcz) is not taken
// RAN-DAG: polyprop: new code of _Z8at_readsiiRKSt6vectorIfSaIfEERS1_
// RAN-DAG: polyprop: new code of _Z13at_everywhereRKSt6vectorIfSaIfEERS1_ii
// RAN-DAG: polyprop: new code of _Z12at_temporaryiiRKSt6vectorIfSaIfEERS1_
// SHORT: out_of_range
// SHORT-NOT: at_reads
// SHORT: exit 3
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

__attribute__((noinline)) void at_reads(int w, int h, const std::vector<float> &in, std::vector<float> &out) {
  std::vector<float> t(in.size());
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      t[y * w + x] = in.at(y * w + x - 1) + in.at(y * w + x + 1);
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = t[(y - 1) * w + x] + t[(y + 1) * w + x];
}

__attribute__((noinline)) void at_everywhere(const std::vector<float> &in, std::vector<float> &out, int w, int h) {
  float *t = new float[in.size() + 1];
  for (size_t y = 0; y < (size_t)h; y++)
    for (size_t x = 0; x < (size_t)w; x++)
      t[y * w + x] = 0.5f * in.at(y * w + x);
  for (size_t y = 0; y < (size_t)h; y++)
    for (size_t x = 1; x < (size_t)w; x++)
      out.at(y * w + x) = t[y * w + x] - t[y * w + x - 1];
  delete[] t;
}

__attribute__((noinline)) void at_temporary(int w, int h, const std::vector<float> &in, std::vector<float> &out) {
  std::vector<float> t(in.size());
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t.at(y * w + x) = 2.0f * in[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t.at(y * w + x) + 1.0f;
}

static uint64_t hash(const std::vector<float> &v) {
  uint64_t h = 1469598103934665603ull;
  for (float f : v) {
    const unsigned char *b = (const unsigned char *)&f;
    for (int k = 0; k < 4; k++) h = (h ^ b[k]) * 1099511628211ull;
  }
  return h;
}

int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  size_t n = (size_t)w * h - (argc > 3 ? 1 : 0);
  std::vector<float> in(n), out(n);
  for (size_t i = 0; i < n; i++) in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  try {
    at_temporary(w, h, in, out);
    printf("at_temporary %d %d %016llx\n", w, h, (unsigned long long)hash(out));
    at_everywhere(in, out, w, h);
    printf("at_everywhere %d %d %016llx\n", w, h, (unsigned long long)hash(out));
    at_reads(w, h, in, out);
    printf("at_reads %d %d %016llx\n", w, h, (unsigned long long)hash(out));
  } catch (const std::out_of_range &) {
    printf("out_of_range\n");
    return 3;
  }
  return 0;
}
