// A do-while loop runs its body at least once: the domain is a union, 0 <= i0 < n when n > 0
// and the single instance i0 = 0 when n <= 0.
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-scops>' %t.ll | FileCheck %s
void do_while(long n, float *restrict A) {
  long i = 0;
  do {
    A[i] = 2.0f;
    i++;
  } while (i < n);
}
// CHECK: polyprop-scops: function do_while, function body
// CHECK: S0 at {{.*}}do_while.c:8:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n >= 2 and 0 <= i0 < n; S0[i0 = 0] : n <= 1 }
// CHECK-NEXT: schedule: [n] -> { S0[i0] -> [0, i0, 0] }
// CHECK-NEXT: write: [n] -> { S0[i0] -> A[i0] }
