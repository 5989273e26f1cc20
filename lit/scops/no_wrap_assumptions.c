// A counter used through a narrow type: `(int)i` and `(unsigned char)i` of a `long` counter
// are recurrences of the narrow type ({0,+,1} in i32 or i8), which wrap (without undefined
// behaviour) once i passes their range. They are read as i under the assumption that they
// fit on the domain (n <= 2^31, n <= 128), as Polly assumes no wrapping; code generation
// checks it at run time. With i < 100 a `signed char` provably fits: no assumption.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-scops: function int_of_long
// CHECK: assumed context: [n] -> {  : n <= 2147483648 }    ; no wrap: i0 fits in 32 signed bits
// CHECK: write: [n] -> { S0[i0] -> a[i0] }
// CHECK-LABEL: polyprop-scops: function char_of_long
// CHECK: assumed context: [n] -> {  : n <= 128 }    ; no wrap: i0 fits in 8 signed bits
// CHECK-LABEL: polyprop-scops: function bounded
// CHECK: assumed context: [] -> { : }
void int_of_long(long n, float *a) {
  for (long i = 0; i < n; i++)
    a[(int)i] = 1.0f;
}
void char_of_long(long n, float *a) {
  for (long i = 0; i < n; i++)
    a[(unsigned char)i] += 1.0f;
}
void bounded(float *a) {
  for (long i = 0; i < 100; i++)
    a[(signed char)i] = 1.0f;
}
// An `int` computed from an `unsigned` and a `long` parameter truncated to `unsigned char`:
// a sign extension and a truncation that may wrap, and a zero extension of a value that may
// be negative, assumed not to.
// CHECK-LABEL: polyprop-scops: function from_unsigned
// CHECK: no wrap: m + 1 fits in 32 signed bits
// CHECK-LABEL: polyprop-scops: function truncated
// CHECK: no wrap: n fits in 8 signed bits
// CHECK: no wrap: n fits in 8 unsigned bits
void from_unsigned(unsigned m, float *a) {
  int k = (int)(m + 1u);
  for (long i = 0; i < 100; i++)
    a[k + i] = 1.0f;
}
void truncated(long n, float *a) {
  for (long i = 0; i < 100; i++)
    a[(unsigned char)n + i] = 1.0f;
}
