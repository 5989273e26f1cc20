// In place (pass/src/codegen/in_place.rs) in another style: C++, int counters, arrays from
// new[] addressed through a lambda that returns a reference, and an alpha plane read by every
// channel. The level d is kept, and ip, which reads d at the element it writes, is written
// over it: one allocation in the new function instead of two. The twin reads d one row up,
// which ip has overwritten: two. Outputs identical at every size and the new code runs.
// RUN: %clang -x c++ -O3 %s -o %t.naive -lstdc++
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks;keep=d,ip' %clang -x c++ -O3 -g -fpass-plugin=%polyprop %s -o %t.new -lstdc++ 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: sh -c 'for s in "1 1" "5 3" "17 31" "64 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "5 3" "17 31" "64 200" "0 3" "3 0"; do %t.new $s; done' > %t.new.out 2> %t.new.trace
// RUN: cmp %t.naive.out %t.new.out
// RUN: FileCheck %s --check-prefix=RAN < %t.new.trace
// PRINT-DAG: polyprop: function _Z5levelILb0EEviiPKfPf, function body: transformed: {{.*}}; storage shared: ip in d{{$}}
// PRINT-DAG: polyprop: function _Z5levelILb1EEviiPKfPf, function body: transformed: {{[^;]*}}{{$}}
// RAN-DAG: polyprop: new code of _Z5levelILb0EEviiPKfPf
// RAN-DAG: polyprop: new code of _Z5levelILb1EEviiPKfPf
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>

template <bool RowAbove>
__attribute__((noinline)) void level(int R, int C, const float *img, float *out) {
  float *t = new float[4 * R * C], *d = new float[4 * R * C], *ip = new float[4 * R * C];
  auto at = [R, C](float *a, int c, int i, int j) -> float & { return a[(c * R + i) * C + j]; };
  auto in = [R, C, img](int c, int i, int j) { return img[(c * R + i) * C + j]; };
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        at(t, c, i, j) = in(c, i, j) * 3.0f;
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        at(d, c, i, j) = at(t, c, i, j) * 0.5f + 0.25f;
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        at(ip, c, i, j) = at(d, c, i, j) + (1.0f - at(d, 3, i, j)) * in(c, i, j) +
                          (RowAbove ? at(d, c, std::max(i - 1, 0), j) : 0.0f);
  for (int c = 0; c < 4; c++)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        out[(c * R + i) * C + j] = at(ip, c, i, j) * 2.0f - at(ip, c, i, std::max(j - 1, 0));
  delete[] t;
  delete[] d;
  delete[] ip;
}

static uint64_t hash(const float *a, long n) {
  uint64_t h = 1469598103934665603ull;
  for (long k = 0; k < n; k++) {
    uint32_t b;
    std::memcpy(&b, &a[k], 4);
    h = (h ^ b) * 1099511628211ull;
  }
  return h;
}

int main(int argc, char **argv) {
  int R = std::atoi(argv[1]), C = std::atoi(argv[2]);
  float *img = new float[4 * R * C + 1], *out = new float[4 * R * C + 1]();
  for (long k = 0; k < 4L * R * C; k++) img[k] = (float)((k * 37 + 11) % 53) / 53.0f;
  level<false>(R, C, img, out);
  std::printf("%d %d %016llx", R, C, (unsigned long long)hash(out, 4L * R * C));
  level<true>(R, C, img, out);
  std::printf(" %016llx\n", (unsigned long long)hash(out, 4L * R * C));
  return 0;
}
