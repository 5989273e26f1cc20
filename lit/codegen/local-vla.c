// Temporaries on the stack whose size is computed at run time: C99 VLAs `float t1[h][w]`
// and `alloca(n)`. The versioned function keeps the source's allocas of a constant size in
// its entry block, where the check now starts; one of a variable size stays where it was,
// after the computation of its size (before, moving it made the function fail verification:
// "internal error: versioned function does not verify"). A kept one (keep=) is allocated by
// the new function with the same size, as a local array of constant size is. Outputs
// identical and the new code runs at every size, empty images included.
// RUN: clang-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks;keep=t1,t' clang-14 -O3 -g -fpass-plugin=%polyprop %s -o %t.kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.pp $s; done' > %t.pp.out 2> %t.pp.trace
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.kept $s; done' > %t.kept.out 2> %t.kept.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: cmp %t.naive.out %t.kept.out
// RUN: FileCheck %s --check-prefix=RAN < %t.pp.trace
// RUN: FileCheck %s --check-prefix=RAN-KEPT < %t.kept.trace
// CHECK-DAG: polyprop: function vla_2d, function body: transformed: 2 temporaries removed, 1 statements
// CHECK-DAG: polyprop: function alloca_flat, function body: transformed: 1 temporaries removed, 1 statements
// KEPT-DAG: polyprop: function vla_2d, function body: transformed: 1 temporaries removed, 2 statements
// KEPT-DAG: polyprop: function alloca_flat, function body: not transformed: nothing propagated: no temporary array removed
// RAN-DAG: polyprop: new code of vla_2d
// RAN-DAG: polyprop: new code of alloca_flat
// RAN-KEPT: polyprop: new code of vla_2d
#include <alloca.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void vla_2d(int w, int h, const float *in, float *out) {
  float t1[h][w], t2[h][w];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
      t1[y][x] = (in[y * w + xl] + in[y * w + x] + in[y * w + xr]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int yu = y > 0 ? y - 1 : 0, yd = y < h - 1 ? y + 1 : h - 1;
      t2[y][x] = (t1[yu][x] + t1[y][x] + t1[yd][x]) / 3.0f;
    }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x] + 0.5f * (in[y * w + x] - t2[y][x]);
}
__attribute__((noinline)) void alloca_flat(long n, const float *in, float *out) {
  float *t = alloca(sizeof(float) * (n > 0 ? n : 1));
  for (long i = 0; i < n; i++)
    t[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    out[i] = t[i] - t[i - 1];
}
int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = malloc(sizeof(float) * (w * h + 1)), *out = calloc(w * h + 1, sizeof(float));
  for (int i = 0; i < w * h; i++) in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  vla_2d(w, h, in, out);
  alloca_flat((long)w * h, in, out);
  uint64_t hs = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < sizeof(float) * (size_t)(w * h); k++) hs = (hs ^ b[k]) * 1099511628211ull;
  printf("%d %d %016llx\n", w, h, (unsigned long long)hs);
  return 0;
}
