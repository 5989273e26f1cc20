// polyprop profile report on a true recurrence along the inner loop,
// `a[i][j] = a[i][j-1] * 0.5f + b[i][j]` with long counters and flattened subscripts: the
// dependence from the store to the next iteration's load has distance (0, 1), so the inner
// loop carries it and the outer loop is parallel. The profile traces dependences through
// memory only: with the constant `j - 1`, LLVM's loop load elimination (at -O1 too) keeps
// a[i][j-1] in a register and no dependence is left in memory, so the lag is read at run
// time (1) and the load stays. isl's scheduler on the folded relations (the line's accesses
// one statement) gives one permutable band of 2 members, only the outer one parallel.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -g -march=x86-64-v3 %s -o %t/recurrence
// RUN: %polyprop-cli profile -o %t/recurrence.profile -- %t/recurrence 32 1 > /dev/null 2>&1
// RUN: %polyprop-cli profile report %t/recurrence.profile --binary %t/recurrence --json %t/recurrence.json | FileCheck %s
// CHECK: nest at recurrence.c:55: {{[0-9.]+}}% of the memory-access instances (4512)
// CHECK-NEXT: loops:
// CHECK-NEXT: loop at recurrence.c:55: 32 iterations in 1 entries; parallel
// CHECK-NEXT: loop at recurrence.c:56: 1504 iterations in 32 entries; carries 1 dependence(s), e.g. recurrence.c:57:{{[0-9]+}} -> recurrence.c:57:{{[0-9]+}}
// CHECK: dependences:
// CHECK-NEXT: read-after-write recurrence.c:57:{{[0-9]+}} -> recurrence.c:57:{{[0-9]+}}: carried by loop at recurrence.c:56, distance (0, 1) x1472
// CHECK-NEXT: suggestions:
// CHECK-NEXT: loop at recurrence.c:55 is parallel: run its iterations on threads
// CHECK-NOT: interchange
// CHECK-NOT: recurrence.c:56 is parallel
// CHECK: isl schedule on the profile: band of 2 members, permutable, parallel members: 1{{$}}
// CHECK-NEXT: from 3 of the nest's 3 instructions and 1 folded dependence(s)
// CHECK: nest at
//
// RUN: FileCheck %s --check-prefix=JSON < %t/recurrence.json
// JSON: "carried_by": "recurrence.c:56",
// JSON-NEXT: "distance": [
// JSON-NEXT: {
// JSON-NEXT: "min": 0,
// JSON-NEXT: "max": 0
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "min": 1,
// JSON-NEXT: "max": 1
// JSON: "isl_schedule": {
// JSON: "dependences": 1,
// JSON-NEXT: "non_affine_dependences": 0,
// JSON: "kind": "bands",
// JSON-NEXT: "bands": [
// JSON-NEXT: {
// JSON-NEXT: "depth": 0,
// JSON-NEXT: "members": 2,
// JSON-NEXT: "permutable": true,
// JSON-NEXT: "parallel_members": [
// JSON-NEXT: 1
// JSON-NEXT: ]

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void smooth_rows(long n, long m, long lag, float *a, const float *b) {
  for (long i = 0; i < n; i++)
    for (long j = lag; j < m; j++)
      a[i * m + j] = a[i * m + j - lag] * 0.5f + b[i * m + j];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 32, m = 48, lag = argc > 2 ? atol(argv[2]) : 1;
  float *a = calloc(n * m, sizeof(float)), *b = malloc(sizeof(float) * n * m);
  for (long k = 0; k < n * m; k++)
    b[k] = (float)(k % 5);
  smooth_rows(n, m, lag, a, b);
  printf("%g\n", a[n * m - 1]);
  free(a);
  free(b);
  return 0;
}
