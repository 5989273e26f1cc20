// JSCoP import of illegal schedules of gemm, refused with the violated dependence named; the
// IR stays as without the import. Reversing the k loop of the update S1 runs the sum
// C[i][j] += ... backwards: the RAW dependence of S1 on itself through C breaks. Running the
// scaling S0 after the update breaks the RAW dependence from S0 to S1 through C.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.reversed %t.late && mkdir -p %t.reversed %t.late
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.reversed>' %t.ll
// RUN: python3 %S/Inputs/jscop-edit.py %t.reversed/gemm.jscop %t.late/gemm.jscop 'schedule:S0:[ni, nj, nk] -> { S0[i0, i1] -> [0, i0, 2, i1, 0, 0, 0] }'
// RUN: python3 %S/Inputs/jscop-edit.py %t.reversed/gemm.jscop %t.reversed/gemm.jscop 'schedule:S1:[ni, nj, nk] -> { S1[i0, i1, i2] -> [0, i0, 1, -i1, 0, i2, 0] }'
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.plain.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.reversed>' -S %t.ll -o %t.reversed.ll 2>&1 | FileCheck %s --check-prefix=REVERSED
// RUN: diff %t.plain.ll %t.reversed.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.late>' -S %t.ll -o %t.late.ll 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: diff %t.plain.ll %t.late.ll
void gemm(long ni, long nj, long nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (long i = 0; i < ni; i++) {
    for (long j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (long k = 0; k < nk; k++)
      for (long j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
// REVERSED: polyprop: function gemm, function body: not transformed: {{.*}}gemm.jscop: illegal schedule: it does not run the RAW dependence from S1 to S1 on array C source before sink (S1.write C[i0][i2] -> S1.read#{{[0-9]+}} C[i0][i2])
// LATE: polyprop: function gemm, function body: not transformed: {{.*}}gemm.jscop: illegal schedule: it does not run the RAW dependence from S0 to S1 on array C source before sink (S0.write C[i0][i1] -> S1.read#{{[0-9]+}} C[i0][i2])
