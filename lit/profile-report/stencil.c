// polyprop profile report on a 2-D stencil that reads one array and writes another
// (`out[i][j] = in[i-1][j] + in[i+1][j] + ...`): no dependence between iterations, so the
// outer loop is parallel (and the inner one too); the accesses are already stride-1 along
// the inner loop: no interchange. isl's scheduler on the folded relations (the accesses of
// the blur's line one statement, no dependence inside the nest) gives one permutable band of
// two parallel members, no skew (stencil-time.c has the stencils in time).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/stencil
// RUN: %polyprop-cli profile -o %t/stencil.profile -- %t/stencil > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/stencil.profile --binary %t/stencil | FileCheck %s
// CHECK: nest at stencil.c:34: {{[0-9.]+}}% of the memory-access instances (19220)
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at stencil.c:34: 62 iterations in 1 entries; parallel
// CHECK-NEXT: loop at stencil.c:35: 3844 iterations in 62 entries; parallel
// CHECK: load stencil.c:36:{{[0-9]+}} x3844: stencil.c:34 +256 B, stencil.c:35 +4 B (stride-1)
// CHECK: dependences: none seen
// CHECK-NEXT: suggestions:
// CHECK-NOT: interchange
// CHECK-NEXT: loop at stencil.c:34 is parallel: run its iterations on threads
// CHECK-NEXT: loop at stencil.c:35 is parallel
// CHECK-NEXT: isl schedule on the profile: band of 2 members, permutable, parallel members: 1, 2
// CHECK-NEXT: from 5 of the nest's 5 instructions and 0 folded dependence(s)
// The initialization nest comes second.
// CHECK: nest at stencil.c:43: {{[0-9.]+}}% of the memory-access instances (4096)

#include <stdio.h>
#include <stdlib.h>

#define N 64
static float in[N][N], out[N][N];

__attribute__((noinline)) void blur(int n) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]) * 0.25f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  if (n > N)
    n = N;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      in[i][j] = (float)((i * 7 + j) % 13);
  blur(n);
  printf("%g\n", out[n / 2][n / 2]);
  return 0;
}
