// A data-dependent branch whose join other edges also reach (here the affine `i < m`), inside
// the arm of another data-dependent branch: the inner join shares the outer branch's domain,
// so its phi's writes could not be told apart by edge conditions. Rejected at the outer branch,
// whose arms hold the affine branch and the phi after it (lit/regressions/gen-loops-41392.c)
// (the same branch outside any data-dependent one is an open hammock, modeled:
// scops/nested_data_branches.c). A data-dependent branch one of whose arms is also reached
// from elsewhere (a goto into the else side) cannot share its domain with its arms: rejected
// too (second function).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void inner_open(long n, long m, long *restrict A, const long *restrict B, const long *restrict C,
                const long *restrict D) {
  for (long i = 0; i < n; i++)
    A[i] = B[i] > 0 ? ((i < m ? (C[i] > 0 ? D[i] : 2) : 3) * 5 + D[i + 1]) : 4;
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
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine condition: data-dependent branch around an affine branch whose sides write: {{.*}} = icmp sgt i64 {{.*}}, 0 at {{.*}}nested_open_diamond.c:14:12
// CHECK: polyprop-detect: function entered
// CHECK-NOT: SCoP
// CHECK: rejected function body: non-affine condition: data-dependent branch whose arms are entered from elsewhere: {{.*}} = icmp sgt i64 {{.*}}, 0 at {{.*}}nested_open_diamond.c:20:11
