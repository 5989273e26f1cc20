// An unsigned division and an unsigned comparison of a value that may be negative:
// `(unsigned)(n - 1) / 3` is floor((n - 1) / 3), and the guard `(unsigned)(n - 1) < 3` that
// clang puts around the loop is a signed comparison, where n - 1 is non-negative; that is
// assumed (checked at run time, as Polly assumes no wrapping) instead of a reject.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK: SCoP function body: 1 statements, 1 arrays
// CHECK: assumed context: [n] -> {  : 0 < n <= 4294967296 }    ; no wrap: n - 1 fits in 32 unsigned bits
// CHECK: domain: [n] -> { S0[i0] : i0 >= 0 and 3i0 <= -4 + n }
void thirds(int n, float *a) {
  for (unsigned i = 0; i < (unsigned)(n - 1) / 3; i++)
    a[i] = a[i] * 0.5f;
}
