// polyprop profile report on a 1-D prefix sum, `x[i] = x[i] + x[i-1]`: the loop carries a
// dependence of distance 1 from the store to the next iteration's load, so there is no
// parallel loop, and the report shows that dependence. As in recurrence.c, the lag is read at
// run time (1) so that LLVM does not keep x[i-1] in a register (the profile traces memory).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/prefix
// RUN: %polyprop-cli profile -o %t/prefix.profile -- %t/prefix 1000 1 > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/prefix.profile --binary %t/prefix | FileCheck %s
// CHECK: nest at prefix-sum.c:24: {{[0-9.]+}}% of the memory-access instances (2997)
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at prefix-sum.c:24: 999 iterations in 1 entries; carries 1 dependence(s), e.g. prefix-sum.c:25:{{[0-9]+}} -> prefix-sum.c:25:{{[0-9]+}}
// CHECK: dependences:
// CHECK-NEXT: read-after-write prefix-sum.c:25:{{[0-9]+}} -> prefix-sum.c:25:{{[0-9]+}}: carried by loop at prefix-sum.c:24, distance 1 x998
// CHECK-NEXT: suggestions:
// CHECK-NEXT: no parallel loop: dependence from prefix-sum.c:25:{{[0-9]+}} to prefix-sum.c:25:{{[0-9]+}} carried by loop prefix-sum.c:24 (distance 1)
// CHECK-NOT: prefix-sum.c:24 is parallel
// CHECK: nest at

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void prefix_sum(int n, int lag, float *x) {
  for (int i = lag; i < n; i++)
    x[i] = x[i] + x[i - lag];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, lag = argc > 2 ? atoi(argv[2]) : 1;
  float *x = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 3);
  prefix_sum(n, lag, x);
  printf("%g\n", x[n - 1]);
  free(x);
  return 0;
}
