// A reversed read B[n-1-i] and the iterator converted to float: the subscript is -i0 + n - 1
// and the conversion appears in the value expression.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void reversed_read_cast(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    A[i] = B[n - 1 - i] + (float)i;
}
// CHECK: polyprop-scops: function reversed_read_cast, function body
// CHECK: S0 at {{.*}}reversed_read_cast.c:7:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
// CHECK-NEXT: read: [n] -> { S0[i0] -> B[-i0 + n - 1] }
// CHECK-NEXT: value: A[i0] = (B[-i0 + n - 1] + f32(i0))
