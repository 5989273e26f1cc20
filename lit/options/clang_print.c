// In a clang -fpass-plugin build the plugin runs at the pipeline start and POLYPROP_OPTIONS
// selects the printers: the same model as opt's printer, on stdout; the object is written.
// RUN: rm -f %t.o
// RUN: env POLYPROP_OPTIONS='print=scops' %clang -O2 -g -fpass-plugin=%polyprop -c %s -o %t.o | FileCheck %s
// RUN: test -s %t.o
// RUN: env POLYPROP_OPTIONS='print=detect,deps' %clang -O2 -g -fpass-plugin=%polyprop -c %s -o %t.o | FileCheck %s --check-prefix=DETECT-DEPS
// RUN: %clang -O2 -g -fpass-plugin=%polyprop -c %s -o %t.o 2>&1 | count 0
void clang_print(long n, float *restrict A, float *restrict B, const float *restrict in) {
  for (long i = 0; i < n; i++)
    A[i] = in[i] * 2.0f;
  for (long i = 1; i < n; i++)
    B[i] = A[i - 1] + A[i];
}
// CHECK: polyprop-scops: function clang_print, function body
// CHECK: parameters: [n]
// CHECK: S0 at {{.*}}clang_print.c:10:10
// CHECK-NEXT: domain: [n] -> { S0[i0] : n > 0 and 0 <= i0 < n }
// CHECK: write: [n] -> { S0[i0] -> A[i0] }
// CHECK: S1 at {{.*}}clang_print.c:12:10
// CHECK-NEXT: domain: [n] -> { S1[i0] : n >= 2 and 0 <= i0 <= -2 + n }
// CHECK: write: [n] -> { S1[i0] -> B[i0 + 1] }
// DETECT-DEPS: polyprop-detect: function clang_print
// DETECT-DEPS-NEXT: SCoP function body: 2 statements, 3 arrays
// DETECT-DEPS: polyprop-deps: function clang_print, function body
// DETECT-DEPS-NEXT: RAW S0.write A[i0] -> S1.read#0 A[i0]
