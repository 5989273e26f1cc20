// JSCoP import of an interchanged gemm: the exported schedule of the update S1 runs
// (i, k, j); the imported one runs (i, j, k), which keeps every dependence (each C[i][j]
// still sums over k in increasing order). The import is legal, the code is generated from
// the imported schedule, and the binaries built with and without it print bit-identical
// hashes of C, through opt and through clang's plugin (POLYPROP_OPTIONS; -g, so that the
// parameters carry their source names, as in the exported file).
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: FileCheck %s --check-prefix=EXPORTED < %t.dir/kernel_gemm.jscop
// RUN: python3 %S/Inputs/jscop-edit.py %t.dir/kernel_gemm.jscop %t.dir/kernel_gemm.jscop 'schedule:S1:[ni, nj, nk] -> { S1[i0, i1, i2] -> [0, i0, 1, i2, 0, i1, 0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<print=transform;import-jscop=%t.dir>' -S %t.ll -o %t.imported.ll 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: FileCheck %s --check-prefix=IR < %t.imported.ll
// RUN: %model'print<polyprop-ast<import-jscop=%t.dir>>' %t.ll | FileCheck %s --check-prefix=AST
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: %clang -O3 -march=native %t.imported.ll -o %t.imported-opt
// RUN: env POLYPROP_OPTIONS="import-jscop=%t.dir;print=transform" %clang -O3 -g -march=native -fpass-plugin=%polyprop %s -o %t.imported-clang 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.imported-opt > %t.imported-opt.out
// RUN: %t.imported-clang > %t.imported-clang.out
// RUN: cmp %t.naive.out %t.imported-opt.out
// RUN: cmp %t.naive.out %t.imported-clang.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.naive.out
// EXPORTED: "schedule": "[ni, nj, nk] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] }",
// TRANSFORM: polyprop: function kernel_gemm, {{.*}}: transformed: imported schedule of S1 from {{.*}}kernel_gemm.jscop, 2 statements
// IR: define internal void @kernel_gemm.polyprop(
// The loop over k (S1's second iterator, c2) is now inside the loop over j (c1).
// AST: polyprop-ast: function kernel_gemm, function body
// AST-NEXT: for (long c0 = 0; c0 < ni; c0 += 1) {
// AST-NEXT:   for (long c1 = 0; c1 < nj; c1 += 1) {
// AST-NEXT:     S0(c0, c1);
// AST-NEXT:   }
// AST-NEXT:   for (long c1 = 0; c1 < nj; c1 += 1) {
// AST-NEXT:     for (long c2 = 0; c2 < nk; c2 += 1) {
// AST-NEXT:       S1(c0, c2, c1);
// OUTPUT: C {{[0-9a-f]+}}
#include "../codegen/Inputs/harness.h"

void kernel_gemm(long ni, long nj, long nk, double alpha, double beta, double C[ni][nj],
                 double A[ni][nk], double B[nk][nj]) {
  for (long i = 0; i < ni; i++) {
    for (long j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  long ni = 31, nj = 37, nk = 29;
  double (*C)[nj] = malloc(sizeof(double) * ni * nj);
  double (*A)[nk] = malloc(sizeof(double) * ni * nk);
  double (*B)[nj] = malloc(sizeof(double) * nk * nj);
  harness_fill_double(&C[0][0], ni * nj);
  harness_fill_double(&A[0][0], ni * nk);
  harness_fill_double(&B[0][0], nk * nj);
  kernel_gemm(ni, nj, nk, 1.5, 1.2, C, A, B);
  harness_print("C", C, sizeof(double) * ni * nj);
  return 0;
}
