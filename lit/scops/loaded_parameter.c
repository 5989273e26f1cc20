// Loop bounds loaded from a struct at the top of the function (d is restrict, the stores
// are floats): the loads execute whenever the function does and no store of the region may
// write them, so they are parameters. A load that only runs under a guard stays a value
// computed inside the region (the negative twin below).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
struct dims { long n, m; };
void loaded_parameter(const struct dims *restrict d, float *restrict A) {
  long n = d->n, m = d->m;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      A[i * m + j] = 1.0f;
}
void guarded_load(const struct dims *restrict d, float *restrict A) {
  for (long i = 0; i < d->n; i++)
    for (long j = 0; j < d->m; j++)
      A[i * d->m + j] = 1.0f;
}
// CHECK: polyprop-detect: function loaded_parameter
// CHECK-NEXT: SCoP function body: 1 statements, 1 arrays
// CHECK: parameters: [n, m]
// CHECK: domain: [n, m] -> { S0[i0, i1] : m > 0 and 0 <= i0 < n and 0 <= i1 < m }
// CHECK-NEXT: schedule
// CHECK-NEXT: write: [n, m] -> { S0[i0, i1] -> A[i0, i1] }
// CHECK: polyprop-detect: function guarded_load
// CHECK-NEXT: rejected function body: non-affine loop bound: {{.*}}value computed inside the region: {{.*}}load i64
