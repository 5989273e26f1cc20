// Kept temporaries share storage where their lives do not overlap (pass/src/codegen/
// storage.rs): in a chain of stages t1 -> t2 -> t3 -> t4 -> out where propagation removes
// t3 (into t4's stage) and keeps the others (keep=), t1's last reader is t2's stage, and t4
// is written after it: t4 lives in t1's allocation, and the new function allocates two
// arrays, not three (IR). With t1, t2 and t3 kept (t4 propagated), t3 takes t1's (SHIFTED).
// Outputs identical at every size and the new code runs.
// RUN: %clang -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks;keep=t1,t2,t4' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.shared 2>&1 | FileCheck %s
// RUN: env POLYPROP_OPTIONS='trace-checks;keep=t1,t2,t3' %clang -O3 -g -fpass-plugin=%polyprop %s -o %t.shifted
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.shared $s; done' > %t.shared.out 2> %t.shared.trace
// RUN: sh -c 'for s in "1 1" "7 5" "31 17" "300 200" "0 3" "3 0"; do %t.shifted $s; done' > %t.shifted.out 2> %t.shifted.trace
// RUN: cmp %t.naive.out %t.shared.out
// RUN: cmp %t.naive.out %t.shifted.out
// RUN: FileCheck %s --check-prefix=RAN < %t.shared.trace
// RUN: FileCheck %s --check-prefix=RAN < %t.shifted.trace
// RUN: %ir %s -o %t.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<keep=t1;keep=t2;keep=t4>' %t.ll | FileCheck %s --check-prefix=IR
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<keep=t1;keep=t2;keep=t3>' %t.ll | FileCheck %s --check-prefix=SHIFTED
// CHECK: polyprop: function chain, function body: transformed: 1 temporaries removed
// RAN: polyprop: new code of chain
// IR-LABEL: define internal void @chain.polyprop(
// IR: %t1 = bitcast i8* %{{[0-9]+}} to float*
// IR: %t2 = bitcast i8* %{{[0-9]+}} to float*
// IR-NOT: @malloc(
// IR: ret void
// SHIFTED-LABEL: define internal void @chain.polyprop(
// SHIFTED-COUNT-2: call i8* @malloc(
// SHIFTED-NOT: @malloc(
// SHIFTED: ret void
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void chain(int w, int h, const float *in, float *out) {
  float *t1 = malloc(sizeof(float) * w * h), *t2 = malloc(sizeof(float) * w * h);
  float *t3 = malloc(sizeof(float) * w * h), *t4 = malloc(sizeof(float) * w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t1[y * w + x] = in[y * w + (x > 0 ? x - 1 : 0)] + in[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t2[y * w + x] = t1[(y > 0 ? y - 1 : 0) * w + x] * 0.5f + t1[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t3[y * w + x] = t2[y * w + (x < w - 1 ? x + 1 : x)] - t2[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      t4[y * w + x] = t3[(y < h - 1 ? y + 1 : y) * w + x] * t3[y * w + x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = t4[y * w + x] + in[y * w + x];
  free(t1); free(t2); free(t3); free(t4);
}
int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]);
  float *in = malloc(sizeof(float) * (w * h + 1)), *out = calloc(w * h + 1, sizeof(float));
  for (int i = 0; i < w * h; i++) in[i] = (float)((i * 37 + 11) % 53) / 9.0f - 2.0f;
  chain(w, h, in, out);
  uint64_t hs = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)out;
  for (size_t k = 0; k < sizeof(float) * (size_t)(w * h); k++) hs = (hs ^ b[k]) * 1099511628211ull;
  printf("%d %d %016llx\n", w, h, (unsigned long long)hs);
  return 0;
}
