// The C++ twin of parity-upsampling.c, as PolyMage's C++ writes an up-sampling stage along
// rows and columns: `int` counters with inclusive bounds, std::min/std::max, a row loop with a
// statement per row parity around column loops (re-indexed too: each pair of rows runs its
// two column loops in turn, in the order the source ran them), and a column loop with a
// statement per column parity. Both loops are re-indexed, and so is, after propagation, the
// row loop of the last stage, whose statements propagating ux split by the row's parity
// (three in all); outputs identical, the new code
// runs (RAN).
// RUN: %clang -x c++ -O3 %s -o %t.naive -lstdc++
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' %clang -x c++ -O3 -g -fpass-plugin=%polyprop %s -o %t.pp -lstdc++ 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "1 1" "2 3" "5 4" "17 9" "64 33"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "2 3" "5 4" "17 9" "64 33"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: grep -c 'new code of upsample2d$' %t.trace | FileCheck %s --check-prefix=RAN
// CHECK: polyprop: function upsample2d, function body: transformed: 2 temporaries removed, {{[0-9]+}} statements, 3 strided loops re-indexed
// RAN: 5
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" __attribute__((noinline)) void upsample2d(int R, int C, const float *in, float *out) {
  float *blur = (float *)malloc(sizeof(float) * R * C);
  float *ux = (float *)malloc(sizeof(float) * (2 * R) * C);
  for (int _i0 = 0; _i0 <= R - 1; _i0 = _i0 + 1)
    for (int _i1 = 0; _i1 <= C - 1; _i1 = _i1 + 1)
      blur[_i0 * C + _i1] = (in[_i0 * C + std::max(_i1 - 1, 0)] + in[_i0 * C + _i1] + in[_i0 * C + std::min(_i1 + 1, C - 1)]) * 0.333f;
  for (int _i0 = 0; _i0 <= 2 * R - 1; _i0 = _i0 + 1) {
    if (_i0 % 2 == 0)
      for (int _i1 = 0; _i1 <= C - 1; _i1 = _i1 + 1)
        ux[_i0 * C + _i1] = (blur[std::max(_i0 / 2 - 1, 0) * C + _i1] + blur[(_i0 / 2) * C + _i1] * 6.0f + blur[std::min(_i0 / 2 + 1, R - 1) * C + _i1]) * 0.125f;
    if (_i0 % 2 == 1)
      for (int _i1 = 0; _i1 <= C - 1; _i1 = _i1 + 1)
        ux[_i0 * C + _i1] = (blur[(_i0 / 2) * C + _i1] + blur[std::min((_i0 + 1) / 2, R - 1) * C + _i1]) * 0.5f;
  }
  for (int _i0 = 0; _i0 <= 2 * R - 1; _i0 = _i0 + 1)
    for (int _i1 = 0; _i1 <= 2 * C - 1; _i1 = _i1 + 1) {
      if (_i1 % 2 == 0)
        out[_i0 * (2 * C) + _i1] = (ux[_i0 * C + std::max(_i1 / 2 - 1, 0)] + ux[_i0 * C + _i1 / 2] * 6.0f + ux[_i0 * C + std::min(_i1 / 2 + 1, C - 1)]) * 0.125f;
      if (_i1 % 2 == 1)
        out[_i0 * (2 * C) + _i1] = (ux[_i0 * C + _i1 / 2] + ux[_i0 * C + std::min((_i1 + 1) / 2, C - 1)]) * 0.5f;
    }
  free(blur);
  free(ux);
}

int main(int argc, char **argv) {
  int R = atoi(argv[1]), C = atoi(argv[2]);
  float *in = (float *)malloc(sizeof(float) * R * C + 4), *out = (float *)calloc(4 * (size_t)R * C + 1, sizeof(float));
  for (int i = 0; i < R * C; i++)
    in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  upsample2d(R, C, in, out);
  uint64_t h = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < sizeof(float) * 4 * (size_t)R * C; k++) h = (h ^ b[k]) * 1099511628211ull;
  printf("%d %d %016llx\n", R, C, (unsigned long long)h);
  return 0;
}
