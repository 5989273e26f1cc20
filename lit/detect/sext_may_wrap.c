// An `int` computed from an `unsigned` (`(int)(m + 1u)`) wraps without undefined behaviour,
// so its sign extension is not the identity unless the value provably fits: rejected with the
// reason. The same offset computed in `int` (`k + 1`, no signed wrap in C) is a SCoP.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function from_unsigned
// CHECK-NEXT: rejected function body: non-affine subscript: sign extension of a value that may wrap
// CHECK-LABEL: polyprop-detect: function from_int
// CHECK-NEXT: SCoP function body: 1 statements, 1 arrays
void from_unsigned(unsigned m, float *a) {
  int k = (int)(m + 1u);
  for (long i = 0; i < 100; i++)
    a[k + i] = 1.0f;
}
void from_int(int k, float *a) {
  for (long i = 0; i < 100; i++)
    a[k + 1 + i] = 1.0f;
}
