// print=deps-dot writes the statement dependence graph in Graphviz: one node per statement
// with its source line, one edge per access-wise dependence, labelled with kind and array and
// styled by kind (RAW solid, WAR dashed, WAW dotted).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops<print=deps-dot>>' %t.ll | FileCheck %s
void stages(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
  for (long i = 0; i < n; i++)
    A[i] = B[i];
}
// CHECK: polyprop-deps: function stages, function body
// CHECK-NEXT: digraph {
// CHECK-DAG: 0 [ label = "S0 (line 8)" shape=box]
// CHECK-DAG: 1 [ label = "S1 (line 10)" shape=box]
// CHECK-DAG: 2 [ label = "S2 (line 12)" shape=box]
// CHECK-DAG: 0 -> 1 [ label = "RAW A" style=solid]
// CHECK-DAG: 1 -> 2 [ label = "RAW B" style=solid]
// CHECK-DAG: 1 -> 2 [ label = "WAR A" style=dashed]
// CHECK-DAG: 0 -> 2 [ label = "WAW A" style=dotted]
// CHECK: }
