// The register tiles of `schedule` (issue 17) are as wide as the target's vector registers
// allow: six registers of doubles (4 x 48) where the function is compiled for AVX-512 and
// has 32 of them, two (4 x 8) for AVX2 and its 16, and 4 x 8 again when AVX-512 code is asked
// to prefer 256-bit vectors (-mprefer-vector-width=256), as the function's target-features
// and prefer-vector-width say. A gemm in i, k, j order, long loops; the tiles' column loop
// steps by the register tile's width, over tiles of two register tiles' columns (96). A
// partial tile's columns are split into register tiles of 16, then 8 columns, each around
// the reduction loop and versioned on being full.
// RUN: %clang -O2 -mavx512f -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.512.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast<schedule;schedule-cost=off>>)' %t.512.ll 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: for (long c3 = 0; c3 < p0; c3 += 4) {
// WIDE-NEXT: for (long c4 = 0; c4 <= min(95, p0 - c1 - 1); c4 += 48) {
// WIDE-NEXT: if (p0 - c3 - 1 >= 3 && p0 - c1 - c4 - 1 >= 47) {
// WIDE: } else {
// WIDE-NEXT: for (long [[H:c[0-9]+]] = 0; [[H]] <= min(47, p0 - c1 - c4 - 1); [[H]] += 16) {
// WIDE-NEXT: if (p0 - c3 - 1 >= 3 && p0 - c1 - c4 - 1 - [[H]] >= 15) {
// WIDE-NEXT: for (long c5 = 0; c5 < p0; c5 += 1) {
// WIDE-NEXT: S1(c3, c5, c1 + c4 + [[H]]);
// WIDE: } else {
// WIDE-NEXT: for (long [[Q:c[0-9]+]] = 0; [[Q]] <= min(15, p0 - c1 - c4 - 1 - [[H]]); [[Q]] += 8) {
// RUN: %clang -O2 -mavx2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.256.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast<schedule;schedule-cost=off>>)' %t.256.ll 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %clang -O2 -mavx512f -mprefer-vector-width=256 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.pref.ll
// RUN: %opt -disable-output -passes='function(polyprop-canonicalize,print<polyprop-ast<schedule;schedule-cost=off>>)' %t.pref.ll 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: for (long c3 = 0; c3 < p0; c3 += 4) {
// NARROW-NEXT: for (long c4 = 0; c4 <= min(63, p0 - c1 - 1); c4 += 8) {
// Differential: the -march=native build (4 x 48 tiles on an AVX-512 machine, 4 x 8 on others)
// prints the naive build's products, at sizes with full and partial register tiles (with
// 4 x 48, the last register tile's columns: n = 40, 16, 16 and 8 full; 79: 31, 16 and 8
// full, 7 in loops; 118: 22, 16 full, 6 in loops; 157: 13, 8 full, 5 in loops).
// RUN: %clang -O3 -march=native %s -DMAIN -o %t.naive
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off' %clang -O3 -march=native -fpass-plugin=%polyprop %s -DMAIN -o %t.tiled
// RUN: %t.naive > %t.naive.out
// RUN: %t.tiled > %t.tiled.out
// RUN: cmp %t.naive.out %t.tiled.out

void gemm(int n, double alpha, double (*restrict c)[256], double (*restrict a)[256], double (*restrict b)[256]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i][j] += alpha * a[i][k] * b[k][j];
}

#ifdef MAIN
#include <stdio.h>
static double a[256][256], b[256][256], c[256][256];
int main(void) {
  for (int n = 1; n <= 157; n += 39) {
    for (int i = 0; i < 256; i++)
      for (int j = 0; j < 256; j++) {
        a[i][j] = (i * 7 + j * 3) % 13 * 0.25;
        b[i][j] = (i * 5 + j * 11) % 17 * 0.5;
        c[i][j] = (i + j) % 3;
      }
    gemm(n, 1.5, c, a, b);
    double sum = 0.0;
    for (int i = 0; i < 256; i++)
      for (int j = 0; j < 256; j++)
        sum += c[i][j] * ((i + 2 * j) % 7);
    printf("%d %a\n", n, sum);
  }
  return 0;
}
#endif
