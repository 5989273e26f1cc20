// The copies of an unrolled register tile are emitted a vector register at a time
// (pass/src/codegen/vector_points.rs): a read that moves by one element with the column is a
// vector load, one that does not move (alpha * a[i][k]) is computed once and broadcast, the
// write is a vector store, all aligned as the elements are. Doubles fill <8 x double> with
// AVX-512 (48 columns: 6 runs a row) and <4 x double> with AVX2; ints fill <16 x i32>, and
// the 8 columns of a split tile's last chunk <8 x i32>. A tile whose column read is strided
// (b[j][k]) or goes through a select keeps its scalar copies.
// RUN: %clang -O2 -mavx512f -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.512.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<schedule;schedule-cost=off>' %t.512.ll | FileCheck %s --check-prefix=WIDE
// WIDE-LABEL: define {{.*}} @gemm.polyprop(
// WIDE: [[SCALED:%[0-9]+]] = fmul double
// WIDE: insertelement <8 x double> undef, double [[SCALED]], i32 0
// WIDE-NEXT: shufflevector <8 x double> {{%[0-9]+}}, <8 x double> undef, <8 x i32> zeroinitializer
// WIDE: load <8 x double>, <8 x double>* {{%[0-9]+}}, align 8
// WIDE: load <8 x double>, <8 x double>* {{%[0-9]+}}, align 8
// WIDE: call <8 x double> @llvm.fmuladd.v8f64(
// WIDE: store <8 x double> {{%[0-9]+}}, <8 x double>* {{%[0-9]+}}, align 8, !tbaa
// WIDE-LABEL: define {{.*}} @gemm_int.polyprop(
// WIDE: mul nsw <16 x i32>
// WIDE: add nsw <16 x i32>
// WIDE: store <16 x i32> {{%[0-9]+}}, <16 x i32>* {{%[0-9]+}}, align 4
// WIDE: store <8 x i32> {{%[0-9]+}}, <8 x i32>* {{%[0-9]+}}, align 4
// WIDE-LABEL: define {{.*}} @gemm_transposed.polyprop(
// WIDE-NOT: x double>
// WIDE: store double
// WIDE-NOT: x double>
// WIDE-LABEL: define {{.*}} @gemm_relu.polyprop(
// WIDE-NOT: x float>
// WIDE: store float
// WIDE-NOT: x float>
// WIDE-LABEL: attributes
// RUN: %clang -O2 -mavx2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.256.ll
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop<schedule;schedule-cost=off>' %t.256.ll | FileCheck %s --check-prefix=NARROW
// NARROW-LABEL: define {{.*}} @gemm.polyprop(
// NARROW-NOT: <8 x double>
// NARROW: store <4 x double> {{%[0-9]+}}, <4 x double>* {{%[0-9]+}}, align 8
// NARROW-LABEL: define {{.*}} @gemm_int.polyprop(
// Without a model that is rescheduled, no copies and no vectors.
// RUN: %opt -S -passes='function(polyprop-canonicalize),polyprop' %t.512.ll | FileCheck %s --check-prefix=KEPT
// KEPT-NOT: x double>
// Differential: the builds with and without the plugin print the same products, for
// AVX-512, AVX2 and the machine's own vectors, at sizes with full and partial register tiles.
// RUN: %clang -O3 -march=native %s -DMAIN -o %t.naive
// RUN: %t.naive > %t.naive.out
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off' %clang -O3 -march=native -fpass-plugin=%polyprop %s -DMAIN -o %t.native
// RUN: %t.native > %t.native.out
// RUN: cmp %t.naive.out %t.native.out
// RUN: env POLYPROP_OPTIONS='schedule;schedule-cost=off' %clang -O3 -mavx2 -mfma -fpass-plugin=%polyprop %s -DMAIN -o %t.avx2
// RUN: %t.avx2 > %t.avx2.out
// RUN: %clang -O3 -mavx2 -mfma %s -DMAIN -o %t.naive-avx2
// RUN: %t.naive-avx2 > %t.naive-avx2.out
// RUN: cmp %t.naive-avx2.out %t.avx2.out

void gemm(int n, double alpha, double (*restrict c)[256], double (*restrict a)[256], double (*restrict b)[256]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i][j] += alpha * a[i][k] * b[k][j];
}

void gemm_int(long n, int (*restrict c)[256], int (*restrict a)[256], int (*restrict b)[256]) {
  for (long i = 0; i < n; i++)
    for (long k = 0; k < n; k++)
      for (long j = 0; j < n; j++)
        c[i][j] += a[i][k] * b[k][j];
}

void gemm_transposed(int n, double (*restrict c)[256], double (*restrict a)[256], double (*restrict b)[256]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i][j] += a[i][k] * b[j][k];
}

void gemm_relu(int n, float (*restrict c)[256], float (*restrict a)[256], float (*restrict b)[256]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i][j] += a[i][k] * (b[k][j] > 0.0f ? b[k][j] : 0.0f);
}

#ifdef MAIN
#include <stdio.h>
static double a[256][256], b[256][256], c[256][256];
static int ai[256][256], bi[256][256], ci[256][256];
static float af[256][256], bf[256][256], cf[256][256];
int main(void) {
  for (int n = 1; n <= 157; n += 39) {
    for (int variant = 0; variant < 4; variant++) {
      for (int i = 0; i < 256; i++)
        for (int j = 0; j < 256; j++) {
          a[i][j] = (i * 7 + j * 3) % 13 * 0.25;
          b[i][j] = (i * 5 + j * 11) % 17 * 0.5 - 3.0;
          c[i][j] = (i + j) % 3;
          ai[i][j] = (i * 7 + j * 3) % 13 - 6;
          bi[i][j] = (i * 5 + j * 11) % 17;
          ci[i][j] = (i + j) % 3;
          af[i][j] = (float)a[i][j];
          bf[i][j] = (float)b[i][j];
          cf[i][j] = (float)c[i][j];
        }
      if (variant == 0)
        gemm(n, 1.5, c, a, b);
      else if (variant == 1)
        gemm_int(n, ci, ai, bi);
      else if (variant == 2)
        gemm_transposed(n, c, a, b);
      else
        gemm_relu(n, cf, af, bf);
      double sum = 0.0;
      for (int i = 0; i < 256; i++)
        for (int j = 0; j < 256; j++)
          sum += (c[i][j] + ci[i][j] + cf[i][j]) * ((i + 2 * j) % 7);
      printf("%d %d %a\n", n, variant, sum);
    }
  }
  return 0;
}
#endif
