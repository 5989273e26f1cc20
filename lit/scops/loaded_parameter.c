// Loop bounds loaded from a struct at the top of the function (d is restrict, the stores
// are floats): the loads execute whenever the function does and no store of the region may
// write them, so they are parameters. Loaded only inside the loops (`d->m` where `d->n > 0`),
// they are parameters too, read by the run-time check after a branch on where the source
// reads them: the same model. The negative twin writes the bound in the loop.
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
void written_bound(struct dims *restrict d, float *restrict A) {
  for (long i = 0; i < d->n; i++) {
    for (long j = 0; j < d->m; j++)
      A[i * 64 + j] = 1.0f;
    d->m -= 1;
  }
}
// CHECK: polyprop-detect: function loaded_parameter
// CHECK-NEXT: SCoP function body: 1 statements, 1 arrays
// CHECK: parameters: [n, m]
// CHECK: domain: [n, m] -> { S0[i0, i1] : m > 0 and 0 <= i0 < n and 0 <= i1 < m }
// CHECK-NEXT: schedule
// CHECK-NEXT: write: [n, m] -> { S0[i0, i1] -> A[i0, i1] }
// CHECK: polyprop-detect: function guarded_load
// CHECK-NEXT: SCoP function body: 1 statements, 1 arrays
// CHECK: domain: [p0, p1] -> { S0[i0, i1] : 0 <= i0 < p0 and 0 <= i1 < p1 }
// CHECK-NEXT: schedule
// CHECK-NEXT: write: [p0, p1] -> { S0[i0, i1] -> A[i0, i1] }
// CHECK: polyprop-detect: function written_bound
// CHECK-NEXT: rejected function body: non-affine loop bound: {{.*}}value computed inside the region: {{.*}}load i64
