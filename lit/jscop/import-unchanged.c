// JSCoP import of an unchanged file: export, import the file as written, and the IR is the
// same as without the import (the ordinary transform runs; here it removes the temporary).
// The same holds for gemm, which polyprop leaves alone.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop' -S %t.ll -o %t.plain.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<import-jscop=%t.dir>' -S %t.ll -o %t.imported.ll
// RUN: diff %t.plain.ll %t.imported.ll
// RUN: %opt -passes='function(polyprop-canonicalize),polyprop<print=transform;import-jscop=%t.dir>' -disable-output %t.ll 2>&1 | FileCheck %s
#include <stdlib.h>

void blur2(long n, const float *restrict in, float *restrict out) {
  float *tmp = malloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    tmp[i] = in[i] * 0.5f;
  for (long i = 1; i < n; i++)
    out[i] = tmp[i - 1] + tmp[i];
  free(tmp);
}

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
// FILES: blur2.jscop
// FILES-NEXT: gemm.jscop
// CHECK: polyprop: function blur2, {{.*}}: transformed: 1 temporaries removed, {{.*}} ({{.*}}blur2.jscop: unchanged)
// CHECK: polyprop: function gemm, {{.*}}: not transformed: nothing propagated: no temporary array ({{.*}}gemm.jscop: unchanged)
