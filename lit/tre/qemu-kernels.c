// End to end (issue 19): PolyBench-style kernels run under QEMU with `polyprop profile
// --trace FILE:LINE`; every memory instruction of the traced lines gets its address stream,
// all in one file (OUTPUT.trace, one reference per instruction, named by line and pc), and
// `polyprop tre --check` reconstructs each one exactly: the lower-triangular loop with step 2
// as 2 loops, gemm's three references as 3 loops, the triangular solver's L[i][j] as 2 loops,
// jacobi-2d's reads as 3 loops.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g %s -o %t/kernels
// RUN: %polyprop-cli profile -o %t/k.profile --trace qemu-kernels.c:36 --trace qemu-kernels.c:44 --trace qemu-kernels.c:50 --trace qemu-kernels.c:57 dependences=off -- %t/kernels 2>&1 | FileCheck %s --check-prefix=WROTE
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: %polyprop-cli tre %t/k.profile.trace --check --json %t/tre.json > %t/tre.out
// RUN: FileCheck %s < %t/tre.out
// RUN: not grep -e '([1-9][0-9]* raw accesses)' -e '^pieces: [2-9]' %t/tre.out
// RUN: FileCheck %s --check-prefix=JSON < %t/tre.json
// WROTE: polyprop: traced qemu-kernels.c:36 (pc {{.*}}): 22650 accesses of 8 bytes
// WROTE: polyprop: wrote {{.*}}k.profile.trace ([[N:[0-9]+]] references); see: polyprop tre {{.*}}k.profile.trace --check
// WROTE: polyprop: wrote {{.*}}k.profile (program exited with exit status: 0)
// FILES-NOT: k.profile.{{[0-9a-f]+}}.trace
// FILES: k.profile.trace
// CHECK-DAG: // qemu-kernels.c:36 (pc {{.*}}): 22650 accesses of 8 bytes
// CHECK-DAG: for (j = 0; j <= floord(i, 2); j++)
// CHECK-DAG: // qemu-kernels.c:44 (pc {{.*}}): 262144 accesses of 8 bytes
// CHECK-DAG: // qemu-kernels.c:50 (pc {{.*}}): 4950 accesses of 8 bytes
// CHECK-DAG: // qemu-kernels.c:57 (pc {{.*}}): 9216 accesses of 8 bytes
// CHECK-NOT: not exact
// JSON: [{"reference":"qemu-kernels.c:36 (pc
// JSON-NOT: "exact":false
#include <stdio.h>
#define N 300
double A[N][N], B[64][64], C[64][64], D[64][64], L[100][100], x[100], J[50][50], K[50][50];

double lower_step_two(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j += 2)
      s += A[i][j];
  return s;
}

void gemm(void) {
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
        C[i][j] += B[i][k] * D[k][j];
}

void trisolv(void) {
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
}

void jacobi_2d(void) {
  for (int t = 0; t < 4; t++) {
    for (int i = 1; i < 49; i++)
      for (int j = 1; j < 49; j++)
        K[i][j] = 0.2 * (J[i][j] + J[i][j - 1] + J[i][j + 1] + J[i + 1][j] + J[i - 1][j]);
    for (int i = 1; i < 49; i++)
      for (int j = 1; j < 49; j++)
        J[i][j] = K[i][j];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i + j;
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 100; j++)
      L[i][j] = (i == j) ? 1.0 : 0.001 * (i + j);
  for (int i = 0; i < 100; i++)
    x[i] = i;
  gemm();
  trisolv();
  jacobi_2d();
  printf("%f %f %f %f\n", lower_step_two(), C[3][5], x[7], J[3][4]);
  return 0;
}
