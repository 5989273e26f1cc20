// A data-dependent branch whose join other edges also reach (here the affine `i < m`), inside
// the arm of another data-dependent branch, with no store in the arms: every phi there is a
// select over the conditions on its paths (the inner join's too), so the function is one SCoP
// (its output is compared in scalars/hammock-affine-arm.c). With a store beside it
// (inner_open_store) the inner join's writes could not be told apart: rejected. A
// data-dependent branch one of whose arms is also reached from elsewhere (a goto into the
// else side) cannot share its domain with its arms: rejected too.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void inner_open(long n, long m, long *restrict A, const long *restrict B, const long *restrict C,
                const long *restrict D) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] > 0 ? ((i < m ? (C[i] > 0 ? D[i] : 2) : 3) * 5 + D[i + 1]) : 4;
}
void inner_open_store(long n, long m, long *restrict A, const long *restrict B, const long *restrict C,
                      const long *restrict D) {
  for (long i = 0; i < n; i++)
    if (B[i] > 0) {
      A[i + n] = 1;
      A[i] = (i < m ? (C[i] > 0 ? D[i] : 2) : 3) * 5;
    }
}
void entered(long n, long m, long *restrict A, const long *restrict B) {
  for (long i = 0; i < n; i++) {
    long v;
    if (i < m) {
      if (B[i] > 0)
        goto shared;
      v = B[i + 1];
    } else {
    shared:
      v = B[i + 2] * 3;
    }
    A[i] = v;
  }
}
// CHECK: polyprop-detect: function inner_open
// CHECK-NEXT: SCoP function body: 1 statements
// CHECK: polyprop-detect: function inner_open_store
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine condition: data-dependent branch around an affine branch whose sides write: {{.*}} at {{.*}}nested_open_diamond.c:18:9
// CHECK: polyprop-detect: function entered
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine condition: data-dependent branch whose arms are entered from elsewhere: {{.*}} = icmp sgt i64 {{.*}}, 0 at {{.*}}nested_open_diamond.c:27:11
