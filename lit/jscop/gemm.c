// JSCoP export of gemm (VLA parameters): the 2-D delinearized relations, and the file is
// valid JSON that python's json module reads back with the expected keys.
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: FileCheck %s < %t.dir/gemm.jscop
// RUN: python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(j['name'], len(j['statements']), [len(s['accesses']) for s in j['statements']])" %t.dir/gemm.jscop | FileCheck %s --check-prefix=JSON
// RUN: python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print([(a['name'], a['sizes'], a['type']) for a in j['arrays']])" %t.dir/gemm.jscop | FileCheck %s --check-prefix=ARRAYS
// ARRAYS: [('C', ['*', 'nj'], 'double'), ('A', ['*', 'nk'], 'double'), ('B', ['*', 'nj'], 'double')]
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
// CHECK: "name": "gemm",
// CHECK: "name": "S0",
// CHECK-NEXT: "domain": "[ni, nj, nk] -> { S0[i0, i1] : nj > 0 and 0 <= i0 < ni and 0 <= i1 < nj }",
// CHECK: "kind": "write",
// CHECK-NEXT: "relation": "[ni, nj, nk] -> { S0[i0, i1] -> C[i0, i1] }"
// CHECK: "name": "S1",
// CHECK-NEXT: "domain": "[ni, nj, nk] -> { S1[i0, i1, i2] : nj > 0 and 0 <= i0 < ni and 0 <= i1 < nk and 0 <= i2 < nj }",
// CHECK-NEXT: "schedule": "[ni, nj, nk] -> { S1[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] }",
// CHECK: "kind": "write",
// CHECK-NEXT: "relation": "[ni, nj, nk] -> { S1[i0, i1, i2] -> C[i0, i2] }"
// CHECK-DAG: "relation": "[ni, nj, nk] -> { S1[i0, i1, i2] -> A[i0, i1] }"
// CHECK-DAG: "relation": "[ni, nj, nk] -> { S1[i0, i1, i2] -> B[i1, i2] }"
// JSON: gemm 2 [2, 4]
