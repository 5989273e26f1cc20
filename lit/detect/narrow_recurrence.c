// A counter used through a narrow type: `(int)i` and `(unsigned char)i` of a `long` counter
// are recurrences of the narrow type ({0,+,1} in i32 or i8), which wrap (without undefined
// behaviour) once i passes their range, and nothing bounds i here. Rejected with the reason.
// The same with i < 100 fits in a `signed char` on the domain: a SCoP.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
// CHECK-LABEL: polyprop-detect: function int_of_long
// CHECK-NEXT: rejected function body: non-affine subscript: recurrence of a narrow type that may wrap
// CHECK-LABEL: polyprop-detect: function char_of_long
// CHECK-NEXT: rejected function body: non-affine subscript: recurrence of a narrow type that may wrap
// CHECK-LABEL: polyprop-detect: function bounded
// CHECK-NEXT: SCoP function body: 1 statements, 1 arrays
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
