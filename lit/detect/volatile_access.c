// Volatile stores must stay as they are: rejected with "unsupported instruction".
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void volatile_access(long n, volatile float *A) {
  for (long i = 0; i < n; i++)
    A[i] = 1.0f;
}
// CHECK: polyprop-detect: function volatile_access
// CHECK-NOT: SCoP
// CHECK: rejected function body: unsupported instruction: volatile access at {{.*}}volatile_access.c:6:10
// CHECK-NOT: SCoP
