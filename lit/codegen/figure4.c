// Paper 003, Figure 4a end to end: S writes A[i] = (i+1)*i into a malloc'd temporary A, T reads
// A[2j] and A[2j-1]; after propagation T computes (2j+1)*2j - 2j*(2j-1) (Figure 4b) and A is
// gone. Built by clang-14 -O3 with and without the plugin: polyprop must transform it and both
// binaries must print bit-identical hashes of B, at N = 500 and at N = 1.
// RUN: %clang -O3 -march=native %s -o %t.naive
// RUN: env POLYPROP_OPTIONS=print=transform %clang -O3 -march=native -fpass-plugin=%polyprop %s -o %t.polyprop 2>&1 | FileCheck %s --check-prefix=TRANSFORM
// RUN: %t.naive > %t.naive.out
// RUN: %t.polyprop > %t.polyprop.out
// RUN: cmp %t.naive.out %t.polyprop.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.polyprop.out
// TRANSFORM: polyprop: function figure4, function body: transformed: {{[1-9][0-9]*}} temporaries removed
// OUTPUT: N=500 B {{[0-9a-f]+}}
// OUTPUT-NEXT: N=500 B[1] 4 B[500] 2000
// OUTPUT-NEXT: N=1 B {{[0-9a-f]+}}
#include "Inputs/harness.h"

void figure4(long N, long *B) {
  long *A = (long *)malloc(sizeof(long) * (2 * N + 1));
  for (long i = 1; i <= 2 * N; i++)
    A[i] = (i + 1) * i;           // S
  for (long j = 1; j <= N; j++)
    B[j] = A[2 * j] - A[2 * j - 1]; // T
  free(A);
}

int main(void) {
  long N = 500;
  long *B = (long *)calloc(N + 1, sizeof(long));
  figure4(N, B);
  harness_print("N=500 B", B, sizeof(long) * (N + 1));
  printf("N=500 B[1] %ld B[500] %ld\n", B[1], B[500]);
  long small[2] = {7, 7};
  figure4(1, small);
  harness_print("N=1 B", small, sizeof small);
  free(B);
  return 0;
}
