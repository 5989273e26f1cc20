// JSCoP export of a two-stage SCoP: one file named after the SCoP, in Polly's layout (name,
// context, statements with name, domain, schedule and accesses with kind and relation, and
// the arrays with sizes and LLVM element types).
// RUN: %ir %s -o %t.ll
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %model'polyprop-export-jscop<jscop-dir=%t.dir>' %t.ll
// RUN: ls %t.dir | count 1
// RUN: FileCheck %s < %t.dir/two_stages.jscop
void two_stages(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
}
// CHECK: {
// CHECK-NEXT: "name": "two_stages",
// CHECK-NEXT: "context": "[n] -> { : {{ *}}}",
// CHECK-NEXT: "statements": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "S0",
// CHECK-NEXT: "domain": "[n] -> { S0[i0] : n > 0 and 0 <= i0 < n }",
// CHECK-NEXT: "schedule": "[n] -> { S0[i0] -> [0, i0, 0] }",
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "write",
// CHECK-NEXT: "relation": "[n] -> { S0[i0] -> A[i0] }"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "read",
// CHECK-NEXT: "relation": "[n] -> { S0[i0] -> in[i0] }"
// CHECK-NEXT: }
// CHECK-NEXT: ]
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "S1",
// CHECK-NEXT: "domain": "[n] -> { S1[i0] : n >= 2 and 0 <= i0 <= -2 + n }",
// CHECK-NEXT: "schedule": "[n] -> { S1[i0] -> [1, i0, 0] }",
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "write",
// CHECK-NEXT: "relation": "[n] -> { S1[i0] -> B[i0 + 1] }"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "read",
// CHECK-NEXT: "relation": "[n] -> { S1[i0] -> A[i0] }"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "read",
// CHECK-NEXT: "relation": "[n] -> { S1[i0] -> A[i0 + 1] }"
// CHECK-NEXT: }
// CHECK-NEXT: ]
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "arrays": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "A",
// CHECK-NEXT: "sizes": [
// CHECK-NEXT: "*"
// CHECK-NEXT: ],
// CHECK-NEXT: "type": "float"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "B",
// CHECK-NEXT: "sizes": [
// CHECK-NEXT: "*"
// CHECK-NEXT: ],
// CHECK-NEXT: "type": "float"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "in",
// CHECK-NEXT: "sizes": [
// CHECK-NEXT: "*"
// CHECK-NEXT: ],
// CHECK-NEXT: "type": "float"
// CHECK-NEXT: }
// CHECK-NEXT: ]
// CHECK-NEXT: }
