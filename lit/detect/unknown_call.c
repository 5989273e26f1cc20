// A call to an external function with unknown effects inside the loop: rejected with
// "call with side effects" naming the callee (negative twin of pure_call.c).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void log_value(float x);
void unknown_call(long n, float *restrict A) {
  for (long i = 0; i < n; i++) {
    A[i] = A[i] + 1.0f;
    log_value(A[i]);
  }
}
// CHECK: polyprop-detect: function unknown_call
// CHECK-NOT: SCoP
// CHECK: rejected function body: call with side effects: call to log_value may write memory at {{.*}}unknown_call.c:9:5
// CHECK-NEXT: rejected loop nest at {{.*}}: call with side effects: call to log_value {{.*}}unknown_call.c:9:5
// CHECK-NOT: SCoP
