// A store guarded by a data-dependent branch (B[i] > 0): the statement is guarded by the
// condition, evaluated in the statement, and its write is a may-write. Its select-style twin
// is a plain write (scops/select_max.c). A data-dependent branch around a loop stays a
// reject reason (the second function).
// RUN: %ir %s -o %t.ll
// RUN: %model'print<polyprop-detect>,print<polyprop-scops>' %t.ll | FileCheck %s
void data_condition(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    if (B[i] > 0.0f)
      A[i] = B[i];
}

void data_condition_around_loop(long n, float *restrict A, const float *restrict B) {
  for (long i = 0; i < n; i++)
    if (B[i] > 0.0f)
      for (long j = 0; j < n; j++)
        A[i * n + j] = B[j];
}
// CHECK: polyprop-detect: function data_condition
// CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
// CHECK: may-write: [n] -> { S0[i0] -> A[i0] }
// CHECK: value: when (B[i0] > 0.0f) A[i0] = B[i0]
// CHECK: polyprop-detect: function data_condition_around_loop
// CHECK-NOT: SCoP function body
// CHECK: rejected function body: non-affine condition: {{.*}}fcmp ogt float{{.*}} at {{.*}}data_condition.c:15:9
