// An atomic read-modify-write is not a load or store the model represents: rejected with
// "unsupported instruction".
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void atomic_update(long n, int *restrict A) {
  for (long i = 0; i < n; i++)
    __atomic_fetch_add(&A[i], 1, __ATOMIC_SEQ_CST);
}
// CHECK: polyprop-detect: function atomic_update
// CHECK-NOT: SCoP
// CHECK: rejected function body: unsupported instruction: {{.*}}atomicrmw add{{.*}} at {{.*}}atomic_update.c:7:5
// CHECK-NOT: SCoP
