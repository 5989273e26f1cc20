// A `long` parameter truncated to `unsigned char` in a subscript: the truncation is the
// identity only where the value fits, which nothing says of n. Rejected with the reason.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function truncated
// CHECK-NEXT: rejected function body: non-affine subscript: truncation of a value that may not fit
void truncated(long n, float *a) {
  for (long i = 0; i < 100; i++)
    a[(unsigned char)n + i] = 1.0f;
}
