// Rows reached through a pointer loaded in the loop (float **): the base address of the
// store is not an argument, global or allocation, so the region is rejected with
// "unknown base pointer".
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>' %t.ll | FileCheck %s
void unknown_base_pointer(long n, float **rows, const float *restrict B) {
  for (long i = 0; i < n; i++)
    rows[i][0] = B[i];
}
// CHECK: polyprop-detect: function unknown_base_pointer
// CHECK-NOT: SCoP
// CHECK: rejected function body: unknown base pointer: base address computed inside the region: {{.*}}load float*{{.*}} at {{.*}}unknown_base_pointer.c:8:16
// CHECK-NOT: SCoP
